"""torch's op families over tensors, one per module: views, indexing, reductions, statistics,
scans, selection, joining, matrices, comparisons, conversions, integer division, creation and
random sampling.  ``tensor.py`` attaches them to ``Tensor`` as methods; ``_namespace.py`` binds
them as ``torch.f``.
"""
