"""The served widget manager's get_model: a longer wait and a last look before "model not found"."""

from __future__ import annotations

from pathlib import Path

from widgets.patches import patch_get_model

# ipywidgets 8.1.9's minified get_model, as shipped in jupyterlab-manager's static chunk
SHIPPED = ('callbacks(e){return{}}async get_model(e){let t=this._models[e];if(void 0===t){let o=Date.now();'
           'for(;Date.now()-o<2e3;){if(void 0!==(t=this._models[e]))return t;await new Promise(e=>setTimeout(e,100))}'
           'throw Error("widget model not found")}return t}has_model(e){return void 0!==this._models[e]}')


def test_patch_adds_a_last_look_and_a_longer_wait():
    out = patch_get_model(SHIPPED)
    assert 'if(void 0!==(t=this._models[e]))return t;throw Error("widget model not found")' in out
    assert "Date.now()-o<3e4;" in out and "<2e3" not in out
    assert out.startswith("callbacks(e){return{}}") and out.endswith("has_model(e){return void 0!==this._models[e]}")


def _run_in_node(tmp_path, get_model: str) -> str:
    """get_model of a manager whose model arrives while the waiting loop sleeps past its deadline."""
    import shutil
    import subprocess

    import pytest

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    method = get_model[len("callbacks(e){return{}}"):].replace("has_model(e){return void 0!==this._models[e]}", "")
    probe = tmp_path / "probe.js"
    probe.write_text(
        "let clock = 0; Date.now = () => clock;\n"
        "class M { constructor() { this._models = {}; } " + method + " }\n"
        "const m = new M();\n"
        "global.setTimeout = (f) => { clock += 40000; m._models.x = 'model'; f(); };  // a late timer on a busy page\n"
        "m.get_model('x').then(() => console.log('found'), () => console.log('not found'));\n")
    return subprocess.run([node, str(probe)], capture_output=True, text=True, timeout=60).stdout.strip()


def test_a_model_that_arrives_while_the_loop_sleeps_is_found(tmp_path):
    assert _run_in_node(tmp_path, SHIPPED) == "not found"  # the shipped race, as seen on a busy CI page
    assert _run_in_node(tmp_path, patch_get_model(SHIPPED)) == "found"


def test_anywidget_gets_a_minute_to_start():
    from widgets.patches import patch_anywidget_init

    shipped = ('var resolvers = promiseWithResolvers();\n        AbortSignal.timeout(2000).addEventListener("abort", function() {\n'
               '            resolvers.reject(new Error("[anywidget] Failed to initialize model."));\n        });')
    out = patch_anywidget_init(shipped)
    assert "AbortSignal.timeout(60000).addEventListener" in out and "timeout(2000)" not in out
    other = "var signal = options.signal ?? AbortSignal.timeout(3000);"  # invoke()'s own timeout is left alone
    assert patch_anywidget_init(other) == other


def test_the_installed_anywidget_matches_the_patch():
    from jupyter_core.paths import jupyter_path

    from widgets.patches import patch_anywidget_init

    scripts = [p for root in jupyter_path("labextensions") for p in (Path(root) / "anywidget" / "static").glob("*.js")
               if "Failed to initialize model" in p.read_text(errors="replace")]
    assert scripts, "anywidget's page script was not found"
    for script in scripts:
        text = script.read_text()
        assert "AbortSignal.timeout(60000)" in patch_anywidget_init(text), f"{script.name} no longer matches the patch"


def test_a_kernel_over_its_memory_cap_tells_its_page_and_ends(monkeypatch):
    """Issue 31: a served kernel watches its resident memory; over the cap, every message line of the page says
    the app stopped and a reload starts it afresh, then the kernel ends (the server restarts or reaps it)."""
    from widgets import memory
    from widgets.core import MessageArea

    monkeypatch.setattr(memory.time, "sleep", lambda s: None)
    line = MessageArea()
    ended = []
    assert not memory.check(500, measure=lambda: 200.0, end=lambda: ended.append(1))
    assert ended == [] and line.text == ""
    assert memory.check(500, measure=lambda: 900.0, end=lambda: ended.append(1))
    assert ended == [1] and line.kind == "error" and "Reload the page" in line.text
    assert memory.resident_mib() > 10, "this process's resident memory is read from /proc"
    monkeypatch.setenv("HENCH_KERNEL_MEMORY_MIB", "300")
    assert memory.cap_mib() == 300
    monkeypatch.setenv("HENCH_KERNEL_MEMORY_MIB", "lots")
    assert memory.cap_mib() == memory.DEFAULT_CAP_MIB
