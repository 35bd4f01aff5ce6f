"""A package's names loaded when first asked for (PEP 562), so that importing the
package, or a part of it, does not load every module it offers names from.

>>> import sys, types
>>> package = types.ModuleType("demo")
>>> sys.modules["demo"] = package
>>> package.__getattr__, package.__dir__ = lazy_names("demo", {"sqrt": "math"}, ["sqrt"])
>>> package.sqrt(9.0), "sqrt" in dir(package)
(3.0, True)
>>> package.cube
Traceback (most recent call last):
AttributeError: module 'demo' has no attribute 'cube'
>>> del sys.modules["demo"]
"""

from __future__ import annotations

import importlib
import sys

TYPE_CHECKING = False  # typing itself is not loaded: `cardtable --version` goes through here
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping
    from typing import Any

__all__ = ["lazy_names", "lazy_class"]


def lazy_names(
    package: str, module_of: Mapping[str, str], names: Iterable[str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``: a name of ``module_of`` is
    imported from its module when first asked for, then kept in the package (a name
    whose module is the package's submodule of that name is the submodule)."""
    namespace = sys.modules[package].__dict__
    offered = set(names)

    def __getattr__(name: str) -> Any:
        module = module_of.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        imported = importlib.import_module(module)
        # A name may be the package's own submodule: "kernel" -> "package.kernel".
        value = imported if module == f"{package}.{name}" else getattr(imported, name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | offered)

    return __getattr__, __dir__


def lazy_class(module: str, name: str) -> Callable[..., Any]:
    """A factory that calls ``name`` of ``module`` with its arguments, importing the
    module at the first call rather than now.

    >>> square_root = lazy_class("math", "sqrt")
    >>> square_root(16.0)
    4.0
    """

    def make(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    make.__name__ = make.__qualname__ = name
    make.__doc__ = f"{name} of {module}, imported when first called."
    return make
