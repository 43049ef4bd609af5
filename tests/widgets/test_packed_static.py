"""Static files sent gzipped (compressed once) and cached by the browser when their address names their
content (widgets.assets.PackedStatic), on every static route the apps' pages load from."""

from __future__ import annotations

import gzip
import os

import tornado.testing
import tornado.web

from widgets import assets

SCRIPT = ("function hello(name) { return 'hello ' + name; }\n" * 400).encode()


def _serve(routes: list, check, **settings) -> None:
    """Serve `routes` in a Tornado test server, then run check(case) (case.fetch asks it)."""

    class Case(tornado.testing.AsyncHTTPTestCase):
        def get_app(self):
            return tornado.web.Application(routes, **settings)

        def runTest(self):
            check(self)

    case = Case()
    case.setUp()
    try:
        case.runTest()
    finally:
        case.tearDown()


def _run(files: dict[str, bytes], tmp_path, check, **settings) -> None:
    """Serve `files` from tmp_path through PackedStatic at /s/, then run check(case)."""
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    _serve([("/s/(.*)", assets.PackedStatic, {"path": str(tmp_path)})], check, **settings)


def _get(case, path: str, encoding: str = "gzip", **headers):
    return case.fetch(path, headers={"Accept-Encoding": encoding, **headers}, decompress_response=False)


def test_text_is_sent_gzipped_to_a_browser_that_takes_it_and_plain_to_one_that_does_not(tmp_path):
    def check(case):
        zipped = _get(case, "/s/app.js")
        assert zipped.code == 200 and zipped.headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(zipped.body) == SCRIPT and len(zipped.body) < len(SCRIPT) / 10
        assert int(zipped.headers["Content-Length"]) == len(zipped.body)
        assert zipped.headers["Vary"] == "Accept-Encoding" and "Accept-Ranges" not in zipped.headers
        plain = _get(case, "/s/app.js", "identity")
        assert plain.code == 200 and plain.body == SCRIPT and "Content-Encoding" not in plain.headers
        assert plain.headers["Vary"] == "Accept-Encoding"
        head = case.fetch("/s/app.js", method="HEAD", headers={"Accept-Encoding": "gzip"}, decompress_response=False)
        assert head.code == 200 and head.body == b"" and head.headers["Content-Length"] == zipped.headers["Content-Length"]

    _run({"app.js": SCRIPT}, tmp_path, check)


def test_each_encoding_has_its_own_etag_and_is_revalidated_by_it(tmp_path):
    def check(case):
        zipped, plain = _get(case, "/s/app.js"), _get(case, "/s/app.js", "identity")
        assert zipped.headers["Etag"] != plain.headers["Etag"] and zipped.headers["Etag"].endswith('-gz"')
        assert _get(case, "/s/app.js", **{"If-None-Match": zipped.headers["Etag"]}).code == 304
        assert _get(case, "/s/app.js", "identity", **{"If-None-Match": plain.headers["Etag"]}).code == 304
        stale = _get(case, "/s/app.js", **{"If-None-Match": plain.headers["Etag"]})  # the other encoding's tag
        assert stale.code == 200 and gzip.decompress(stale.body) == SCRIPT

    _run({"app.js": SCRIPT}, tmp_path, check)


