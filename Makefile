# Motu: two commands on a fresh machine.
#   make run   — set up .venv and open the editor on the bundled Tahiti map
#   make test  — set up .venv and run the whole suite headless
# Also: make bench (budgets, printed as a table).

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
# The exact versions installed (Python 3.11 on Linux, what CI runs): `make lock` refreshes them.
LOCK   := constraints.txt
MAP    ?= $(firstword $(wildcard scenarios/tahiti.yaml) scenarios/example-hex.yaml)

.PHONY: run test bench screenshots setup system-libs tiled xvfb test-tools clean lock

# pip -qq: progress is ours, errors are pip's; its and setuptools' warnings stay out of the way.
PIP    := $(PY) -m pip install -qq --disable-pip-version-check
# Reinstalled when pyproject.toml or the lock changes.
$(STAMP): pyproject.toml $(LOCK)
	@test -x $(PY) || { echo "Creating $(VENV)…"; $(PYTHON) -m venv $(VENV); }
	@echo "Installing Motu and its dependencies into $(VENV) (a few minutes the first time)…"
	@$(PIP) --upgrade pip
	@$(PIP) -c $(LOCK) -e '.[test]'
	@touch $(STAMP)

setup: $(STAMP) system-libs

# Qt's offscreen platform still needs a few shared libraries that a bare Debian lacks.
system-libs:
	@bash tools/qt-system-libs.sh

# Tiled itself, for the Tiled export tests and bench (tools/install-tiled.sh says when it cannot).
tiled:
	@bash tools/install-tiled.sh

# A virtual X server (xvfb) for the GUI soak test and the screenshots, installed like Qt's libraries.
xvfb:
	@bash tools/xvfb.sh

run: setup
	@$(PY) -m motu.launch "$(MAP)"

# The readers the export tests use: rsvg-convert, pdftotext, desktop-file-validate, appstreamcli (tools/install-test-tools.sh).
test-tools:
	@bash tools/install-test-tools.sh

test: setup tiled xvfb test-tools
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest

bench: setup tiled
	QT_QPA_PLATFORM=offscreen $(PY) -m bench

# From a real X window (Xvfb), as users see the editor; offscreen only where no X server can be had.
screenshots: setup xvfb
	@if command -v xvfb-run >/dev/null 2>&1; then \
	  QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1600x1000x24" $(PY) tools/screenshots.py; \
	else QT_QPA_PLATFORM=offscreen $(PY) tools/screenshots.py; fi

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis

# The one-folder application in build/dist/motu/ (installer/motu.spec), then its headless smoke run.
.PHONY: installer
installer: setup
	@$(PIP) -c $(LOCK) -e '.[installer]'
	QT_QPA_PLATFORM=offscreen bash installer/build.sh $(PY)

# Refresh constraints.txt: every dependency and extra resolved anew for Python 3.11 on Linux
# (manylinux 2.34, as PySide6 6.11's wheels need), with uv installed into a throw-away folder.
lock:
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	  $(PYTHON) -m pip install -qq --disable-pip-version-check --target "$$tmp" uv && \
	  "$$tmp/bin/uv" pip compile --quiet pyproject.toml --all-extras --upgrade --python-version 3.11 \
	    --python-platform x86_64-manylinux_2_34 --annotation-style line --custom-compile-command "make lock" -o $(LOCK)
