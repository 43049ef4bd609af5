"""Files the pages load from the server itself, never from a CDN: plotly.js for the charts (loaded by
share/js/chart.js after the page has drawn its controls) and Font Awesome's CSS and fonts.

`handlers(base_url)` gives the routes; `python -m widgets.serve` and the JupyterHub single-user extension
add them, and any other Jupyter server of the environment (JupyterLab, Binder's Voila) loads them as a
server extension, enabled by the kit's install (etc/jupyter/jupyter_server_config.d/hench-assets.json).
"""

from __future__ import annotations

import functools
import gzip
import hashlib
from pathlib import Path

import tornado.web

PLOTLY_ROUTE = "hench/plotly/plotly.min.js"
FONTAWESOME_ROUTE = "hench/fontawesome/"


PLOTLY_BUNDLE = Path(__file__).resolve().parent / "share" / "js" / "plotly" / "plotly-cartesian.min.js"


def plotly_js() -> Path:
    """plotly.js for the charts: the cartesian partial bundle (every trace type widgets.plot writes), the same
    version the `plotly` package ships in full (share/js/plotly/README.md)."""
    return PLOTLY_BUNDLE


def plotly_full_js() -> Path:
    """The whole plotly.js as the `plotly` package ships it (to check the bundle's version against)."""
    import plotly

    return Path(plotly.__file__).resolve().parent / "package_data" / "plotly.min.js"


def fontawesome_dir() -> Path:
    """Font Awesome's CSS and fonts from the `fontawesomefree` package (the page used to load them from a CDN)."""
    import fontawesomefree

    return Path(fontawesomefree.__file__).resolve().parent / "static" / "fontawesomefree"


@functools.lru_cache(maxsize=1)
def _plotly_bytes() -> tuple[bytes, bytes, str]:
    raw = plotly_js().read_bytes()
    return raw, gzip.compress(raw, compresslevel=6, mtime=0), hashlib.sha256(raw).hexdigest()[:20]


class PlotlyHandler(tornado.web.RequestHandler):
    """plotly.js, gzipped once and kept in memory (1.5 MB becomes about 0.5 MB per visitor), revalidated by ETag."""

    def compute_etag(self) -> str | None:
        return None  # set by hand below, from the file's content

    def get(self) -> None:
        raw, packed, tag = _plotly_bytes()
        self.set_header("Content-Type", "text/javascript; charset=utf-8")
        self.set_header("Cache-Control", "public, max-age=3600")
        self.set_header("ETag", f'"{tag}"')
        self.set_header("Vary", "Accept-Encoding")
        if self.request.headers.get("If-None-Match", "").strip() == f'"{tag}"':
            self.set_status(304)
            return
        if "gzip" in self.request.headers.get("Accept-Encoding", ""):
            self.set_header("Content-Encoding", "gzip")
            self.finish(packed)
        else:
            self.finish(raw)


def handlers(base_url: str = "/") -> list:
    """The routes; Font Awesome's only where `fontawesomefree` is installed (the `serve` extra: the hench page
    template uses it; Binder's plain Voila pages do not)."""
    root = base_url.rstrip("/") + "/"
    out: list = [(root + PLOTLY_ROUTE, PlotlyHandler)]
    try:
        out.append((root + FONTAWESOME_ROUTE + "(.*)", tornado.web.StaticFileHandler, {"path": str(fontawesome_dir())}))
    except ImportError:
        pass
    return out


def _jupyter_server_extension_points() -> list[dict]:
    return [{"module": "widgets.assets"}]


def _load_jupyter_server_extension(server_app) -> None:
    """In JupyterLab or a plain Jupyter server: the same routes, so charts draw there too."""
    web_app = server_app.web_app
    web_app.add_handlers(".*$", handlers(web_app.settings.get("base_url", "/")))
