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


# ipywidgets 8.1's page-side `get_model` waits up to 2 s for a widget model, then gives up without looking
# one last time. On a busy server the models arrive (a whole page restores at once) while the waiting
# loop's timer is late: the model is there, the loop's clock has run out, and the page shows "Error
# displaying widget: model not found" for good. Reproduced with four busy loops on two cores (about one
# cold page load in twelve) and seen in CI. The served script gets a longer wait and a last look; the
# file on disk is untouched, and a script that does not match is served as it is.
_GET_MODEL = re.compile(r'async get_model\((\w)\)\{let (\w)=this\._models\[\1\];if\(void 0===\2\)\{let (\w)=Date\.now\(\);'
                        r'for\(;Date\.now\(\)-\3<2e3;\)(\{.*?\})throw Error\("widget model not found"\)\}return \2\}')


def patch_get_model(script: str) -> str:
    """The widget manager's script with a 30 s wait and a last look before "model not found"."""
    def fixed(m: re.Match) -> str:
        e, t, o, body = m.groups()
        return (f"async get_model({e}){{let {t}=this._models[{e}];if(void 0==={t}){{let {o}=Date.now();"
                f"for(;Date.now()-{o}<3e4;){body}if(void 0!==({t}=this._models[{e}]))return {t};"
                f'throw Error("widget model not found")}}return {t}}}')
    return _GET_MODEL.sub(fixed, script, count=1)