def test_a_file_is_compressed_once_and_again_only_when_it_changes(tmp_path, monkeypatch):
    packs: list[str] = []
    pack = assets._pack
    monkeypatch.setattr(assets, "_pack", lambda handler, path, *version: packs.append(path) or pack(handler, path, *version))

    def check(case):
        for _ in range(3):
            assert gzip.decompress(_get(case, "/s/app.js").body) == SCRIPT
        assert packs == [str(tmp_path / "app.js")]
        newer = SCRIPT.replace(b"hello", b"howdy")
        (tmp_path / "app.js").write_bytes(newer)
        stat = os.stat(tmp_path / "app.js")
        os.utime(tmp_path / "app.js", ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
        assert gzip.decompress(_get(case, "/s/app.js").body) == newer and len(packs) == 2

    _run({"app.js": SCRIPT}, tmp_path, check)


def test_a_range_request_and_a_binary_file_are_sent_as_they_are(tmp_path):
    font = bytes(range(256)) * 40

    def check(case):
        part = _get(case, "/s/app.js", Range="bytes=0-99")
        assert part.code == 206 and part.body == SCRIPT[:100] and "Content-Encoding" not in part.headers
        woff = _get(case, "/s/font.woff2")
        assert woff.code == 200 and woff.body == font and "Content-Encoding" not in woff.headers and "Vary" not in woff.headers

    _run({"app.js": SCRIPT, "font.woff2": font}, tmp_path, check)


def test_only_a_file_whose_address_names_its_content_is_kept_by_the_browser(tmp_path):
    def check(case):
        immutable = "public, max-age=31536000, immutable"
        assert _get(case, "/s/app.js?v=0123abcd").headers["Cache-Control"] == immutable
        assert _get(case, "/s/remoteEntry.698dcaf7.js").headers["Cache-Control"] == immutable
        assert _get(case, "/s/84.09c61a35dce1705f.js").headers["Cache-Control"] == immutable
        assert _get(case, "/s/app.js").headers["Cache-Control"] == "no-cache"  # may change on an upgrade
        assert _get(case, "/s/7155.voila.js").headers["Cache-Control"] == "no-cache"  # a chunk number, not a hash

    names = ["remoteEntry.698dcaf7.js", "84.09c61a35dce1705f.js", "7155.voila.js"]
    _run({"app.js": SCRIPT, **{n: SCRIPT for n in names}}, tmp_path, check)


def test_a_path_out_of_the_folder_is_still_refused(tmp_path):
    (tmp_path / "secret.js").write_bytes(SCRIPT)
    inner = tmp_path / "served"
    inner.mkdir()

    def check(case):
        for path in ("/s/../secret.js", "/s/%2e%2e/secret.js", "/s/..%2fsecret.js"):
            r = _get(case, path)
            assert r.code in (403, 404) and b"hello" not in r.body

    _run({}, inner, check)


def test_switched_off_the_files_go_as_tornado_sends_them(tmp_path):
    def check(case):
        r = _get(case, "/s/app.js")
        assert r.code == 200 and r.body == SCRIPT and "Content-Encoding" not in r.headers
        assert "Cache-Control" not in r.headers and "Vary" not in r.headers
        versioned = _get(case, "/s/app.js?v=0123abcd")  # tornado's own ten years, without "immutable"
        assert versioned.body == SCRIPT and versioned.headers["Cache-Control"] == "max-age=315360000"

    _run({"app.js": SCRIPT}, tmp_path, check, hench_pack_static=False)


def test_voilas_scripts_are_kept_under_their_version_and_revalidated_under_any_other(tmp_path):
    from widgets.serve import VoilaStaticHandler, static_version, versioned_static_hook

    (tmp_path / "7155.voila.js").write_bytes(SCRIPT)
    version = static_version((str(tmp_path),))
    hook = versioned_static_hook([str(tmp_path)], then=lambda config, **kw: {**config, "seen": kw["notebook_path"]})
    config = hook({"fullStaticUrl": "/base/voila/static", "other": 1}, notebook_path="index.ipynb")
    assert config == {"fullStaticUrl": f"/base/voila/static/v-{version}", "other": 1, "seen": "index.ipynb"}

    def check(case):
        kept = _get(case, f"/voila/static/v-{version}/7155.voila.js")
        assert kept.code == 200 and gzip.decompress(kept.body) == SCRIPT
        assert kept.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        for old in ("/voila/static/v-000000000000/7155.voila.js", "/voila/static/7155.voila.js"):
            r = _get(case, old)  # a page from before an upgrade, or Voila's own address: today's file, asked again
            assert r.code == 200 and gzip.decompress(r.body) == SCRIPT and r.headers["Cache-Control"] == "no-cache"
        assert _get(case, f"/voila/static/v-{version}/../7155.voila.js").code in (403, 404)

    _serve([("/voila/static/(.*)", VoilaStaticHandler, {"paths": [str(tmp_path)]})], check)
    (tmp_path / "7155.voila.js").write_bytes(SCRIPT + b"// an upgrade\n")
    static_version.cache_clear()
    assert static_version((str(tmp_path),)) != version


def test_plotly_route_serves_gzipped_plotly_with_an_etag():
    def check(case):
        raw = assets.plotly_js().read_bytes()
        route = "/base/" + assets.PLOTLY_ROUTE
        zipped = _get(case, route)
        assert zipped.code == 200 and zipped.headers["Content-Encoding"] == "gzip" and len(zipped.body) < len(raw) / 2
        assert gzip.decompress(zipped.body) == raw and zipped.headers["Content-Type"].startswith("text/javascript")
        plain = _get(case, route, "identity")
        assert plain.code == 200 and plain.body == raw and "Content-Encoding" not in plain.headers
        assert _get(case, route, "identity", **{"If-None-Match": plain.headers["ETag"]}).code == 304
        assert _get(case, route, **{"If-None-Match": zipped.headers["ETag"]}).code == 304
        assert _get(case, "/base/hench/plotly/other.js").code == 404
        assert _get(case, "/base/hench/fontawesome/css/all.min.css").code == 200

    _serve(assets.handlers("/base/"), check)
