"""PyTorch's wording of the errors the engine raises, in one place, word for word."""

from __future__ import annotations

__all__ = ["ANOMALY_ON", "NO_GRAD", "SECOND_BACKWARD", "bad_call_arguments", "not_a_variable"]

SECOND_BACKWARD = (
    "Trying to backward through the graph a second time (or directly access saved tensors after "
    "they have already been freed). Saved intermediate values of the graph are freed when you call "
    ".backward() or autograd.grad(). Specify retain_graph=True if you need to backward through the "
    "graph a second time or if you need to access saved tensors after calling backward."
)
NO_GRAD = "element 0 of tensors does not require grad and does not have a grad_fn"
ANOMALY_ON = (
    "Anomaly Detection has been enabled. This mode will increase the runtime and should only "
    "be enabled for debugging."
)


def bad_call_arguments(count: int) -> str:
    """A node called with other than one gradient."""
    return f"expected 1 arguments, got {count} instead"


def not_a_variable(index: int = 0) -> str:
    return f"argument {index} is not a Variable"
