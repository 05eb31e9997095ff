# Quick start: `make run` (main job on the embedded default) and `make test` (the test suite).
# Each target does its own set-up on a fresh machine: a .venv is created if missing and the
# project is installed into it. llama-cpp-python comes from tools/build_llama.py: a portable
# wheel (no AMX, no -march=native) built once per CPU level and cached in
# ~/.cache/cabin-twin/wheels, never from pip's wheel cache.
PYTHON ?= python3.11
VENV ?= .venv
BIN := $(VENV)/bin
ARGS ?=
SILERO_VAD := silero-vad==6.2.3

.PHONY: run test lint bench clean doctor mutate

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.llama: tools/build_llama.py tools/llama_no_common.cmake | $(BIN)/python
	$(BIN)/python tools/build_llama.py --python $(BIN)/python
	touch $@

$(VENV)/.installed: pyproject.toml setup.py $(VENV)/.llama
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml setup.py $(VENV)/.llama
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	$(BIN)/python -m pip install --quiet --no-deps "$(SILERO_VAD)"
	touch $@ $(VENV)/.installed $(VENV)/.installed-capture

# the real capture stage's packages (not needed by `make run`'s default scenario): the
# `capture` extra, and Silero VAD's ONNX model from `silero-vad` without its dependencies
# (it declares torch, which would pull a CUDA build; the model runs on onnxruntime)
$(VENV)/.installed-capture: pyproject.toml setup.py $(VENV)/.installed
	$(BIN)/python -m pip install --quiet -e ".[capture]"
	$(BIN)/python -m pip install --quiet --no-deps "$(SILERO_VAD)"
	touch $@

run: $(VENV)/.installed
	$(BIN)/twin run $(ARGS)

# twin doctor first, so a test log shows the machine (its verdict does not stop the tests)
doctor: $(VENV)/.installed
	-$(BIN)/twin doctor

test: $(VENV)/.installed-dev doctor
	$(BIN)/python -m pytest $(ARGS)

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .

# mutation testing of the verdict and safety-limit code ([tool.mutmut] in pyproject.toml);
# results: $(BIN)/mutmut results. Not part of `make test`: it takes tens of minutes on 2 cores.
mutate: $(VENV)/.installed-dev
	$(BIN)/python -m pip install --quiet "mutmut==3.8.1"
	$(BIN)/mutmut run --max-children 2 $(ARGS)

bench: $(VENV)/.installed
	$(BIN)/twin bench $(ARGS)

clean:
	rm -rf $(VENV) out .pytest_cache .hypothesis mutants
