# Warroom — every install step the project needs is here, so a clean clone works.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.warroom-installed
ARGS   ?=

.PHONY: run test lint bench sample dist clean help

help:
	@echo "make run [ARGS=...]   open the editor on the bundled sample (installs into $(VENV) if needed)"
	@echo "make test             install if needed and run the test suite"
	@echo "make lint             ruff over the tree"
	@echo "make bench [NAME=x]   run the benchmarks (figures as JSON)"
	@echo "make sample           rebuild the bundled packs (world-1939, war-game-1942, hgw-barbarossa)"
	@echo "make dist             build a one-folder desktop app with PyInstaller"

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Reinstall when the project metadata changes or the venv was deleted.
$(STAMP): pyproject.toml setup.py | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[all,test,dev]"
	@touch $(STAMP)

run: $(STAMP)
	$(BIN)/warroom edit $(ARGS)

# pytest exits 5 when it collected no test: that is a failure too.
test: $(STAMP)
	@QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest $(ARGS); status=$$?; \
	if [ $$status -eq 5 ]; then echo "no tests were collected" >&2; exit 1; fi; exit $$status

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check gamecore editor tests

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m tests.benchmarks $(NAME) --json

sample: $(STAMP)
	$(BIN)/python -m tools.sample_world resources/samples/world-1939.warroom
	$(BIN)/python -m tools.war_game_board resources/samples/war-game-1942.warroom
	$(BIN)/python -m tools.hgw_board resources/samples/hgw-barbarossa.warroom
	$(BIN)/python -m tools.hgw_board.campaign resources/samples/hgw-campaign.warroom

dist: $(STAMP)
	$(BIN)/python -m PyInstaller --noconfirm --clean --distpath dist --workpath build/pyinstaller packaging/warroom.spec
	QT_QPA_PLATFORM=offscreen dist/warroom/warroom --version
	QT_QPA_PLATFORM=offscreen dist/warroom/warroom edit --screenshot build/dist-smoke.png
	# playtests with worker processes, forked and spawned (the spawn path needs the
	# entry point's multiprocessing.freeze_support())
	QT_QPA_PLATFORM=offscreen dist/warroom/warroom playtest resources/samples/world-1939.warroom \
		--scenario 1939 --games 2 --jobs 2 --max-rounds 2 --fresh --results build/dist-playtest.jsonl
	QT_QPA_PLATFORM=offscreen WARROOM_START_METHOD=spawn dist/warroom/warroom playtest \
		resources/samples/world-1939.warroom --scenario 1939 --games 2 --jobs 2 --max-rounds 2 \
		--fresh --results build/dist-playtest-spawn.jsonl

clean:
	rm -rf build dist .pytest_cache
