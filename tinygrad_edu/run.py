"""``python -m tinygrad_edu.run PROGRAM.py [ARGS]``: a PyTorch program, run with ``torch`` and
every ``torch.*`` import bound to tinygrad_edu (``tinygrad-edu run`` is the same).

Only for ``python -m``: nothing imports this module, so ``import tinygrad_edu as torch`` has no
``torch.run`` (the hook itself lives in ``tinygrad_edu._as_torch``).
"""

from __future__ import annotations

import sys

from ._as_torch import main

if __name__ == "__main__":
    sys.exit(main())
