"""The start screen's *Join a table* pop-up and the host's pop-up of remote seats,
without a network: what they ask, what they refuse, and the keys they name."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")

from textual.events import Paste
from textual.widgets import Button, Input, Static

from cardtable.net.client import read_join_line
from cardtable.tui.app import CardtableApp
from cardtable.tui.keymap import JOIN_KEYS, SEATS_KEYS, START_KEYS, TABLE_KEYS
from cardtable.tui.screens.help import keys_markdown, table_features
from cardtable.tui.screens.join import JoinScreen
from cardtable.tui.screens.seats import SeatsScreen
from cardtable.tui.screens.start import StartScreen

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def error_line(app: CardtableApp) -> str:
    return str(app.screen.query_one("#join-error", Static).render())


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("cardtable join 127.0.0.1:8765 abc", ("127.0.0.1:8765", "abc", "")),
        ("Ann: cardtable join 10.0.0.2:9000 x_y-Z --name Ann", ("10.0.0.2:9000", "x_y-Z", "Ann")),
        ("  cardtable   join [::1]:8765 abc --name='Zoë B'  ", ("[::1]:8765", "abc", "Zoë B")),
        ("127.0.0.1:8765 abc", ("127.0.0.1:8765", "abc", "")),
        ("cardtable join 127.0.0.1:8765", ("127.0.0.1:8765", "", "")),
        ("127.0.0.1:8765", None),
    ],
)
def test_a_join_line_is_read_into_its_parts(line: str, expected: tuple[str, str, str] | None) -> None:
    assert read_join_line(line) == expected


@pytest.mark.slow
async def test_the_join_pop_up_checks_its_fields_in_one_line_and_takes_a_pasted_line() -> None:
    app = CardtableApp(bot_delay=0, trick_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        # The start screen offers it by key and by mouse, within 80x24.
        assert any(use.action == "join" for use in START_KEYS)
        button = app.screen.query_one("#join-table", Button)
        assert button.region.right <= 80 and button.region.bottom <= 24
        await pilot.click("#join-table")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, JoinScreen)
        box = screen.query_one("#join-box")
        assert box.region.right <= 80 and box.region.bottom <= 24
        cases = [
            (("", "abc", ""), "Can't join: no address: it is the HOST:PORT after 'cardtable join' on the join line"),
            (("127.0.0.1:99999", "abc", ""), "Can't join: '127.0.0.1:99999' is not HOST:PORT (the port is a number "
                                             "from 1 to 65535)"),
            (("127.0.0.1:8765", "  ", ""), "Can't join: no code: the code is the text after the address on the join "
                                           "line"),
            (("127.0.0.1:8765", "abc", "[b]x[/b]\x1b"), None),
        ]
        for (address, code, name), expected in cases:
            screen.query_one("#join-address", Input).value = address
            screen.query_one("#join-code", Input).value = code
            screen.query_one("#join-name", Input).value = name
            screen.action_join()
            await pilot.pause()
            if expected is not None:
                assert error_line(app) == expected
        # A name from outside is shown literally: markup stays text, a control character an escape.
        assert error_line(app).startswith("Can't join: name: ") and "[b]x[/b]" in error_line(app)
        assert "\x1b" not in error_line(app)
        assert isinstance(app.screen, JoinScreen)  # nothing was sent: nothing to wait for

        # A whole line pasted into the code field fills all three; a name with a space
        # pasted into the name field stays a name.
        for field in ("#join-address", "#join-code", "#join-name"):
            screen.query_one(field, Input).value = ""
        screen.query_one("#join-code", Input).post_message(Paste("Bea: cardtable join 127.0.0.1:8765 s3cr3t"))
        await pilot.pause()
        assert screen.values() == ("127.0.0.1:8765", "s3cr3t", "")
        screen.query_one("#join-name", Input).focus()
        await pilot.pause()
        screen.query_one("#join-name", Input).post_message(Paste("Zoë B"))
        await pilot.pause()
        assert screen.values() == ("127.0.0.1:8765", "s3cr3t", "Zoë B")
        # Its buttons name its keys; Esc goes back to the start screen.
        labels = {str(b.label) for b in screen.query(Button)}
        assert "Cancel (Esc)" in labels and [b.key for b in JoinScreen.BINDINGS] == [u.keys for u in JOIN_KEYS]  # type: ignore[union-attr]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)


def test_the_seats_key_is_in_the_help_of_a_hosted_table_only() -> None:
    use = next(use for use in TABLE_KEYS if use.action == "seats")
    row = f"| {use.written} | {use.does}"
    for game in ("president", "durak", "hearts"):
        assert row not in keys_markdown(table_features(game))
        assert row in keys_markdown(table_features(game) + ("hosting",))
    assert [b.key for b in SeatsScreen.BINDINGS] == [u.keys for u in SEATS_KEYS]  # type: ignore[union-attr]
