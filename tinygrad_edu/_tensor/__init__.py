"""The tensor layer: ``Tensor`` (a view over a storage of Values), its dtypes and shapes, its
``grad_fn`` nodes, its backward pass, and torch's op families in ``ops/``.

Private, as PyTorch's ``torch/_tensor.py`` is: ``import tinygrad_edu as torch`` shows the names
(``torch.tensor``, ``torch.Tensor``, ``torch.float32``), not these modules.  It imports the core
(``tinygrad_edu.core``) and the numerics (``tinygrad_edu._torch_cpu``), and
``tinygrad_edu.autograd``, as ``torch/_tensor.py`` calls ``torch.autograd.backward``.
"""
