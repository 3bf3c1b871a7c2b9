# Two commands do all the set-up on a fresh machine with Python and make: `make demo`, `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
READY := $(VENV)/.ready
PARITY := $(VENV)/.parity
DEMO := $(VENV)/.demo

SITE_NPM := web/node_modules/.installed

.PHONY: demo test slow parity torch-files bench lint format clean site site-test

$(READY): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(READY)

# the demo needs the package alone, not the test tools
$(DEMO): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $(DEMO)

$(PARITY): $(READY)
	$(PY) -m pip install --quiet -e '.[dev,parity]'
	touch $(PARITY)

demo: $(DEMO)
	$(VENV)/bin/tinygrad-edu demo

test: $(READY)
	$(PY) -m ruff check .
	$(PY) -m pytest -q -n auto -m "not slow" $(if $(WHY),-rsx)

# The long runs: thousands of fuzzed command lines and expressions, the 10^4-step views.
slow: $(READY)
	$(PY) -m pytest -q -n auto -m "slow and not parity and not site"

# The zero-install classroom: every lesson, the playground and the README's examples as static
# pages over Pyodide (Python in wasm) in site/, nothing fetched at run time. The npm packages
# (pyodide, @viz-js/viz) come from web/package-lock.json, the browser's PyPI wheels from
# web/requirements-browser.txt (pinned with hashes), the project's wheel from this tree.
site: $(READY) $(SITE_NPM)
	$(PY) web/build_site.py --out site

$(SITE_NPM): web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# The site built, served on 127.0.0.1 and run in headless Chromium (tests/test_site_browser.py).
site-test: $(READY)
	$(PY) -m pytest -q -m site tests/test_site_browser.py

parity: $(PARITY)
	$(PY) tests/api_misuse/regen.py
	$(PY) -m pytest -q -m parity

# Remake tests/data/torch_files (files real PyTorch saved, loaded by the plain tests) and commit them.
torch-files: $(PARITY)
	$(PY) tests/torch_files.py

bench: $(READY)
	$(PY) bench/chain.py
	$(PY) bench/release.py
	$(PY) bench/train_step.py
	$(PY) bench/nodes.py
	$(PY) bench/draw.py
	$(PY) bench/matmul.py
	$(PY) bench/float32.py
	$(PY) bench/float32_tensor_op.py
	$(PY) bench/random_draws.py
	$(PY) bench/poly_step.py
	$(PY) bench/big_tensor.py
	$(PY) bench/startup.py

lint: $(READY)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

format: $(READY)
	$(PY) -m ruff format .

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache
