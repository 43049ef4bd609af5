"""Every engine rule of the Henchmania catalogue is cited by at least one test here."""

import re
from pathlib import Path

import hench


def test_every_engine_rule_is_cited():
    cited = set()
    for path in Path(__file__).parent.glob("test_*.py"):
        for marker in re.finditer(r"mark\.rule\(([^)]*)\)", path.read_text(), re.S):
            cited |= set(re.findall(r"HM-\d{3}", marker.group(1)))
    engine = [r.id for r in hench.rules.for_game("henchmania") if r.tag == "engine"]
    assert len(engine) == 90
    assert [r for r in engine if r not in cited] == []
