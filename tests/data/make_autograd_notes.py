"""Make tests/data/autograd_notes_cases.json with real PyTorch:

.venv/bin/python tests/data/make_autograd_notes.py > tests/data/autograd_notes_cases.json
"""

import json
import sys
import warnings
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from autograd_notes_cases import CASES, DTYPES

warnings.simplefilter("ignore")
print(json.dumps({f"{k}/{dt}": f(torch, dt) for k, f in CASES.items() for dt in DTYPES}, indent=1))
