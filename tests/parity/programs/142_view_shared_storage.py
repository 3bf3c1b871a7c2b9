# Views, .data and detach() share storage with their tensor: writing through one changes the other
# (the "Bridge"/views notes of https://pytorch.org/docs/stable/tensor_view.html)
import torch

t = torch.arange(6.0).reshape(2, 3)
v = t.view(6)
v[0] = 100.0
print(t)
r = t[1]
r.fill_(-1.0)
print(t)
c = t[:, 1]
c += 10
print(t)
tt = t.T
tt[0, 1] = 7.0
print(t)
print(
    v.data_ptr() == t.data_ptr(), c.data_ptr() == t.data_ptr(), t.clone().data_ptr() == t.data_ptr()
)
w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
w.data[1] = 20.0
print(w)
d = w.detach()
d[2] = 30.0
print(w, d)
d.zero_()
print(w, w.requires_grad, d.requires_grad)
u = t.unsqueeze(0)
u[0, 0, 2] = 55.0
print(t, u.shape)
e = torch.tensor([1.0, 2.0]).expand(3, 2)
print(e, e.stride())
