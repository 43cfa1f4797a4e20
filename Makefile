# `make run` and `make test` create .venv and install the project on first use.
# The stamp file makes the install idempotent: no network when pyproject.toml has not changed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test soak lint console clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python -m bot run-or-console

test: $(STAMP)
	$(BIN)/python -m pytest -q -n 2 --dist loadgroup -m "not slow"
	$(BIN)/ruff check .

# Depth: 200 kit seeds per game, player count and mode, plus the long fuzz and soak tests.
soak: $(STAMP)
	KIT_SEEDS=$${KIT_SEEDS:-200} $(BIN)/python -m pytest -q -n 2 --dist loadgroup

lint: $(STAMP)
	$(BIN)/ruff check .

console: $(STAMP)
	$(BIN)/python -m bot console

clean:
	rm -rf $(VENV) out .pytest_cache .ruff_cache
