"""A host and a guest in two languages (issue 37): ``cardtable --lang nl host`` in a
process of its own, and a joined player's app that speaks Polish.  The host sends data
(the game's name, cards in the engine's notation, why it closes the connection), and
each side words it in its own language: the host's lines in Dutch, the guest's screen
in Polish, with Polish card letters, down to the host's goodbye."""

from __future__ import annotations

import os
import re
import signal
from pathlib import Path

import pytest

os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")

from cardtable.cardletters import card_label
from cardtable.cards import Rank
from cardtable.lang import use_language
from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.game import GameScreen
from cardtable.tui.wording import pause_line
from tests.net.apps import screen_text, until, utf8_terminal  # noqa: F401
from tests.net.processes import HostProcess, free_port

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")



@pytest.mark.slow
async def test_a_dutch_host_and_a_polish_guest_each_read_their_own_language(tmp_path: Path) -> None:
    port = free_port()
    host = HostProcess("hearts", "remote:Bea,easy,easy,easy", 5, port, str(tmp_path / "host"), "--lang", "nl")
    try:
        joins = host.join_lines(1)
        # The host's own lines are Dutch, with the Dutch name of the game.
        assert any("Hartenjagen staat open" in line for line in host.said), host.said
        address, code = joins["Bea"]

        use_language("pl")
        app = CardtableApp(join=(address, code, ""), bot_delay=0, trick_pause=0, ascii_only=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await until([pilot], lambda: isinstance(app.screen, GameScreen) and app.screen.view is not None,
                        timeout=30)
            screen = app.screen
            assert isinstance(screen, GameScreen)
            assert "Kierki" in str(screen.query_one("#title-bar").render())
            hand = list(screen.query_one("#hand").cards)  # type: ignore[attr-defined]
            shown = screen_text(app)
            faces = [card for card in hand if Rank.JACK <= card.rank <= Rank.KING]
            assert faces, hand
            for card in faces:
                assert card_label(card) in shown, (card_label(card), shown)  # W♥, D♠, K♣
            # Text that is no move is refused in Polish, its example typed with the Polish letters.
            await pilot.press("m", "j", "u", "m", "p", "enter")
            status = str(screen.query_one("#status").render())
            assert "'jump' to nie karta" in status and "ds 10h" in status, status
            assert "is not" not in status
            await pilot.press("escape")

            # Bea passes three cards typed with the Polish letters; the host gets the engine's notation.
            chosen = sorted(hand, key=lambda card: -card.rank)[:3]
            typed = " ".join(card_label(card, ascii_only=True).lower() for card in chosen)
            await pilot.press("m", *["space" if char == " " else char for char in typed], "enter")
            await until([pilot], lambda: screen.view is not None and screen.view.obs.hand_sizes[0] == 10
                        or any(card not in screen.query_one("#hand").cards for card in chosen),  # type: ignore[attr-defined]
                        timeout=30, what=lambda: screen_text(app))
            # The host's log, in Dutch: Bea came, and her pass (hidden from the host's log).
            host.wait_for(r"Bea doet mee")
            host.wait_for(r"Bea: give \? \? \?")

            # The host stops (Ctrl-C): the guest's screen says why in Polish, from the host's code for it.
            host.process.send_signal(signal.SIGINT)
            session = screen.session
            await until([pilot], lambda: session.presence is not None and session.presence.pause is not None,
                        timeout=30, what=lambda: screen_text(app))
            pause = session.presence.pause if session.presence is not None else None
            assert pause is not None
            line = pause_line(pause, screen.context.name)
            assert "gospodarz zamknął stół" in line, line
            assert "the host closed the table" not in line
        assert not any(re.search(r"[ĄąĘęŁłŃńÓóŚśŹźŻż]", line) for line in host.said), host.said
        # The host's log lines are data worded on the host: Dutch, no English left.
        assert any(re.search(r"luistert op 127\.0\.0\.1:\d+$", line) for line in host.said), host.said
        english = ("listening on", " joined", "rejoined", "left the table", "the game is over", "seat is played")
        assert not any(word in line for line in host.said for word in english), host.said
    finally:
        host.close()


def test_what_a_guest_s_own_side_says_is_in_the_guest_s_language() -> None:
    """The guest's words for what no host said: a seat whose name cannot be shown, a
    connection that ended on its own, a move that could not go; and the table's refusals."""
    from cardtable.net.protocol import SeatStatus, outside_text
    from cardtable.session.notices import NotConnected, RepeatedMove, SeatPlayedByBot, StillOnItsWay
    from cardtable.tui.farewells import parting_line
    from cardtable.tui.wording import refusal_line

    use_language("pl")
    assert outside_text(SeatStatus(seat=1, name="\x1b\x07", kind="remote")).name == "Gracz 2"
    assert parting_line("connection_closed", None, "the connection closed (1006)") == "połączenie zostało zerwane"
    assert "nie umie odczytać" in parting_line("unreadable", None, "the host sent a message we cannot read: x")
    names = ["Ann", "Bea"].__getitem__
    lines = [
        refusal_line(NotConnected("the connection closed", "connection_closed"), names),
        refusal_line(RepeatedMove(3, 5), names),
        refusal_line(SeatPlayedByBot(), names),
        refusal_line(StillOnItsWay(), names),
    ]
    assert lines[0] == "brak połączenia ze stołem: połączenie zostało zerwane", lines
    english = ("connect", "closed", "repeat", "seat", "bot plays", "your", "way")
    assert not any(word in line for line in lines for word in english), lines
