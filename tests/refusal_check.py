"""Every refusal the rules tests meet is checked: it has a code of its game and its values.

The conftest.py of tests/games and tests/engine wraps, for the whole of each test, the
engine's three ways of refusing (``apply`` raising, ``why_illegal``, ``why_illegal_for``)
of every registered game: whatever a test does, each refusal it meets must come with a
:class:`~cardtable.engine.refusals.RuleRefusal` whose code is one of the game's
``refusal_codes``, whose English line is the line the test sees (the parser's detailed
line aside: that refusal is ``malformed``), and which reads back the same from its data.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cardtable.engine.refusals import MALFORMED_CODE, RuleRefusal
from cardtable.engine.state import GameState
from cardtable.errors import IllegalActionError
from cardtable.games import all_rules

#: how many refusals were checked in this process (a test reads it to know the hook is on)
CHECKED = [0]


def check(state: GameState, line: str, refusal: RuleRefusal | None) -> None:
    """``refusal`` is a code of ``state``'s game with values that say ``line``."""
    assert refusal is not None, f"refused without a code: {line!r}"
    assert refusal.code in state.rules.refusal_codes, (refusal, state.rules.name)
    if refusal.code != MALFORMED_CODE:
        assert str(refusal) == line, (refusal, line)
    assert RuleRefusal.from_dict(refusal.to_dict()) == refusal
    CHECKED[0] += 1


def _checked_apply(apply: Callable[..., None]) -> Callable[..., None]:
    @functools.wraps(apply)
    def wrapper(self: GameState, action: Any) -> None:
        try:
            apply(self, action)
        except IllegalActionError as exc:
            check(self, str(exc), exc.refusal)
            raise

    return wrapper


def _checked_why(why: Callable[..., str | None], with_seat: bool) -> Callable[..., str | None]:
    @functools.wraps(why)
    def wrapper(self: GameState, *args: Any) -> str | None:
        line = why(self, *args)
        if line is not None:
            check(self, line, self.refusal_for(*args) if with_seat else self.refusal(*args))
        return line

    return wrapper


def state_classes() -> set[type[GameState]]:
    """The state classes of every registered game, and the engine's own."""
    classes: set[type[GameState]] = {GameState}
    for rules in all_rules():
        classes.update(cls for cls in type(rules.new_game(players=rules.min_players, seed=0)).__mro__
                       if isinstance(cls, type) and issubclass(cls, GameState))
    return classes


@pytest.fixture(autouse=True)
def every_refusal_has_a_code(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for cls in state_classes():
        own = vars(cls)
        if "apply" in own and cls is GameState:
            monkeypatch.setattr(cls, "apply", _checked_apply(own["apply"]))
        if "why_illegal" in own:
            monkeypatch.setattr(cls, "why_illegal", _checked_why(own["why_illegal"], with_seat=False))
        if "why_illegal_for" in own:
            monkeypatch.setattr(cls, "why_illegal_for", _checked_why(own["why_illegal_for"], with_seat=True))
    yield
