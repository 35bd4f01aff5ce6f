"""`cardtable join`'s table: a host in this process and two players' apps on loopback,
driven through their keys as people would play.

Each app is the real cardtable app (``run_test()``) joined to the host with its seat's
code: it draws only what the host sent that seat, sends the moves its keys make, shows
the host's reason for a refused move, and shows who is at the table and the pause
when the other player drops.
"""

from __future__ import annotations

import socket
from contextlib import AsyncExitStack

import pytest

from cardtable.engine.actions import Action
from cardtable.net.host import format_address
from cardtable.net.remote import RemoteSession
from cardtable.session.notices import AgainstRules
from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.game import GameScreen
from cardtable.tui.widgets.hand import HandView
from tests.net.apps import game_screen, joined_app, screen_text, status, until, utf8_terminal  # noqa: F401
from tests.net.tables import held_view, open_table

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.mark.slow
async def test_two_players_at_their_own_screens() -> None:
    host, _ = await open_table("durak", ["remote", "remote"], seed=4, join=False)
    apps = [joined_app(host, 0), joined_app(host, 1, "Bea")]
    try:
        async with AsyncExitStack() as stack:
            pilots = [await stack.enter_async_context(app.run_test(size=(120, 40))) for app in apps]
            await until(pilots, lambda: all(isinstance(app.screen, GameScreen) for app in apps)
                        and not host.paused and all("Bea" in screen_text(app) for app in apps))
            state = host.session.state
            screens = [game_screen(app) for app in apps]
            for seat, screen in enumerate(screens):
                # Each screen shows its own seat's hand, drawn from what the host sent it.
                assert isinstance(screen.session, RemoteSession) and screen.viewer == seat
                assert set(screen.query_one(HandView).cards) == set(state.hand(seat))
                assert screen.obs == state.observation(seat)
                title = str(screen.query_one("#title-bar").render())
                assert "at the table: Ann, Bea" in title and "seed" not in title
                # Undo is off with other people at the table; the key says why.
                assert not screen.check_action("undo", ())
            mover = state.current_player
            assert mover is not None
            other = 1 - mover
            pilot, screen = pilots[mover], screens[mover]

            # A legal move through the keys: the other screen redraws with it.
            hand = screen.query_one(HandView)
            history = len(state.history)
            card = next(card for card in hand.cards if Action.attack(card) in screen.legal)
            hand.cursor = hand.cards.index(card)
            await pilot.press("enter")
            await until(pilots, lambda: len(host.session.state.history) == history + 1)
            await until(pilots, lambda: screens[other].obs == held_view(host.session, other))
            seen = screens[other].obs
            assert seen is not None and card in {pair[0] for pair in seen.table}  # type: ignore[attr-defined]
            assert screens[other].session.human_to_act and screens[other].legal
            assert card not in hand.cards

            # The defender tries a card that does not beat it: the host refuses, with the
            # engine's reason, on the defender's screen; nothing changes.
            defender = screens[other].query_one(HandView)
            weak = next(c for c in defender.cards if not any(
                a.kind == "defend" and a.cards[1] == c for a in screens[other].legal))
            defender.cursor = defender.cards.index(weak)
            await pilots[other].press("enter")
            reason = host.session.state.refusal(Action.defend(card, weak))
            assert reason is not None
            await until(pilots, lambda: "Refused" in status(apps[other]))
            assert len(host.session.state.history) == history + 1
            # The host's reason came as data; the screen words it as play shows it.
            assert status(apps[other]) == screens[other].refusal(AgainstRules(reason)).plain

            # The mover leaves: the other plays on, for it is their turn (no pause)...
            screen.action_quit_table()
            await until(pilots, lambda: mover not in host.players
                        and "away: " in str(screens[other].query_one("#title-bar").render()))
            assert not host.paused and "Paused" not in status(apps[other])
            await pilots[other].press("t")
            await until(pilots, lambda: len(host.session.state.history) == history + 2)
            # ...until it is the away player's turn: then the other screen shows the pause.
            await until(pilots, lambda: "Paused" in status(apps[other]))
            assert "is away; waiting for" in status(apps[other]) and "Refused" not in status(apps[other])
            # A key pressed meanwhile makes no move.
            await pilots[other].press("enter")
            await pilots[other].pause()
            assert len(host.session.state.history) == history + 2 and "Paused" in status(apps[other])

            # The same code takes the seat back, at the same point, and the pause is over.
            back = joined_app(host, mover)
            pilots.append(await stack.enter_async_context(back.run_test(size=(120, 40))))
            await until(pilots, lambda: isinstance(back.screen, GameScreen) and not host.paused
                        and "Paused" not in status(apps[other]) and game_screen(back).obs is not None)
            assert game_screen(back).obs == held_view(host.session, mover)
    finally:
        await host.close()


