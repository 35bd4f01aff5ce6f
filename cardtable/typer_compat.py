"""Every use of Typer's and Click's private names, in one place.

Typer 0.26 and later carry their own copy of Click as ``typer._click``, and Typer's
public API has no names for what the command line needs of it: the exceptions a
command-line error is (:class:`ClickException`, :class:`UsageError`,
:class:`NoSuchOption`), and the parameters' internals that make ``--help`` show what a
person types and keep Pydantic out of a command's start.  tests/test_architecture.py
checks that no other module names them.  pyproject.toml bounds ``typer`` to the versions tested with
this module, and .ci/run runs the command-line tests against the newest Typer too, so
that a release that moves one of these names is found here, not by a player.

>>> issubclass(UsageError, ClickException) and issubclass(NoSuchOption, UsageError)
True
>>> ClickException("no such file").format_message()
'no such file'
"""

from __future__ import annotations

from typing import Any

from typer._click.exceptions import ClickException, NoSuchOption, UsageError
from typer.core import TyperArgument

__all__ = ["ClickException", "NoSuchOption", "UsageError", "as_typed", "convert_lightly"]


def _no_type(ctx: object = None) -> None:
    """What a parameter that takes no typed value shows as its type in ``--help``: nothing."""
    return None


def as_typed(params: list[Any]) -> list[Any]:
    """``params`` with no Python type shown beside a flag or an argument in ``--help``.

    Recent Typer writes every parameter's type beside it (``--ascii <bool>``,
    ``GAME <str>``), which is not what anyone types: a flag takes no value, and an
    argument's name (GAME, FILE) already says what goes there.  Options that take a value
    keep their metavar (``--seats KINDS``).  Typer versions without ``display_type_rich``
    never show these types, and ignore the attribute.
    """
    for param in params:
        if isinstance(param, TyperArgument) or getattr(param, "is_flag", False):
            param.display_type_rich = _no_type
    return params


class _PlainValue:
    """A parameter's conversion that loads nothing for what needs no converting.

    Recent Typer converts every value given to a parameter (the defaults too) through
    Pydantic, which takes longer to import than the rest of the command line together.
    A missing value (``None``) and a string for a ``str`` parameter come out as they go
    in whichever way, so they are passed through here; anything else (a number, a list)
    goes to Typer's own conversion, built when first needed, as Typer would build it.
    """

    _PLAIN = (str, str | None)

    def __init__(self, descriptor: Any, build: Any, pass_through: Any) -> None:
        self._descriptor = descriptor
        self._build = build
        self._none = pass_through(parameter_info=descriptor.parameter_info, annotation=descriptor.annotation)
        self._full: Any = None

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        if value is None:
            return self._none.coerce(value, param=param, ctx=ctx)  # Typer's own answer to "missing"
        if isinstance(value, str) and not (param.multiple or param.nargs != 1) and self._descriptor.annotation in self._PLAIN:
            return value
        if self._full is None:
            self._full = self._build(self._descriptor)
        return self._full.coerce(value, param=param, ctx=ctx)


def convert_lightly(params: list[Any]) -> list[Any]:
    """``params`` with :class:`_PlainValue` conversions, where this Typer converts lazily
    through ``get_runtime_param`` (Typer 0.29; older ones convert without Pydantic, and
    are left as they are)."""
    try:
        from typer._coercion import PassThroughRuntimeParam, build_runtime_param
    except ImportError:
        return params
    for param in params:
        if getattr(param, "_runtime_param", False) is None and hasattr(param, "type_descriptor"):
            param._runtime_param = _PlainValue(param.type_descriptor, build_runtime_param, PassThroughRuntimeParam)
    return params
