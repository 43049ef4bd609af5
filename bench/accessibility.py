"""The accessibility audit (issue 31): axe-core (bundled by axe-playwright-python) run on every app, as it
opens and again after a first move (a button of the page pressed and answered), in headless Chromium.

Prints one row per app: the violations by impact (critical, serious, moderate, minor) and the rules behind
the serious and critical ones, and, with --json, every violation's rule, impact and node count.
    python bench/accessibility.py [--apps huns/03-play.ipynb,...] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter

from _apps import WIDGET_SELECTOR, browser, notebooks, served

IMPACTS = ("critical", "serious", "moderate", "minor")


def audit(page) -> list[dict]:
    from axe_playwright_python.sync_playwright import Axe

    result = Axe().run(page)
    return [{"id": v["id"], "impact": v.get("impact") or "minor", "nodes": len(v.get("nodes", [])), "help": v["help"],
             "where": [_where(node) for node in v.get("nodes", [])]}
            for v in result.response["violations"]]


def _where(node: dict) -> str:
    """One failing node in short: its selector, and for a contrast failure the colours and the ratio."""
    target = " ".join(str(t) for t in node.get("target", []))
    data = next((c.get("data") for c in node.get("any", []) if isinstance(c.get("data"), dict)), None) or {}
    colours = f" {data.get('fgColor')} on {data.get('bgColor')} = {data.get('contrastRatio')}" if "fgColor" in data else ""
    return f"{target}{colours} :: {node.get('html', '')[:160]}"


def first_move(page) -> bool:
    """Press the first move button of the page's first table (else the page's first enabled button not already pressed;
    on the shelf, search its rules) and wait for the answer."""
    buttons = page.locator(".hench-game .hench-moves button:visible")
    if not buttons.count():
        buttons = page.locator(".jupyter-widgets button:not([disabled]):not(.mod-active):visible")
    before = page.inner_text("body")
    if buttons.count():
        buttons.first.click(timeout=60_000)
    elif page.locator(".jupyter-widgets input[type=text]").count():  # the shelf: a search of the rules
        page.fill(".jupyter-widgets input[type=text]", "duel")
    else:
        return False
    try:
        page.wait_for_function("old => document.body.innerText !== old", arg=before, timeout=60_000)
    except Exception:
        return False
    return True


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--apps", default="", help="comma-separated notebooks (default: every app)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    apps = [a for a in args.apps.split(",") if a] or notebooks()
    rows = []
    with served("--HenchVoila.max_pending_per_client=0", "--HenchVoila.max_pages_per_client=0",
                "--VoilaKernelManager.kernel_pools_config={'default': {'pool_size': 0}}") as (base, _proc), browser() as b:
        for app in apps:
            page = b.new_page(viewport={"width": 1280, "height": 1200})
            try:
                page.goto(f"{base}/voila/render/{app}", timeout=240_000)
                page.wait_for_selector(WIDGET_SELECTOR, timeout=240_000)
                page.wait_for_timeout(1500)
                at_load = audit(page)
                moved = first_move(page)
                after = audit(page) if moved else []
            finally:
                page.close()
            rows.append({"app": app, "load": at_load, "after_move": after, "moved": moved})
            print(f"  audited {app}", file=sys.stderr, flush=True)
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    print(f"{'app':32} {'when':10} " + " ".join(f"{i:>9}" for i in IMPACTS) + "  serious and critical rules")
    for row in rows:
        for when in ("load", "after_move"):
            found = row[when]
            if when == "after_move" and not row["moved"]:
                continue
            counts = Counter()
            for v in found:
                counts[v["impact"]] += v["nodes"]
            bad = sorted({v["id"] for v in found if v["impact"] in ("critical", "serious")})
            print(f"{row['app']:32} {when:10} " + " ".join(f"{counts[i]:>9}" for i in IMPACTS) + "  " + ", ".join(bad))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
