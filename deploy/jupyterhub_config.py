# JupyterHub on one machine, serving the apps to logged-in users: what tests/deploy/test_jupyterhub.py runs.
#
#     HENCH_HUB_PASSWORD=... .venv/bin/jupyterhub -f deploy/jupyterhub_config.py
#
# The same single-user server as on the cluster (deploy/values.yaml): `jupyterhub-singleuser` with the
# hench serving mode (deploy/singleuser/), opening on the shelf. Here the servers are local processes
# of the current user (SimpleLocalProcessSpawner) instead of Kubernetes pods, the proxy is the Python
# port of configurable-http-proxy (PyPI), and the users log in with one shared password.
#
# Settings from the environment (all optional): HENCH_HUB_IP (127.0.0.1), HENCH_HUB_PORT (8000),
# HENCH_HUB_API_PORT (8081), HENCH_PROXY_API_PORT (8001), HENCH_HUB_STATE (where the hub keeps its
# database, cookie secret and the users' home folders; .jupyterhub/ in the repository by default),
# HENCH_HUB_PASSWORD (required).
import os
import sys
from pathlib import Path

c = get_config()  # noqa: F821 - provided by JupyterHub when it loads this file

DEPLOY = Path(__file__).resolve().parent
ROOT = DEPLOY.parent
BIN = Path(sys.executable).parent  # the venv JupyterHub runs from: the proxy and the single-user server are there too
STATE = Path(os.environ.get("HENCH_HUB_STATE", ROOT / ".jupyterhub")).resolve()  # git-ignored
STATE.mkdir(parents=True, exist_ok=True)
SHELF = "/voila/render/index.ipynb"  # the same default URL as singleuser.defaultUrl in values.yaml

ip = os.environ.get("HENCH_HUB_IP", "127.0.0.1")
c.JupyterHub.ip = ip
c.JupyterHub.port = int(os.environ.get("HENCH_HUB_PORT", "8000"))
c.JupyterHub.hub_ip = ip
c.JupyterHub.hub_port = int(os.environ.get("HENCH_HUB_API_PORT", "8081"))
c.ConfigurableHTTPProxy.api_url = f"http://{ip}:{os.environ.get('HENCH_PROXY_API_PORT', '8001')}"
# The Python port buffers each response whole and gives up on a target after 20 s by default: the hub's spawn
# progress stream (and a Voila page) on a busy machine takes longer, so its patience is raised to 10 minutes.
# It is for trying the hub on one machine; the cluster's chart runs the usual (Node) configurable-http-proxy.
c.ConfigurableHTTPProxy.command = [str(BIN / "configurable-http-proxy"), "--proxy-timeout", "600000"]
c.ConfigurableHTTPProxy.pid_file = str(STATE / "jupyterhub-proxy.pid")
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")
c.JupyterHub.cleanup_servers = True  # stopping the hub stops the users' servers and the proxy
c.JupyterHub.cleanup_proxy = True

# Log in: any user name, one shared password for the class (at least 8 characters), as in values.yaml.
c.JupyterHub.authenticator_class = "shared-password"  # jupyterhub.authenticators.shared.SharedPasswordAuthenticator
c.SharedPasswordAuthenticator.user_password = os.environ["HENCH_HUB_PASSWORD"]
c.Authenticator.allow_all = True

# Spawn: each user's Jupyter server as a process of the current user, opening on the shelf.
c.JupyterHub.spawner_class = "simple"  # jupyterhub.spawner.SimpleLocalProcessSpawner
c.SimpleLocalProcessSpawner.home_dir_template = str(STATE / "home" / "{username}")
c.Spawner.cmd = [str(BIN / "jupyterhub-singleuser")]
c.Spawner.notebook_dir = str(ROOT / "notebooks")
c.Spawner.default_url = SHELF
c.Spawner.args = ["--allow-root"] if os.geteuid() == 0 else []
c.Spawner.environment = {
    # the hench serving mode (jupyter_server_config.json + hench_hub.py) and the repository's voila.json
    "JUPYTER_CONFIG_PATH": os.pathsep.join([str(DEPLOY / "singleuser"), str(ROOT)]),
    # hench_hub.py, and this checkout's hench and widgets (as `python -m widgets.serve` serves the checkout it runs
    # from), whatever copy of the kit the venv has installed
    "PYTHONPATH": os.pathsep.join([str(DEPLOY / "singleuser"), str(ROOT)]),
    "PYTHONUNBUFFERED": "1",
}
c.Spawner.start_timeout = 180  # a loaded 2-core machine can take a while to start a Jupyter server
c.Spawner.http_timeout = 180
# The same guarantees as the cluster's (values.yaml); a local spawner does not enforce them.
c.Spawner.mem_limit = "1G"
c.Spawner.mem_guarantee = "384M"
