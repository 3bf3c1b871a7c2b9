"""Settings every test run shares.

Every PyTorch this suite runs, in this process or in the programs it starts, uses its AVX2
kernels (``torch_kernels.py``), so a run on either kind of machine compares like with like.
"""

import importlib.util

import torch_kernels

torch_kernels.pin()


# A quiet run: pytest marks each test with a letter (. s x), and a run of this size fills
# hundreds of lines with them.  Here only failures and errors are marked; the closing line
# still counts passes, skips and xfails.  `--progress` (or -v) puts the letters back, and
# `-rsx` (make test WHY=1) lists the skip and xfail reasons.
def pytest_addoption(parser):
    parser.addoption(
        "--progress",
        action="store_true",
        help="print pytest's letter for every test (. s x), not only for failures and errors",
    )


import pytest  # noqa: E402


@pytest.hookimpl(tryfirst=True)
def pytest_report_teststatus(report, config):
    if config.getoption("progress") or config.get_verbosity() > 0:
        return None
    if hasattr(report, "wasxfail"):
        return ("xfailed", "", "XFAIL") if report.skipped else None
    if report.skipped:
        return "skipped", "", "SKIPPED"
    if report.passed and report.when == "call":
        return "passed", "", "PASSED"
    return None


# Without torch the PyTorch comparisons (marker ``parity``, ``make parity``) cannot run: they
# are left out at collection, counted as deselected, instead of each one started to be skipped
# (nine thousand skips cost about a minute of a plain `make test`).
def pytest_collection_modifyitems(config, items):
    if importlib.util.find_spec("torch") is not None:
        return
    keep, drop = [], []
    for item in items:
        (drop if item.get_closest_marker("parity") is not None else keep).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep
