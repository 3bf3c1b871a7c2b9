from tinygrad_edu import Value


def test_mul_backward_fills_both_inputs():
    a, b = Value(2.0), Value(-3.0)
    c = a * b
    c.backward()
    assert (c.data, a.grad, b.grad) == (-6.0, -3.0, 2.0)
