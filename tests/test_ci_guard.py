"""In CI (CI=true) a skipped browser test must fail the run; outside CI it is only reported."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_without_chromium(ci: str) -> int:
    env = {**os.environ, "CI": ci, "HENCH_CHROMIUM": "/nonexistent/chromium"}
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/apps/test_browser.py", "-k", "index"]
    return subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300).returncode


def test_skipped_browser_test_fails_ci_only():
    assert run_without_chromium("true") == 1
    assert run_without_chromium("") == 0
