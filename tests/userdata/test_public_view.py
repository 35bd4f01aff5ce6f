"""The spectator view: everything public, and no card that any seat keeps hidden."""

from __future__ import annotations

import dataclasses
import random

import pytest

from cardtable.cards import Card
from cardtable.engine.events import Event
from cardtable.engine.observation import Observation
from cardtable.engine.state import GameState
from cardtable.games import get_rules

GAMES = {"president": (4, {"rounds": 3}), "durak": (4, {"rounds": 2}), "hearts": (4, {"target": 50})}


def cards_in(value: object) -> set[Card]:
    """Every card anywhere in a value: fields, tuples, events, and notation in the history."""
    found: set[Card] = set()
    if isinstance(value, Card):
        found.add(value)
    elif isinstance(value, Event):
        found |= set(value.cards) | cards_in(dict(value.info))
    elif isinstance(value, str):
        for word in value.split():
            try:
                found.add(Card.parse(word))
            except ValueError:
                pass
    elif isinstance(value, dict):
        for item in value.values():
            found |= cards_in(item)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            found |= cards_in(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            found |= cards_in(getattr(value, f.name))
    return found


def publicly_known(state: GameState, view: Observation, seat: int) -> set[Card]:
    """Cards in ``seat``'s hand that everyone may know are there (Durak: picked up, the trump)."""
    if state.rules.name == "durak":
        # The lowest trump is shown to everyone to settle who attacks first (rule 3).
        shown = {card for e in view.events if e.kind == "lowest_trump" and e.seat == seat for card in e.cards}
        return set(view.known_cards[seat]) | shown  # type: ignore[attr-defined]
    return set()


def positions(game: str, seed: int):
    players, options = GAMES[game]
    state = get_rules(game).new_game(players=players, seed=seed, **options)
    rng = random.Random(seed)
    yield state
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        yield state


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_public_view_holds_no_hidden_card(game: str) -> None:
    checked = 0
    for seed in (1, 2):
        round_start, round_number = 0, 1
        for state in positions(game, seed):
            view = state.public_observation()
            assert view.seat is None and view.hand == () and view.is_spectator and not view.is_my_turn
            if view.round != round_number:  # a new deal: earlier rounds' cards are back in hands
                round_start, round_number = len(state.history), view.round
            current = dataclasses.replace(
                view,
                history=view.history[round_start:],
                events=tuple(e for e in view.events if e.round == view.round),
            )
            shown = cards_in(current)
            for seat in range(state.num_players):
                hidden = set(state.hand(seat)) - publicly_known(state, view, seat)
                assert not shown & hidden, f"{game} seat {seat}: {sorted(map(str, shown & hidden))} shown"
            checked += 1
    assert checked > 200


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_public_view_keeps_every_public_fact(game: str) -> None:
    for state in positions(game, 3):
        view = state.public_observation()
        seen = state.observation(0)
        private = set(type(seen).SEAT_PRIVATE)
        for f in dataclasses.fields(view):
            if f.name in private | {"seat", "history", "events"}:
                continue
            assert getattr(view, f.name) == getattr(seen, f.name), f.name
        assert [s for s, _ in view.history] == [s for s, _ in state.history]
        assert len(view.events) == len(state.events)
        for name, blank in type(seen).SEAT_PRIVATE.items():
            assert getattr(view, name) == blank


def test_hidden_actions_show_as_unknown_cards() -> None:
    for state in positions("hearts", 4):
        if len(state.history) == 4:
            break
    view = state.public_observation()
    assert [text for _, text in view.history] == ["give ? ? ?"] * 4
    assert all(not event.cards for event in view.events if event.kind == "give")
    assert state.observation(0).history[0][1] != "give ? ? ?"
