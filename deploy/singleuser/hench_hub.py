"""The hench serving mode inside a JupyterHub single-user server (a Jupyter server extension).

On a hub each visitor gets their own Jupyter server, started by `jupyterhub-singleuser`, so the apps
are served by Voila's *server extension* rather than by `python -m widgets.serve`. This extension
loads Voila's in its place (jupyter_server_config.json beside this file turns Voila's own off and this
one on) and then gives it what `widgets.serve` adds to plain Voila:

- the `hench` page template (nothing loaded from a CDN) and Font Awesome and plotly.js served at `<base>/hench/`;
- no MathJax (the server extension's default URL for it is a CDN; standalone Voila sets none);
- the widget scripts with their patient start-up bounds (widgets.patches);
- scripts and styles sent gzipped, the versioned ones kept by the browser, Voila's under their version
  (widgets.assets.PackedStatic, widgets.serve.versioned_static_hook);
- the page handler that sets the `_xsrf` cookie, so a closed tab's kernel is shut down at once;
- template static paths that are not `<template>/static/<file>` answer 404, and the notebook listing API
  (`/voila/api/contents`) answers 404;
- when the students have no JupyterLab (deploy/values.yaml's Spawner.args), kernels take widget messages
  only from their pages, never code to run (widgets.patches.PAGE_MESSAGES, as standalone Voila).

The handler classes, the swap map and the version check are the ones `widgets.serve` uses (widgets.patches);
only their mounting differs. On a version of Voila, Jupyter server, Tornado, ipywidgets or anywidget the patches
were not written for, the extension stops at load with an error that says which (widgets.patches.check_versions).
"""

from __future__ import annotations

import os


def _jupyter_server_extension_points() -> list[dict]:
    return [{"module": "hench_hub"}]


def _load_jupyter_server_extension(server_app) -> None:
    from widgets import patches

    patches.check_versions()  # before anything is patched: a clear error in the server's log, naming the package
    from voila.paths import collect_static_paths
    from voila.server_extension import _load_jupyter_server_extension as load_voila

    from widgets import assets, serve

    # The hench template lives in widgets/share: on the Jupyter path before Voila collects its templates.
    os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(serve.TEMPLATES), os.environ.get("JUPYTER_PATH", "")]))
    if "template" not in server_app.config.VoilaConfiguration:
        server_app.config.VoilaConfiguration.template = "hench"
    # Voila's scripts under their version, so a visitor's browser keeps them (the paths Voila serves them from)
    static_paths = collect_static_paths(["voila", "nbconvert"], server_app.config.VoilaConfiguration.template)
    server_app.config.VoilaConfiguration.page_config_hook = patches.versioned_static_hook(
        static_paths, server_app.config.VoilaConfiguration.get("page_config_hook"))
    load_voila(server_app)

    web_app = server_app.web_app
    # As standalone Voila: no MathJax URL nor config, so the page uses its bundled maths renderer (with either
    # set, or neither in the settings as here, the page loads MathJax from a CDN).
    web_app.settings.setdefault("mathjax_url", None)
    web_app.settings.setdefault("mathjax_config", None)
    swapped = sum(patches.swap_routes(router) for router in (web_app.default_router, web_app.wildcard_router))
    web_app.add_handlers(".*$", assets.handlers(web_app.settings.get("base_url", "/")))  # plotly.js, Font Awesome
    if not server_app.jpserver_extensions.get("jupyterlab", False):  # the students' tools are off (deploy/values.yaml)
        # as under `make run`: a page's kernel takes widget messages from its page, never code to run
        server_app.kernel_manager.allowed_message_types = list(patches.PAGE_MESSAGES)
    server_app.log.info("hench: Voila served in the hench mode (%d handlers replaced, template %s, kernels take %s)",
                        swapped, server_app.config.VoilaConfiguration.template,
                        "widget messages only" if server_app.kernel_manager.allowed_message_types else "any message")

