"""A served app kernel's memory cap (issue 31): a page that grows its kernel without bound (widgets created over
and over from crafted messages: 58 to 384 MiB, kept after the page left) must not take the class server down.

In a served kernel a watcher thread reads the process's resident memory every few seconds. Over the cap it
tells the visitor, on every message line of the page, that the app stopped and a reload starts it afresh,
then ends the kernel; the server restarts or reaps it (and a reloaded page gets a fresh kernel). The cap is
`HENCH_KERNEL_MEMORY_MIB` (default 512 MiB; an app kernel holds 130-160 MiB). Not in the static site's
browser kernel (no threads, and the browser bounds its own tab).
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable

DEFAULT_CAP_MIB = 512  # 3-4x what an app kernel holds; at 768 a 24 GiB server had places for only 22 visitors (issue 42)
EVERY_S = 3.0
TOLD = ("This app used more memory than one page may, so it has stopped. Reload the page to start it afresh "
        "(your game in this tab is lost; other tabs are not affected).")
log = logging.getLogger("hench.widgets")
_started = False


def cap_mib() -> int:
    try:
        return max(64, int(os.environ.get("HENCH_KERNEL_MEMORY_MIB", DEFAULT_CAP_MIB)))
    except ValueError:
        return DEFAULT_CAP_MIB


def resident_mib() -> float:
    """This process's resident memory (Linux /proc; 0 where it cannot be read)."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
    except (OSError, ValueError, IndexError):
        return 0.0
    return pages * os.sysconf("SC_PAGE_SIZE") / (1024 * 1024)


def tell_every_page_line(text: str) -> int:
    """Show `text` as an error on every MessageArea of this kernel; how many were told."""
    import ipywidgets as ipw

    from .core import MessageArea

    try:
        from ipywidgets.widgets.widget import _instances as registry  # ipywidgets 8
    except ImportError:  # pragma: no cover - ipywidgets 7
        registry = ipw.Widget.widgets
    told = 0
    for widget in list(registry.values()):
        if isinstance(widget, MessageArea):
            widget.show(text, "error")
            told += 1
    return told


def check(limit_mib: float, measure: Callable[[], float] = resident_mib, tell: Callable[[str], int] = tell_every_page_line,
          end: Callable[[], None] = lambda: os._exit(3)) -> bool:
    """One look: over the cap, tell the visitor and end the kernel. Returns whether it was over."""
    used = measure()
    if used <= limit_mib:
        return False
    log.warning("kernel %d: %.0f MiB resident, over the cap of %.0f MiB: telling the page and stopping", os.getpid(), used, limit_mib)
    tell(TOLD)
    time.sleep(1.0)  # the message on its way to the page before the kernel goes
    end()
    return True


def install_memory_cap() -> bool:
    """Start the watcher in a served kernel (once). Returns True if started."""
    global _started
    from .core import in_browser, served_kernel

    if _started or in_browser() or not served_kernel():
        return _started
    limit = cap_mib()

    def watch() -> None:
        while not check(limit):
            time.sleep(EVERY_S)

    threading.Thread(target=watch, name="hench-memory-cap", daemon=True).start()
    _started = True
    return True
