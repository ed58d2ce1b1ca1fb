# Docent: `make demo` serves the example site with its guide; `make test` runs every test.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: demo test eval bench site chromium nginx clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $@

# Debian's Chromium for the browser tests; installed once, as root, when missing.
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" != 0 ]; then \
	    echo "The browser tests need Debian's chromium: run 'sudo apt-get install chromium', or make test as root."; exit 1; fi; \
	  echo "Installing Debian's chromium for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null; }

# Debian's nginx for the reverse-proxy tests (started by the tests themselves, on loopback); installed when missing.
nginx:
	@command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || { \
	  if [ "$$(id -u)" != 0 ]; then \
	    echo "The proxy tests need Debian's nginx: run 'sudo apt-get install nginx', or make test as root."; exit 1; fi; \
	  echo "Installing Debian's nginx for the proxy tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx >/dev/null; }

site: $(STAMP)
	$(BIN)/mkdocs build --strict

demo: site
	$(BIN)/docent serve --site site --bundle docent-bundle.json --enable --model offline --host $(HOST) --port $(PORT)

test: $(STAMP) chromium nginx
	$(BIN)/python -m pytest

eval: site
	$(BIN)/docent eval

bench: $(STAMP) chromium
	$(BIN)/python -m tests.bench

clean:
	rm -rf site docent-bundle.json .pytest_cache bench-results.json
