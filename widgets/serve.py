"""Serve the notebooks as Voila apps, opening on the shelf.

    python -m widgets.serve [--port 8866] [--Voila.ip=127.0.0.1] ...

It is plain Voila serving notebooks/ (the settings come from voila.json in the working
directory), except that "/" goes straight to the shelf; the file list stays at /voila/tree.
"""

from __future__ import annotations

import sys
from pathlib import Path

import tornado.web
from voila.app import Voila
from voila.tornado.treehandler import TornadoVoilaTreeHandler

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
SHELF = "voila/render/index.ipynb"


class HenchVoila(Voila):
    """Voila with "/" redirected to the shelf app."""

    def init_handlers(self) -> list:
        handlers = super().init_handlers()
        root = self.server_url.rstrip("/") + "/"
        out = []
        for handler in handlers:
            pattern, cls = handler[0], handler[1]
            if cls is TornadoVoilaTreeHandler and pattern.rstrip("/") + "/" == root:
                out.append((pattern, tornado.web.RedirectHandler, {"url": root + SHELF}))
            else:
                out.append(handler)
        return out


def main(argv: list[str] | None = None) -> None:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not any(not a.startswith("-") for a in argv):
        argv.append(str(NOTEBOOKS))
    HenchVoila.launch_instance(argv=argv)


if __name__ == "__main__":
    main()
