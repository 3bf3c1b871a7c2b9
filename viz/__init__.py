"""viz: pictures of the graph (SVG with Graphviz), terminal views (rich) and the command line.

>>> import viz
>>> from viz.demo import neuron
>>> o = neuron()
>>> o.backward()
>>> "MulBackward0" in viz.draw(o).source
True

graphviz and rich are imported only when something is drawn or printed, so ``import viz``
stays cheap.
"""

from .draw import Graph, draw
from .expr import ExprError, build, parse_vars
from .render import RenderError
from .tree import print_tree, tree_text

# `draw` is both a module and a function here: the import above binds the function last.
__all__ = [
    "ExprError",
    "Graph",
    "RenderError",
    "build",
    "draw",
    "parse_vars",
    "print_tree",
    "tree_text",
]
