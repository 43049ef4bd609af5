"""The coach's strength bench (bench/coach_strength.py, issue 30) records each game and resumes: a second run with
the same key plays nothing again, and the table is built from the records."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(record: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "coach_strength.py", "--game", "huns", "--counts", "two", "--games", "2",
                           "--iterations", "4", "--jobs", "1", "--record", str(record), "--json"],
                          cwd=ROOT / "bench", capture_output=True, text=True, timeout=600,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


def test_the_bench_records_each_game_and_resumes(tmp_path):
    record = tmp_path / "strength.jsonl"
    first = run(record)
    assert first.returncode == 0, first.stderr
    rows = [json.loads(line) for line in record.read_text().splitlines()]
    assert sorted(r["k"] for r in rows) == [0, 1] and {r["seed"] for r in rows} == {1000, 1001}
    assert all(r["game"] == "huns" and r["players"] == 2 and 0 <= r["won"] <= 1 for r in rows)
    table = json.loads(first.stdout)["results"][0]
    assert table["games"] == 2 and table["wins"] == sum(r["won"] for r in rows)
    second = run(record)
    assert second.returncode == 0 and "2 games already recorded; 0 to play" in second.stderr
    assert len(record.read_text().splitlines()) == 2 and json.loads(second.stdout)["results"][0] == table
