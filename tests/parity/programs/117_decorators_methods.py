# Grad-mode decorators on methods and nested functions of a tiny model class.
import torch


class Line:
    def __init__(self):
        self.w = torch.tensor(2.0, requires_grad=True)
        self.b = torch.tensor(-1.0, requires_grad=True)

    def __call__(self, x):
        return self.w * x + self.b

    @torch.no_grad()
    def predict(self, x):
        return self(x)

    @torch.set_grad_enabled(False)
    def predict2(self, x):
        return self(x)

    @torch.no_grad()
    def step(self, lr):
        for p in (self.w, self.b):
            p -= lr * p.grad
            p.grad = None


m = Line()
x = torch.tensor([0.0, 1.0, 2.0])
y = torch.tensor([1.0, 3.0, 5.0])
print(m.predict(x), m.predict2(x), torch.is_grad_enabled())
for epoch in range(4):
    loss = ((m(x) - y) ** 2).mean()
    loss.backward()
    m.step(0.1)
    print(epoch, loss, m.w, m.b)
print(m(x))
