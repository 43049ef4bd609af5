"""Build site/: the shelf and every game's apps as a static site (Voici, on JupyterLite and Pyodide).

    python tools/site/build.py [--output site] [--cache .cache/site]      (or: make site)

Every app runs in the visitor's browser; the folder is served as it is by any static host, and nothing
is fetched from anywhere else. What goes in, all pinned:

- the page side: voici-core and jupyterlite-core from the build machine (tools/site/requirements-build.txt,
  the `site` extra), with the widget extensions installed there (ipywidgets, anywidget; not plotly's renderer) and Font
  Awesome from `fontawesomefree`; the Pyodide kernel's extension from the jupyterlite-pyodide-kernel wheel
  pinned in tools/site/requirements-kernel.txt (never installed: Voila's pages would load it and break);
- Pyodide's core from npm (PYODIDE below, checked against its npm integrity hash);
- the Python side: hench and widgets as one wheel built from this checkout, and the pure-Python wheels
  in tools/site/requirements-browser.txt (downloaded from PyPI with their hashes checked), all added to
  Pyodide's lock file so the kernel loads them from the site itself.

Downloads are cached in .cache/site (git-ignored): a rebuild reuses them and only redoes the site.
"""

from __future__ import annotations

import argparse
import base64
import csv
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
REQUIREMENTS = HERE / "requirements-browser.txt"
KERNEL_REQUIREMENTS = HERE / "requirements-kernel.txt"
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"

PYODIDE = "0.29.0"  # must match jupyterlite-pyodide-kernel 0.7.0 (its PYODIDE_VERSION)
PYODIDE_INTEGRITY = "sha512-ObIvsTmcrxAWKg+FT1GjfSdDmQc5CabnYe/nn5BCuhr9BVVITeQ24DBdZuG5B2tIiAZ9YonBpnDB7cmHZyd2Rw=="
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
# Wheels that stand in for packages the browser does not need: the widget packages' page-side files (the site
# has them as extensions already) and sqlite3 (a compiled Pyodide module; IPython keeps its history in memory
# without it). Each is an empty distribution: installed, importing nothing.
STAND_INS = {"sqlite3": "1.0.0", "widgetsnbextension": "4.0.999", "jupyterlab-widgets": "3.0.999"}
# Loaded with Pyodide itself, all at once (the kernel then skips its own one-by-one installs).
PRELOAD = ["micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython", "hench"]
FONTAWESOME_CDN = "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/"  # the app pages
FONTAWESOME_4_CDN = "https://cdn.jsdelivr.net/npm/font-awesome@4.5.0/css/font-awesome.min.css"  # the file lists

T0 = time.monotonic()


def say(text: str) -> None:
    print(f"[site {time.monotonic() - T0:5.1f}s] {text}", flush=True)


def run(cmd: list[str], **kw) -> None:
    subprocess.run(cmd, check=True, **kw)


# -- downloads (cached) ---------------------------------------------------------------------------

def pinned_wheels(requirements: Path = REQUIREMENTS) -> list[tuple[str, str, str]]:
    """(name, version, sha256) of every pinned browser wheel."""
    pins = []
    for line in requirements.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        m = re.fullmatch(r"([A-Za-z0-9_.-]+)==(\S+)\s+--hash=sha256:([0-9a-f]{64})", line)
        if not m:
            raise SystemExit(f"{requirements.name}: every line must be `name==version --hash=sha256:...`: {line!r}")
        pins.append((m.group(1), m.group(2), m.group(3)))
    return pins


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def cached_wheel(folder: Path, name: str, version: str, digest: str) -> Path | None:
    for path in folder.glob("*.whl"):
        parts = path.name.split("-")
        if canonical(parts[0]) == canonical(name) and parts[1] == version and sha256(path) == digest:
            return path
    return None


def fetch_wheels(cache: Path, requirements: Path = REQUIREMENTS, folder_name: str = "wheels") -> list[Path]:
    folder = cache / folder_name
    folder.mkdir(parents=True, exist_ok=True)
    pins = pinned_wheels(requirements)
    missing = [p for p in pins if cached_wheel(folder, *p) is None]
    if missing:
        say(f"downloading {len(missing)} of {len(pins)} pinned wheels ({requirements.name}) from PyPI")
        run([sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
             "--require-hashes", "--only-binary=:all:", "--platform", "any", "--implementation", "py",
             "--abi", "none", "--python-version", "3.13", "-d", str(folder), "-r", str(requirements)])
    else:
        say(f"{len(pins)} pinned wheels ({requirements.name}): all cached")
    wheels = []
    for pin in pins:
        path = cached_wheel(folder, *pin)
        if path is None:
            raise SystemExit(f"{pin[0]}=={pin[1]}: the downloaded wheel does not match the pinned hash")
        wheels.append(path)
    return wheels


