"""Files the pages load from the server itself, never from a CDN: plotly.js for the charts (loaded by
share/js/chart.js after the page has drawn its controls) and Font Awesome's CSS and fonts.

`handlers(base_url)` gives the routes; `python -m widgets.serve` and the JupyterHub single-user extension
add them, and any other Jupyter server of the environment (JupyterLab, Binder's Voila) loads them as a
server extension, enabled by the kit's install (etc/jupyter/jupyter_server_config.d/hench-assets.json).
"""

from __future__ import annotations

import gzip
import os
import re
from pathlib import Path

import tornado.web
from jupyter_server.auth.decorator import allow_unauthenticated
from tornado.ioloop import IOLoop

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


PACKABLE = (".js", ".mjs", ".css", ".svg", ".json", ".map", ".html", ".txt", ".ttf", ".eot", ".otf")
HASHED_NAME = re.compile(r"[.-][0-9a-f]{8,}\.[a-z0-9]+$")  # remoteEntry.698dcaf7.js, 84.09c61a35dce1705f.js


_PACKED: dict[tuple, bytes] = {}  # (handler, path, mtime, size) -> the file gzipped


def _pack(handler: type[tornado.web.StaticFileHandler], abspath: str, _mtime_ns: int, _size: int) -> bytes:
    """A file as its handler sends it (a patched script stays patched), gzipped."""
    content = handler.get_content(abspath)
    raw = content if isinstance(content, bytes) else b"".join(content)
    return gzip.compress(raw, compresslevel=6, mtime=0)


async def packed_body(handler: type[tornado.web.StaticFileHandler], abspath: str) -> bytes:
    """The file gzipped, compressed once per version of it, in a worker thread (the first visitor of a
    fresh server does not stall the others: a page's files take about 0.3 s of CPU to compress)."""
    stat = os.stat(abspath)
    key = (handler, abspath, stat.st_mtime_ns, stat.st_size)
    body = _PACKED.get(key)
    if body is None:
        body = await IOLoop.current().run_in_executor(None, _pack, *key)
        if len(_PACKED) >= 1024:  # old versions of files pile up only across upgrades: start again
            _PACKED.clear()
        _PACKED[key] = body
    return body


class PackedStatic(tornado.web.StaticFileHandler):
    """A static file handler that sends text files gzipped, compressed once and kept in memory, and lets the
    browser keep files whose address names their content.

    A page of the apps loads about 6.5 MB of scripts and styles (90-odd files), all text: gzipped they are
    about a quarter of that, which is what a class sharing one school network feels. Tornado's own
    `compress_response` would compress every file again for every visitor, on the one thread that serves
    the class; here each file is compressed once. A file whose address carries its content hash (`?v=<hash>`,
    or a hash in its name, as the widget extensions' chunks have; a subclass may say otherwise with
    `_versioned`, as serve.VoilaStaticHandler does for Voila's) is cached by the browser for a year
    (`immutable`): the next app the student opens loads it from the browser's cache without asking. Any
    other file is revalidated (`no-cache` with its ETag or date), so an upgrade never mixes versions.
    Switched off with the application setting `hench_pack_static=False` (the bench compares the two).
    """

    def _packing(self) -> bool:
        return (bool(self.settings.get("hench_pack_static", True)) and "Range" not in self.request.headers
                and "gzip" in self.request.headers.get("Accept-Encoding", "")
                and self.request.path.lower().endswith(PACKABLE))

    def _versioned(self) -> bool:
        return "v" in self.request.arguments or bool(HASHED_NAME.search(self.request.path))

    def compute_etag(self) -> str | None:
        tag = super().compute_etag()
        return tag[:-1] + '-gz"' if tag and self._packing() else tag

    def set_headers(self) -> None:
        super().set_headers()
        if not self.settings.get("hench_pack_static", True):
            return
        self.set_header("Cache-Control", "public, max-age=31536000, immutable" if self._versioned() else "no-cache")
        if self.request.path.lower().endswith(PACKABLE):
            self.set_header("Vary", "Accept-Encoding")
        if self._packing():
            self.set_header("Content-Encoding", "gzip")
            self.clear_header("Accept-Ranges")

    @allow_unauthenticated
    async def get(self, path: str, include_body: bool = True) -> None:
        if not self._packing():
            return await super().get(path, include_body)
        # StaticFileHandler.get without its Range handling, sending the gzipped file
        self.path = self.parse_url_path(path)
        absolute_path = self.get_absolute_path(self.root, self.path)
        self.absolute_path = self.validate_absolute_path(self.root, absolute_path)
        if self.absolute_path is None:
            return
        self.modified = self.get_modified_time()
        self.set_headers()
        if self.should_return_304():
            self.set_status(304)
            return
        body = await packed_body(type(self), self.absolute_path)
        self.set_header("Content-Length", len(body))
        if include_body:
            self.write(body)

    @allow_unauthenticated
    def head(self, path: str):
        return self.get(path, include_body=False)


class PlotlyHandler(PackedStatic):
    """plotly.js (the cartesian bundle) at its one address, gzipped once and kept in memory (1.5 MB becomes
    about 0.5 MB per visitor) and revalidated by ETag (PackedStatic)."""

    def initialize(self) -> None:  # type: ignore[override]
        super().initialize(path=str(plotly_js().parent))

    def parse_url_path(self, url_path: str) -> str:
        return plotly_js().name


def handlers(base_url: str = "/") -> list:
    """The routes; Font Awesome's only where `fontawesomefree` is installed (the `serve` extra: the hench page
    template uses it; Binder's plain Voila pages do not)."""
    root = base_url.rstrip("/") + "/"
    out: list = [(root + f"({re.escape(PLOTLY_ROUTE)})", PlotlyHandler)]
    try:
        out.append((root + FONTAWESOME_ROUTE + "(.*)", PackedStatic, {"path": str(fontawesome_dir())}))
    except ImportError:
        pass
    return out


def _jupyter_server_extension_points() -> list[dict]:
    return [{"module": "widgets.assets"}]


def _load_jupyter_server_extension(server_app) -> None:
    """In JupyterLab or a plain Jupyter server: the same routes, so charts draw there too."""
    web_app = server_app.web_app
    web_app.add_handlers(".*$", handlers(web_app.settings.get("base_url", "/")))
