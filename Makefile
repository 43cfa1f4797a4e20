# `make run` and `make test` create .venv and install the project on first use.
# The stamp file makes the install idempotent: no network when pyproject.toml has not changed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test soak lint console clean postgres tesseract messages chromium

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# The language catalogs, compiled at install (bot/i18n.py compiles in memory any that is missing
# or older than its .po). `make messages` extracts every catalog's template (commands, the bot's
# `messages`, one per game) and merges it into every language, creating missing catalogs.
CATALOGS := $(patsubst %.po,%.mo,$(wildcard bot/locales/*/LC_MESSAGES/*.po))
%.mo: %.po $(STAMP)
	$(BIN)/pybabel -q compile -i $< -o $@

# `make messages DOMAINS="silver-lake messages"` does only those catalogs.
DOMAINS ?=
messages: $(STAMP)
	$(BIN)/python -m bot messages update $(foreach d,$(DOMAINS),--domain $(d))

run: $(STAMP) $(CATALOGS)
	$(BIN)/python -m bot run-or-console

# Breadth, within 10 minutes on two cores: every game, player count, mode and option value, the
# store on both backends, the bot end to end. The slowest tests are listed to keep it so.
test: $(STAMP) $(CATALOGS) postgres tesseract chromium
	$(BIN)/python -m pytest -q -n 2 --dist loadgroup -m "not slow" --durations=20
	$(BIN)/ruff check .

# Depth: 200 kit seeds per game, player count and mode (4 in `make test`), 20 rounds of the
# public-text kit (3), every prompt of normal bots' games laid out, the fuzzers' deep runs and
# the other tests marked slow.
soak: $(STAMP) postgres tesseract chromium
	KIT_SEEDS=$${KIT_SEEDS:-200} PUBLIC_SEEDS=$${PUBLIC_SEEDS:-20} $(BIN)/python -m pytest -q -n 2 --dist loadgroup

# The store tests run against a real PostgreSQL server that they start themselves from the
# server binaries (tests/pgserver.py). Install Debian's package where they are missing.
postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1 || { \
	  echo "Installing PostgreSQL (Debian package) for the store tests..."; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq postgresql >/dev/null; }

# The table-card OCR test (tests/test_table_card.py) reads each game's card scaled to a phone's
# 400 px with Tesseract. Install Debian's package where the binary is missing.
tesseract:
	@command -v tesseract >/dev/null 2>&1 || { \
	  echo "Installing Tesseract OCR (Debian package) for the table-card test..."; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq tesseract-ocr >/dev/null; }

# The web table's browser tests drive Debian's Chromium through Playwright (the pip package,
# pointed at /usr/bin/chromium: no browser is downloaded). Install the package where it is missing.
chromium:
	@test -x /usr/bin/chromium || { \
	  echo "Installing Chromium (Debian package) for the web table's browser tests..."; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; }

lint: $(STAMP)
	$(BIN)/ruff check .

console: $(STAMP)
	$(BIN)/python -m bot console

clean:
	rm -rf $(VENV) out .pytest_cache .ruff_cache
