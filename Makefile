# The two commands: `make run` serves the apps, `make test` runs every test. Both set up .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8866
HOST ?= 127.0.0.1

.PHONY: run test lint lab bench install clean strip check-notebooks site

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[serve,test,bench,site]"
	install -D -m 644 jupyter-config/jupyter_server_config.d/hench-assets.json $(VENV)/etc/jupyter/jupyter_server_config.d/hench-assets.json  # the charts' plotly.js route: an editable install skips data files
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	@echo "Serving the apps on http://$(HOST):$(PORT)/ (Ctrl-C to stop)"
	$(BIN)/python -m widgets.serve --no-browser --Voila.ip=$(HOST) --port=$(PORT) notebooks

lab: $(STAMP)
	$(BIN)/jupyter lab --ip=$(HOST) notebooks/index.ipynb

lint: $(STAMP)
	$(BIN)/ruff check hench widgets
	$(BIN)/mypy

test: $(STAMP) lint
	$(BIN)/python -m pytest tests
	$(BIN)/python -m pytest --nbval-lax -p no:randomly notebooks

bench: $(STAMP)
	@for script in bench/[!_]*.py; do echo "== $$script"; (cd bench && ../$(BIN)/python $$(basename $$script)) || exit 1; done

# The apps as a static site in site/ (Voici on Pyodide: they run in the visitor's browser); downloads cached in .cache/site.
site: $(STAMP)
	$(BIN)/python tools/site/build.py --output site

strip:
	$(BIN)/python tools/strip_notebooks.py notebooks

clean:
	rm -rf $(VENV) .pytest_cache artifacts
