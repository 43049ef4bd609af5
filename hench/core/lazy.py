"""A package whose names are imported on first use (PEP 562), written once for every game package:

    __getattr__, __dir__ = lazy_package(__name__, {"GAME": "game", ...}, ("odds", "bots"))

`import hench.<game>` then loads nothing of the engine; `hench.<game>.GAME` imports `game` (and caches the
name in the package), `hench.<game>.odds` the module itself.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping
from importlib import import_module
from typing import Any


def lazy_package(package: str, where: Mapping[str, str],
                 modules: Iterable[str] = ()) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The package's `__getattr__` and `__dir__`: a name of `where` comes from the module it maps to, a name
    of `modules` is that submodule."""
    submodules = frozenset(modules)

    def __getattr__(name: str) -> Any:
        if name in submodules:
            return import_module(f"{package}.{name}")
        if name not in where:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f"{package}.{where[name]}"), name)
        setattr(sys.modules[package], name, value)  # found once: later reads skip this hook
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *where, *submodules})

    return __getattr__, __dir__
