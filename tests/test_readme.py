"""The README's examples run as written, in a clean interpreter (no test fixtures registered)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_readme_examples():
    assert (ROOT / "README.md").read_text().count(">>> ") >= 10
    run = subprocess.run([sys.executable, "-m", "doctest", "-o", "NORMALIZE_WHITESPACE", "README.md"],
                         cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