def fetch_pyodide(cache: Path) -> Path:
    """Pyodide's core (npm package `pyodide`), checked against its integrity hash; returns the tarball."""
    folder = cache / "npm"
    folder.mkdir(parents=True, exist_ok=True)
    tarball = folder / f"pyodide-{PYODIDE}.tgz"
    algo, _, expected = PYODIDE_INTEGRITY.partition("-")

    def good() -> bool:
        return tarball.exists() and base64.b64encode(hashlib.new(algo, tarball.read_bytes()).digest()).decode() == expected

    if not good():
        say(f"downloading pyodide {PYODIDE} from npm")
        run(["npm", "pack", f"pyodide@{PYODIDE}", "--pack-destination", str(folder), "--silent"],
            stdout=subprocess.DEVNULL)
        if not good():
            raise SystemExit(f"{tarball}: does not match the pinned integrity hash {PYODIDE_INTEGRITY}")
    else:
        say(f"pyodide {PYODIDE}: cached")
    return tarball


# -- wheels built here -----------------------------------------------------------------------------

def write_wheel(folder: Path, name: str, version: str, files: dict[str, bytes], requires: list[str] | tuple[str, ...] = (),
                summary: str = "") -> Path:
    """A pure-Python wheel holding `files` (archive path -> bytes)."""
    dist = f"{name.replace('-', '_')}-{version}"
    info = f"{dist}.dist-info"
    metadata = ["Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}", "Requires-Python: >=3.11"]
    if summary:
        metadata.append(f"Summary: {summary}")
    metadata += [f"Requires-Dist: {r}" for r in requires]
    entries = dict(sorted(files.items()))
    entries[f"{info}/METADATA"] = ("\n".join(metadata) + "\n").encode()
    entries[f"{info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: hench tools/site/build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    entries[f"{info}/top_level.txt"] = "".join(sorted({p.split("/")[0] + "\n" for p in files if "/" in p})).encode()
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for path, data in entries.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        writer.writerow([path, f"sha256={digest}", len(data)])
    writer.writerow([f"{info}/RECORD", "", ""])
    entries[f"{info}/RECORD"] = record.getvalue().encode()
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{dist}-py3-none-any.whl"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for path, data in entries.items():
            zi = zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0))  # reproducible
            zi.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(zi, data)
    return target


