# Anomaly mode names the backward node that produced nan.
import torch

x = torch.tensor(-1.0, requires_grad=True)
with torch.autograd.detect_anomaly():
    y = x.sqrt()
    try:
        y.backward()
    except Exception as e:
        print(type(e).__name__, e)
z = x.sqrt()
z.backward()
print(x.grad)