async def test_a_code_that_opens_no_seat_is_told_in_one_line() -> None:
    host, _ = await open_table("durak", ["remote", "remote"], seed=4, join=False)
    app = CardtableApp(join=(format_address(*host.address), "not-a-code", ""), bot_delay=0, trick_pause=0)
    try:
        async with app.run_test() as pilot:
            await until([pilot], lambda: app.join_error is not None)
        assert app.join_error and "\n" not in app.join_error
    finally:
        await host.close()


def test_join_on_the_command_line_says_what_is_wrong_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from cardtable.cli import main

    assert main(["join", "127.0.0.1:port", "abc"]) == 2
    assert "is not HOST:PORT" in capsys.readouterr().err
    assert main(["join", "127.0.0.1:8765", "abc", "--name", "A" * 40]) == 2
    assert "--name" in capsys.readouterr().err
    assert main(["serve", "--port", "0"]) == 2
    assert "--port" in capsys.readouterr().err


def test_joining_a_host_that_is_not_there_fails_in_one_line_before_any_screen(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardtable.cli import main
    from cardtable.commands import play

    started: list[object] = []
    monkeypatch.setattr(play, "run_app", started.append)  # the screen must not be taken over
    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    assert main(["join", f"127.0.0.1:{port}", "abc"]) == 2
    captured = capsys.readouterr()
    assert captured.err == (f"cardtable: cannot join: nobody answers at 127.0.0.1:{port}: check the address and port, "
                            "or ask the host whether the table is still open\n")
    assert started == [] and captured.out == ""


@pytest.mark.slow
async def test_a_hint_from_the_seats_own_observation() -> None:
    host, _ = await open_table("durak", ["remote", "remote"], seed=4, join=False)
    apps = [
        CardtableApp(join=(format_address(*host.address), host.codes[seat], ""), bot_delay=0, trick_pause=0,
                     hint_iterations=30)
        for seat in range(2)
    ]
    try:
        async with AsyncExitStack() as stack:
            pilots = [await stack.enter_async_context(app.run_test(size=(120, 40))) for app in apps]
            await until(pilots, lambda: all(isinstance(app.screen, GameScreen) for app in apps) and not host.paused)
            mover = host.session.to_act
            assert mover is not None
            screen = game_screen(apps[mover])
            # What the hard bot is given: this seat's observation and legal moves, nothing more.
            request = screen.session.hint_request(mover)
            assert not isinstance(request, str)
            assert request.observation == held_view(host.session, mover)
            assert [str(a) for a in request.legal] == [str(a) for a in host.session.legal_actions()]
            assert isinstance(game_screen(apps[1 - mover]).session.hint_request(1 - mover), str)  # not its turn
            await pilots[mover].press("h")
            await until(pilots, lambda: status(apps[mover]).startswith("Hint"), timeout=30)
            hinted = screen.hints.action
            assert hinted is not None and hinted in host.session.legal_actions()
            # Enter plays the hint; the host applies it.
            history = len(host.session.state.history)
            await pilots[mover].press("enter")
            await until(pilots, lambda: len(host.session.state.history) == history + 1)
            assert host.session.state.history[-1] == (mover, hinted)
    finally:
        await host.close()


async def test_a_joined_player_asks_a_hint_and_why() -> None:
    """H on a joined seat's turn gives the hard bot's hint, thought on that seat's view
    only; H again shows why, as at a table played here."""
    from cardtable.tui.screens.info import InfoScreen

    host, _ = await open_table("durak", ["remote", "easy"], seed=4, join=False)
    app = joined_app(host, 0, hint_iterations=60)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until([pilot], lambda: isinstance(app.screen, GameScreen) and game_screen(app).session.human_to_act)
            await pilot.press("h")
            await until([pilot], lambda: status(app).startswith("Hint:"), timeout=60, what=lambda: status(app))
            await pilot.press("h")
            await until([pilot], lambda: isinstance(app.screen, InfoScreen), what=lambda: app.screen)
            assert "Why this hint" in screen_text(app)
            assert "the hard bot played the rest out" in screen_text(app)
    finally:
        await host.close()


@pytest.mark.parametrize("address", ["localhost", "[::1]"])
def test_a_refused_connection_is_said_in_plain_words_whatever_the_address(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, address: str,
) -> None:
    from cardtable.cli import main
    from cardtable.commands import play

    monkeypatch.setattr(play, "run_app", lambda app: pytest.fail("no screen for a table nobody hosts"))
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    assert main(["join", f"{address}:{port}", "abc"]) == 2
    err = capsys.readouterr().err
    if "nobody answers" not in err:  # a machine without IPv6 says it cannot reach [::1]
        assert address == "[::1]" and "cannot be reached from here" in err
    assert "Errno" not in err and "Connect call" not in err and err.count("\n") == 1