def project_wheel(folder: Path) -> Path:
    """hench and widgets as one wheel, as `pip install .` would install them, with the runtime
    dependencies of pyproject.toml. The notebooks go beside the packages too (the shelf links a game's
    apps only if its notebooks exist next to the widgets package, as in the checkout)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    files: dict[str, bytes] = {}
    for package in ("hench", "widgets"):
        for path in sorted((ROOT / package).rglob("*")):
            rel = path.relative_to(ROOT)
            if path.is_file() and "__pycache__" not in rel.parts and path.suffix not in (".pyc", ".pyo"):
                files[rel.as_posix()] = path.read_bytes()
    for path in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        rel = path.relative_to(ROOT)
        if ".ipynb_checkpoints" not in rel.parts:
            files[rel.as_posix()] = path.read_bytes()
    # plotly's Python package is not used in the browser: the charts are plain JSON (widgets.plot) drawn by
    # plotly.js, which the site serves itself; leaving it out saves every visit about 10 MB
    requires = [r for r in project["dependencies"] if not re.match(r"plotly\b", r)]
    return write_wheel(folder, project["name"], project["version"], files, requires, project["description"])


def stand_in(folder: Path, name: str, version: str) -> Path:
    """An empty distribution named `name`: one private module saying what it is, nothing to import by that name."""
    module = f"_hench_stand_in_{canonical(name).replace('-', '_')}.py"
    text = f'"""{name} is not part of the static site; this empty distribution stands in for it (tools/site/build.py)."""\n'
    return write_wheel(folder, name, version, {module: text.encode()}, summary=f"a stand-in for {name} on the static site")


# -- the Pyodide distribution inside the site --------------------------------------------------------

def pyodide_dir(tarball: Path, target: Path, wheels: list[Path]) -> None:
    """Pyodide's core in `target`, with every wheel copied beside it and listed in a new lock file that
    names only what the site holds (the npm package's lock lists the whole Pyodide distribution, which
    is not in the package: a kernel asking for one of those would fetch a file that is not there)."""
    from pyodide_lock import PyodideLockSpec
    from pyodide_lock.utils import add_wheels_to_spec

    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    keep = {"pyodide.asm.js", "pyodide.asm.wasm", "pyodide.js", "pyodide.mjs", "python_stdlib.zip", "pyodide-lock.json",
            "package.json"}
    with tarfile.open(tarball) as tf:
        for member in tf.getmembers():
            name = member.name.removeprefix("package/")
            if member.isfile() and name in keep:
                (target / name).write_bytes(tf.extractfile(member).read())
    upstream = PyodideLockSpec.from_json(target / "pyodide-lock.json")
    for wheel in wheels:
        shutil.copy2(wheel, target / wheel.name)
    spec = PyodideLockSpec(info=upstream.info, packages={})
    spec = add_wheels_to_spec(spec, [target / w.name for w in wheels], base_path=target)
    spec.check_wheel_filenames()
    spec.to_json(target / "pyodide-lock.json", indent=1)
    missing = [n for n in PRELOAD if canonical(n) not in spec.packages]
    if missing:
        raise SystemExit(f"not in the lock file: {missing}")


# -- the site ------------------------------------------------------------------------------------

PANDAS_TAG = "take-it-further"  # notebook cells that need pandas, which the site's Pyodide does not have
SITE_NOTE = ("**Take it further** (this page's tables as pandas DataFrames, a question answered from simulated games, a "
             "chart drawn from them) runs in JupyterLab and in the served app. This page runs in your browser, which has "
             "no pandas, so that part is left out here.")


def without_pandas_cells(notebook: dict) -> dict:
    """The notebook with each run of cells tagged PANDAS_TAG replaced by one note saying where they run."""
    cells: list[dict] = []
    dropping = False
    for cell in notebook["cells"]:
        if PANDAS_TAG in cell.get("metadata", {}).get("tags", []):
            if not dropping:
                cells.append({"cell_type": "markdown", "id": f"{cell.get('id', 'cell')}-site", "metadata": {}, "source": [SITE_NOTE]})
            dropping = True
        else:
            cells.append(cell)
            dropping = False
    return {**notebook, "cells": cells}


def site_notebooks(target: Path) -> Path:
    """notebooks/ as the site serves them (the pandas cells left out, see `without_pandas_cells`), in `target`."""
    if target.exists():
        shutil.rmtree(target)
    for path in sorted((ROOT / "notebooks").rglob("*")):
        rel = path.relative_to(ROOT / "notebooks")
        if path.is_dir() or ".ipynb_checkpoints" in rel.parts:
            continue
        (target / rel).parent.mkdir(parents=True, exist_ok=True)
        if path.suffix == ".ipynb":
            (target / rel).write_text(json.dumps(without_pandas_cells(json.loads(path.read_text())), indent=1, ensure_ascii=False))
        else:
            shutil.copy2(path, target / rel)
    return target


def kernel_extension(wheel: Path, extensions: Path) -> list[Path]:
    """The Pyodide kernel's page-side extension, unpacked from jupyterlite-pyodide-kernel's wheel into `extensions`
    (the voici build copies it from there); returns the kernel's own wheels it ships (piplite, pyodide_kernel,
    the ipykernel shim)."""
    prefix = f"jupyterlite_pyodide_kernel-{wheel.name.split('-')[1]}.data/data/share/jupyter/labextensions/{KERNEL_EXTENSION}/"
    target = extensions / KERNEL_EXTENSION
    with zipfile.ZipFile(wheel) as zf:
        for name in zf.namelist():
            if name.startswith(prefix) and not name.endswith("/"):
                dest = target / name.removeprefix(prefix)
                dest.parent.mkdir(parents=True, exist_ok=True)
                dest.write_bytes(zf.read(name))
    wanted = ("piplite-", "pyodide_kernel-", "ipykernel-")
    found = sorted(p for p in (target / "static" / "pypi").glob("*.whl") if p.name.startswith(wanted))
    if len(found) != len(wanted):
        raise SystemExit(f"{wheel.name}: the kernel's wheels {wanted} not found in its extension")
    return found


def lite_config() -> dict:
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "hench",
            "disabledExtensions": ["@jupyterlite/application-extension:service-worker"],
            "litePluginSettings": {
                KERNEL_PLUGIN: {
                    "pyodideUrl": "./static/pyodide/pyodide.js",
                    "disablePyPIFallback": True,
                    "pipliteUrls": [],
                    "loadPyodideOptions": {"packages": PRELOAD},
                },
            },
        },
    }


def relative_root(page: Path, out: Path) -> str:
    depth = len(page.relative_to(out).parts) - 1
    return "../" * depth or "./"


LINK_SCRIPT = """<script>
/* hench: the notebooks link each other as .ipynb (as under Voila); the site has each as a .html page */
document.addEventListener('click', function (event) {
  var a = event.target.closest && event.target.closest('a[href]');
  if (!a) return;
  var href = a.getAttribute('href');
  if (/^[a-z]+:/i.test(href) || href.charAt(0) === '#') return;
  var m = href.match(/^([^?#]*)\\.ipynb([?#].*)?$/);
  if (!m) return;
  event.preventDefault();
  window.location.href = m[1] + '.html' + (m[2] || '');
}, true);
</script>"""


def patch_pages(out: Path) -> int:
    """Voici's pages, made to load nothing from elsewhere: Font Awesome from the site itself; and the
    notebooks' links to each other (.ipynb, as under Voila) followed to the rendered pages (.html)."""
    count = 0
    for page in out.joinpath("voici").rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        root = relative_root(page, out)
        new = text.replace(FONTAWESOME_CDN, root + "fontawesome/css/").replace(FONTAWESOME_4_CDN, root + "fontawesome/css/all.min.css")
        if "/render/" in page.as_posix() and "</body>" in new and "hench: the notebooks link" not in new:
            new = new.replace("</body>", LINK_SCRIPT + "\n</body>", 1)
        if new != text:
            page.write_text(new, encoding="utf-8")
            count += 1
    return count


UNUSED_EXTENSIONS = ("jupyterlab-plotly",)  # plotly's renderer: the charts load plotly.js themselves (widgets/share/js/chart.js)
CONFIG_DATA = re.compile(r'(<script id="jupyter-config-data" type="application/json">)(.*?)(</script>)', re.S)


def drop_extensions(out: Path, names: tuple[str, ...] = UNUSED_EXTENSIONS) -> int:
    """Page extensions the apps do not use, taken out of the site (their files, and every page's and config
    file's list of extensions to load): jupyterlab-plotly alone was 4.7 MB that every visit downloaded."""

    def keep(config: dict) -> bool:
        before = config.get("federated_extensions")
        if before is None:
            return False
        config["federated_extensions"] = [e for e in before if e.get("name") not in names]
        return len(config["federated_extensions"]) != len(before)

    count = 0
    for page in out.joinpath("voici").rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        m = CONFIG_DATA.search(text)
        if m is None:
            continue
        config = json.loads(m.group(2))
        if keep(config):
            page.write_text(text[:m.start(2)] + json.dumps(config) + text[m.end(2):], encoding="utf-8")
            count += 1
    for path in out.rglob("jupyter-lite.json"):
        doc = json.loads(path.read_text(encoding="utf-8"))
        if keep(doc.get("jupyter-config-data", {})):
            path.write_text(json.dumps(doc, indent=2), encoding="utf-8")
            count += 1
    for name in names:
        if (out / "extensions" / name).exists():
            shutil.rmtree(out / "extensions" / name)
    return count


def patch_scripts(out: Path) -> int:
    """The widget scripts with the fixes Voila's server applies as it sends them (widgets/patches.py)."""
    from widgets.patches import patch_anywidget_init, patch_get_model

    count = 0
    for script in out.joinpath("extensions").rglob("*.js"):
        raw = script.read_text(encoding="utf-8", errors="surrogateescape")
        if "widget model not found" in raw:
            new = patch_get_model(raw)
        elif "Failed to initialize model" in raw:
            new = patch_anywidget_init(raw)
        else:
            continue
        if new != raw:
            script.write_text(new, encoding="utf-8", errors="surrogateescape")
            count += 1
    return count


def check_offline(out: Path) -> list[str]:
    """Pages and configuration that name another host: there must be none that the pages load."""
    found = []
    for path in [*out.joinpath("voici").rglob("*.html"), *out.rglob("jupyter-lite.json")]:
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r"""(?:src|href)=["'](https?:)?//[^"']+""", text):
            found.append(f"{path.relative_to(out)}: {m.group(0)}")
        if "cdn.jsdelivr" in text and path.name == "jupyter-lite.json":
            found.append(f"{path.relative_to(out)}: cdn.jsdelivr")
    return found


def build(out: Path, cache: Path) -> None:
    sys.path.insert(0, str(ROOT))
    work = cache / "work"
    lite = work / "lite"
    for folder in (lite, work / "pyodide", work / "built", work / "labextensions"):
        if folder.exists():
            shutil.rmtree(folder)
    lite.mkdir(parents=True)
    tarball = fetch_pyodide(cache)
    wheels = fetch_wheels(cache)
    (kernel_wheel,) = fetch_wheels(cache, KERNEL_REQUIREMENTS, "kernel")
    say("building the hench wheel and the stand-ins")
    wheels += [project_wheel(work / "built"), *(stand_in(work / "built", n, v) for n, v in STAND_INS.items()),
               *kernel_extension(kernel_wheel, work / "labextensions")]
    say(f"pyodide {PYODIDE} with {len(wheels)} wheels in its lock file")
    pyodide_dir(tarball, work / "pyodide", wheels)
    (lite / "jupyter-lite.json").write_text(json.dumps(lite_config(), indent=2))
    if out.exists():
        shutil.rmtree(out)
    say("voici build (the pages of every notebook)")
    env = {**os.environ, "JUPYTERLITE_NO_JUPYTERLAB_SERVER": "1", "PYTHONWARNINGS": "ignore"}
    env.pop("JUPYTERLITE_PYODIDE_URL", None)
    voici = subprocess.Popen([str(Path(sys.executable).with_name("voici")), "build", "--lite-dir", str(lite),
                              "--contents", str(site_notebooks(work / "notebooks")), "--output-dir", str(out), "--no-sourcemaps",
                              "--strip_sources=True", "--show_tracebacks=False", "--no-unused-shared-packages", "--log-level", "WARN",
                              f"--FederatedExtensionAddon.extra_labextensions_path={work / 'labextensions'}"],
                             cwd=lite, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    said = []
    for line in voici.stdout or ():
        said.append(line)
        if ":generate:render/" in line:  # one line per app page
            say("  page " + line.rsplit("render/", 1)[1].strip())
    if voici.wait() != 0:
        sys.stdout.write("".join(said[-60:]))
        raise SystemExit(f"voici build failed (exit {voici.returncode})")
    say("Pyodide, Font Awesome, plotly.js, links between apps, widget script fixes")
    shutil.copytree(work / "pyodide", out / "static" / "pyodide")
    from widgets.assets import PLOTLY_ROUTE, fontawesome_dir, plotly_js  # the same files the Voila server serves

    fontawesome = fontawesome_dir()
    for part in ("css", "webfonts"):  # what the pages use (the package also holds 80 MiB of SVGs and scripts)
        shutil.copytree(fontawesome / part, out / "fontawesome" / part, dirs_exist_ok=True)
    shutil.copy2(fontawesome / "LICENSE.txt", out / "fontawesome" / "LICENSE.txt")
    (out / PLOTLY_ROUTE).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(plotly_js(), out / PLOTLY_ROUTE)
    # the site's front door opens the shelf (as `make run` does), not the file list
    door = out / "voici" / "index.html"
    door.write_text(door.read_text().replace("'/voici/tree/index.html'", "'/voici/render/index.html'"))
    pages = patch_pages(out)
    drop_extensions(out)
    scripts = patch_scripts(out)
    (out / ".nojekyll").write_text("")  # GitHub Pages: serve folders starting with _ as they are
    outside = check_offline(out)
    if outside:
        raise SystemExit("the site would load from elsewhere:\n  " + "\n  ".join(outside))
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    say(f"done: {out} ({size / 2**20:.0f} MiB, {pages} pages, {scripts} widget scripts patched)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=ROOT / "site")
    parser.add_argument("--cache", type=Path, default=ROOT / ".cache" / "site")
    args = parser.parse_args(argv)
    build(args.output.resolve(), args.cache.resolve())


if __name__ == "__main__":
    main()
