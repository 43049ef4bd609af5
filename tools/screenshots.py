"""Retake the README's pictures (docs/*.png) from the served apps, in headless Chromium.

    .venv/bin/python tools/screenshots.py            # every picture
    .venv/bin/python tools/screenshots.py shelf      # one of them

- docs/shelf.png: the shelf (notebooks/index.ipynb);
- docs/tour-<game>.png: each game's Learn page, its tour at step 2 with the learner's move made;
- docs/coach.png: Henchmania's Play table with the coach's hint open.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from widgets.serve import CHROMIUM, CHROMIUM_ARGS, running_server  # noqa: E402

DOCS = ROOT / "docs"
GAMES = ("henchmania", "huns", "hemloch", "maniacal", "lancaster")
WAIT = 240_000


def shelf(page, base: str) -> None:
    page.goto(f"{base}/voila/render/index.ipynb", timeout=WAIT)
    page.wait_for_selector(".hench-card", timeout=WAIT)
    page.wait_for_timeout(1500)
    page.screenshot(path=str(DOCS / "shelf.png"), full_page=False)


def tour(page, base: str, game: str) -> None:
    page.goto(f"{base}/voila/render/{game}/01-learn.ipynb", timeout=WAIT)
    page.wait_for_selector(".hench-tour .hench-game", timeout=WAIT)
    tour = page.locator(".hench-tour").first
    before = tour.inner_text()
    tour.get_by_role("button", name="Next ▶").click()
    page.wait_for_function("([el, old]) => el.innerText !== old", arg=[tour.element_handle(), before], timeout=WAIT)
    moves = tour.locator(".hench-game .hench-moves button:visible")
    if moves.count():
        before = tour.inner_text()
        moves.first.click()
        page.wait_for_function("([el, old]) => el.innerText !== old", arg=[tour.element_handle(), before], timeout=WAIT)
    page.wait_for_timeout(1000)
    tour.screenshot(path=str(DOCS / f"tour-{game}.png"))


def coach(page, base: str) -> None:
    page.goto(f"{base}/voila/render/henchmania/03-play.ipynb", timeout=WAIT)
    page.wait_for_selector(".hench-coach", timeout=WAIT)
    page.locator(".hench-coach button", has_text="Hint").first.click()
    page.wait_for_selector(".hench-hint", timeout=WAIT)
    page.locator(".hench-sources summary").first.click()  # open "where the points come from"
    page.wait_for_timeout(800)
    page.locator(".hench-game").first.screenshot(path=str(DOCS / "coach.png"))


def main(argv: list[str]) -> int:
    from playwright.sync_api import sync_playwright

    wanted = set(argv) or {"shelf", "coach", *GAMES}
    with running_server("--VoilaKernelManager.kernel_pools_config={'default': {'pool_size': 0}}",
                        "--HenchVoila.max_pending_per_client=0", "--HenchVoila.max_pages_per_client=0") as (base, _proc), \
            sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for name in sorted(wanted):
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            if name == "shelf":
                shelf(page, base)
            elif name == "coach":
                coach(page, base)
            elif name in GAMES:
                tour(page, base, name)
            page.close()
            print(f"took {name}", flush=True)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
