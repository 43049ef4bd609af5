"""Fixes to third-party page scripts, applied as the server sends them (the files on disk are untouched).

Each fix matches the exact code it replaces; a script that does not match is sent as it is, and
tests/widgets/test_serve_patch.py checks that the installed versions match.
"""

from __future__ import annotations

import re

# anywidget 0.11 gives a widget's page-side runtime 2 s to start (load the widget's script, run its
# `initialize`), then fails it for good with "[anywidget] Failed to initialize model." On a busy
# server the page's main thread is starved for longer than that while a whole app restores at once, and
# the board never draws (seen in CI on the Lancaster Play app). A minute is still a bound.
_ANYWIDGET_INIT = re.compile(r'AbortSignal\.timeout\(2000\)(\.addEventListener\("abort",\s*function\(\)\s*\{\s*'
                             r'\w+\.reject\(new Error\("\[anywidget\] Failed to initialize model\."\)\))')


def patch_anywidget_init(script: str) -> str:
    """anywidget's runtime with a 60 s start-up bound instead of 2 s."""
    return _ANYWIDGET_INIT.sub(r"AbortSignal.timeout(60000)\1", script)
