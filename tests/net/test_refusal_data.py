"""A move against the rules, refused by a host, reaches the joined player as data (the
engine's code and values, never its English line) and their own screen words it in
their own language."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from cardtable.cards import parse_cards
from cardtable.engine.refusals import RuleRefusal
from cardtable.lang import use_language
from cardtable.net.protocol import ProtocolError, Refused, decode_host, encode, refusal_of, refused_message
from cardtable.session.notices import AgainstRules
from cardtable.tui.screens.game import GameScreen
from cardtable.tui.widgets.hand import HandView
from tests.net.apps import game_screen, joined_app, status, until, utf8_terminal  # noqa: F401
from tests.net.tables import open_table

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def polish() -> Iterator[None]:
    use_language("pl")
    yield
    use_language("en")


@pytest.mark.parametrize("refusal", [
    RuleRefusal("pass_count", count=3, given=2),
    RuleRefusal("rank_lower", cards=tuple(parse_cards("8D 10D"))),
    RuleRefusal("pass_first", count=3, direction="across", seat=2),
    RuleRefusal("malformed", action="jump", game="Durak"),
])
def test_a_refusal_goes_over_the_wire_as_its_code_and_values(refusal: RuleRefusal) -> None:
    data = encode(refused_message(7, AgainstRules(refusal)))
    assert str(refusal).encode() not in data  # no sentence
    message = decode_host(data)
    assert isinstance(message, Refused) and refusal_of(message) == AgainstRules(refusal)


@pytest.mark.parametrize("wrong", [
    {"code": "no_such_code"},
    {"code": "follow_suit", "suit": "Z"},
    {"code": "not_in_hand", "cards": ["1X"]},
    {"code": "pass_first", "direction": "up"},
])
def test_a_refusal_that_is_no_refusal_is_a_message_the_client_cannot_read(wrong: dict[str, object]) -> None:
    message = decode_host(json.dumps({"type": "refused", "seq": 1, "refusal": wrong}))
    assert isinstance(message, Refused)
    with pytest.raises(ProtocolError):
        refusal_of(message)


async def test_the_joined_players_screen_words_the_hosts_refusal_in_its_own_language(polish: None) -> None:
    sent: list[dict[str, object]] = []

    def keep(seat: int, data: bytes) -> None:
        message = json.loads(data)
        if message["type"] == "refused":
            sent.append(message)

    host, _ = await open_table("hearts", ["remote", "easy", "easy", "easy"], seed=3, on_send=keep, join=False)
    app = joined_app(host, 0)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until([pilot], lambda: isinstance(app.screen, GameScreen) and not host.paused
                        and game_screen(app).obs is not None and bool(game_screen(app).legal))
            screen = game_screen(app)
            hand = screen.query_one(HandView)
            for card in hand.cards[:2]:  # a pass of two cards: the host refuses it
                hand.cursor = hand.cards.index(card)
                await pilot.press("space")
            await pilot.press("enter")
            await until([pilot], lambda: "Odrzucono" in status(app), what=lambda: status(app))
            assert status(app) == "Odrzucono: musisz oddać dokładnie 3 karty, nie 2"
            # What came over the wire was the code and its values, not a sentence.
            assert sent == [{"type": "refused", "seq": sent[0]["seq"], "kind": "rules",
                             "refusal": {"code": "pass_count", "count": 3, "given": 2},
                             "last": 0, "waiting": None, "to_act": None}]
            assert len(host.session.state.history) == 0
    finally:
        await host.close()
