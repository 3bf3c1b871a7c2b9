"""``python -m viz.cli``: the command line, run through the package's own ``main``."""

import sys

from viz.cli import main

sys.exit(main())
