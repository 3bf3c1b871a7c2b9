# next_functions: constants and Python numbers give (None, 0) slots, numbers always second.
import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
k = torch.tensor([3.0, 4.0])


def slots(t):
    return [None if f is None else type(f).__name__ for f, _ in t.grad_fn.next_functions]


print("a*k", slots(a * k))
print("k*a", slots(k * a))
print("a*3.", slots(a * 3.0))
print("3.*a", slots(3.0 * a))
print("a+1", slots(a + 1))
print("0+a", slots(0 + a))
print("1-a", slots(1 - a))
print("a**2", slots(a**2))
print("2**a", slots(2**a))
print("-a", slots(-a))
print("a.exp()", slots(a.exp()))
print("2/a", slots(2 / a))
print(
    "2/a inner", [type(f).__name__ for f, _ in (2 / a).grad_fn.next_functions[0][0].next_functions]
)
x = torch.tensor(1.5, requires_grad=True)
print("(x*2).detach()*x", slots((x * 2).detach() * x))
print(all(i == 0 for _, i in (a * k + a).grad_fn.next_functions))
