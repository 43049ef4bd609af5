"""The serving mode's patches (widgets.patches) start only on the versions they were written for: any other
version stops `python -m widgets.serve` and the JupyterHub extension at start-up with an error that says which
package, which version, and what to do; pyproject.toml bounds the same packages the same way."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path
from types import SimpleNamespace

import pytest

from widgets import patches

ROOT = Path(__file__).resolve().parents[2]


def _bounds() -> dict[str, tuple[str, str]]:
    """Every `name>=low,<high` requirement of pyproject.toml, by normalised name."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    found = {}
    for req in [*project["dependencies"], *(r for extra in project["optional-dependencies"].values() for r in extra)]:
        m = re.fullmatch(r"([A-Za-z0-9_.-]+)(?:\[[^\]]*\])?>=([\d.]+),<([\d.]+)", req.replace(" ", ""))
        if m:
            found[m.group(1).replace("-", "_").lower()] = (m.group(2), m.group(3))
    return found


def _with(package: str, version: str):
    real = patches.installed_version
    return lambda name: version if name == package else real(name)


def test_pyproject_bounds_are_the_versions_the_patches_were_written_for():
    bounds = _bounds()
    assert {name: bounds.get(name) for name in patches.WRITTEN_FOR} == patches.WRITTEN_FOR


def test_the_installed_versions_pass():
    assert patches.version_problems() == []
    patches.check_versions()


@pytest.mark.parametrize(("package", "version"), [("voila", "0.6.0"), ("voila", "0.6.0a1"), ("ipywidgets", "8.2.0"),
                                                  ("anywidget", "0.12.1"), ("tornado", "7.0"), ("voila", "0.5.12")])
def test_a_version_outside_the_range_is_named(package, version):
    with pytest.raises(patches.UnsupportedVersionError) as caught:
        patches.check_versions(_with(package, version))
    low, high = patches.WRITTEN_FOR[package]
    said = str(caught.value)
    assert f"{package} {version} is installed" in said and f">={low},<{high}" in said and "widgets/patches.py" in said


def test_version_keys_compare_numerically():
    assert patches.version_key("0.5.13") > patches.version_key("0.5.9")
    assert patches.version_key("8.1.9") < patches.version_key("8.2") <= patches.version_key("8.2.0rc1")


def test_serve_stops_at_start_up_with_the_error():
    """The real command, in its own process, with Voila seen at 0.6.0: it exits at once, saying why."""
    fake = ("import importlib.metadata as m, sys; real = m.version; "
            "m.version = lambda n: '0.6.0' if n == 'voila' else real(n); "
            "from widgets import serve; import voila.app; before = voila.app.voila_kernel_manager_factory\n"
            "try:\n    serve.main(['--no-browser', '--port=1'])\n"
            "finally:\n    assert voila.app.voila_kernel_manager_factory is before, 'patched before the check'")
    run = subprocess.run([sys.executable, "-c", fake], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 1, run.stderr
    assert "widgets.serve cannot start" in run.stderr and "voila 0.6.0 is installed" in run.stderr
    assert ">=0.5.13,<0.6" in run.stderr and "Traceback" not in run.stderr


def test_the_hub_extension_stops_before_touching_the_server(monkeypatch):
    sys.path.insert(0, str(ROOT / "deploy" / "singleuser"))
    try:
        import hench_hub
    finally:
        sys.path.remove(str(ROOT / "deploy" / "singleuser"))
    monkeypatch.setattr(patches, "installed_version", _with("anywidget", "0.12.0"))
    with pytest.raises(patches.UnsupportedVersionError, match=r"anywidget 0\.12\.0 is installed"):
        hench_hub._load_jupyter_server_extension(SimpleNamespace())  # an empty server: reached, it would fail otherwise


def test_every_swap_takes_the_settings_of_the_handler_it_replaces():
    """A swapped route keeps Voila's handler settings (swap_handlers, swap_routes): our class must accept them,
    as a subclass of Voila's does, or a request there fails before it is answered."""
    import inspect

    for theirs, ours in patches.SWAPS.items():
        if issubclass(ours, theirs):
            continue
        kinds = {p.kind for p in inspect.signature(ours.initialize).parameters.values()}
        assert inspect.Parameter.VAR_KEYWORD in kinds, f"{ours.__name__} refuses {theirs.__name__}'s settings"
    handlers = [("/a", patches.VoilaContentsHandler, {"voila_configuration": object()}), ("/b", patches.FileFindHandler, {})]
    swapped = patches.swap_handlers(handlers)
    assert swapped[0][1] is patches.NotFoundHandler and swapped[0][2] == handlers[0][2]
    assert swapped[1] == handlers[1], "a FileFindHandler outside /voila/labextensions/ stays Voila's"
