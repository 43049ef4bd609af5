"""Shared fixtures. The tiny fixture game is registered here so the core is tested on its own too."""

from __future__ import annotations

import logging
import os

import pytest

import hench
from hench.core import declare

declare("tinypig", "tests.fixtures.tinypig")  # the template game, registered on first use like every game

IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium (Debian's, or $HENCH_CHROMIUM) for the browser tests; one per test module."""
    from tests.apps.server import CHROMIUM, CHROMIUM_ARGS, have_chromium

    if not have_chromium():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium, or set HENCH_CHROMIUM)")
    sync_playwright = pytest.importorskip("playwright.sync_api").sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def no_callback_errors(caplog):
    """Fails a widget test if any handler logged an error (ipywidgets swallows callback exceptions)."""
    caplog.set_level(logging.WARNING)
    yield caplog
    bad = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not bad, "callback errors were logged: " + "; ".join(r.getMessage() for r in bad)


def pytest_collection_modifyitems(config, items):
    # Every rule ID cited by @pytest.mark.rule must exist in a catalogue (or the fixture's own rules).
    fixture_ids = {r.id for r in hench.get_game("tinypig").rules}
    for item in items:
        for mark in item.iter_markers("rule"):
            for rule_id in mark.args:
                if not (hench.rules.exists(rule_id) or rule_id in fixture_ids):
                    raise pytest.UsageError(f"{item.nodeid} cites unknown rule {rule_id!r}")


_SKIPPED_APP_TESTS: list[str] = []


def pytest_runtest_logreport(report):
    if report.skipped and ("browser" in report.keywords or "server" in report.keywords):
        _SKIPPED_APP_TESTS.append(report.nodeid)


def pytest_sessionfinish(session, exitstatus):
    # In CI a skipped browser or server test is a failure: the run must really have used them.
    if IN_CI and _SKIPPED_APP_TESTS and session.exitstatus == 0:
        session.exitstatus = 1


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if IN_CI and _SKIPPED_APP_TESTS:
        terminalreporter.write_line(f"CI: {len(_SKIPPED_APP_TESTS)} browser/server tests were skipped, so this run fails: "
                                    + ", ".join(_SKIPPED_APP_TESTS[:5]), red=True)
