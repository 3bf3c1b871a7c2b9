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

import importlib as _importlib
import sys as _sys
import types as _types

# PEP 562: each name loads its module on first use, so that ``import viz`` (and the command
# line, whose modules are viz's) loads only what is used: ``tinygrad-edu tree`` needs neither
# the pictures nor the stepper.
_WHERE = {
    "Graph": "draw",
    "draw": "draw",
    "ExprError": "expr",
    "build": "expr",
    "parse_vars": "expr",
    "draw_dot": "micrograd",
    "in_notebook": "notebook",
    "show": "showing",
    "RenderError": "render",
    "Stepper": "stepper",
    "stepper": "stepper",
    "write_frames": "stepper",
    "write_html": "stepper",
    "Trace": "trace",
    "trace": "trace",
    "print_trace": "trace_view",
    "print_tree": "tree",
    "tree_text": "tree",
}


def __getattr__(name: str) -> object:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module 'viz' has no attribute {name!r}")
    value = getattr(_importlib.import_module(f"{__name__}.{where}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE})


class _Viz(_types.ModuleType):
    # ``viz.draw``, ``viz.trace``, ``viz.stepper`` are functions named as their modules: the
    # import system, loading such a module, would set the package's attribute to the module
    def __setattr__(self, name: str, value: object) -> None:
        if name in _WHERE and isinstance(value, _types.ModuleType):
            return
        super().__setattr__(name, value)


_sys.modules[__name__].__class__ = _Viz


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
