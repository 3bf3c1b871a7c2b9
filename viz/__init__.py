"""viz: pictures of the graph (SVG with Graphviz), terminal views (rich) and the command line.

>>> import viz
>>> from viz.demo import neuron
>>> o = neuron()
>>> t = viz.trace(o)  # runs backward, recording each step of the chain rule
>>> "MulBackward0" in viz.draw(o).source, t.steps[0].grad_fn
(True, 'TanhBackward0')

Other engines' graphs are drawn, printed and traced the same way: a real PyTorch tensor, and
any micrograd-shaped value (a student's own Value, Karpathy's ``micrograd`` package); see
``viz.engines``.  graphviz and rich are imported only when something is drawn or printed, so
``import viz`` stays cheap (and torch never, unless a PyTorch tensor is handed in).
"""

from .draw import Graph, draw
from .expr import ExprError, build, parse_vars
from .micrograd import draw_dot
from .notebook import in_notebook
from .render import RenderError
from .showing import show
from .stepper import Stepper, stepper, write_frames, write_html
from .trace import Trace, trace
from .trace_view import print_trace
from .tree import print_tree, tree_text

# `draw` and `trace` are modules and functions here: the imports above bind the functions
# last, so `viz.trace(root)` works; reach the modules with `from viz.trace import ...`.
__all__ = [
    "ExprError",
    "Graph",
    "RenderError",
    "Stepper",
    "Trace",
    "build",
    "draw",
    "draw_dot",
    "in_notebook",
    "parse_vars",
    "print_trace",
    "print_tree",
    "show",
    "stepper",
    "trace",
    "tree_text",
    "write_frames",
    "write_html",
]
