"""One keymap: the game screen's bindings, the help screen and the prompts all come
from cardtable.tui.keymap, so a key is written in one place only."""

from __future__ import annotations

import pytest
from rich.text import Text

from cardtable.games import get_rules
from cardtable.tui import keymap
from cardtable.tui.cardstyle import CardStyle
from cardtable.tui.keymap import PRIVACY_KEYS, TABLE_KEYS, KeyUse, say
from cardtable.tui.screens.confirm import ConfirmScreen
from cardtable.tui.screens.game import GameScreen
from cardtable.tui.screens.help import keys_markdown, table_features
from cardtable.tui.screens.privacy import PrivacyScreen
from cardtable.tui.tables import TableContext, table_for


def test_the_game_screens_bindings_are_the_keymap() -> None:
    bound = [(b.key, b.action, b.description, b.show) for b in GameScreen.BINDINGS]  # type: ignore[union-attr]
    assert bound == [(use.keys, use.action, use.label, use.footer) for use in TABLE_KEYS]
    for use in TABLE_KEYS:
        if not use.action.startswith("app."):
            assert callable(getattr(GameScreen, f"action_{use.name}", None)), use.action
    assert [b.key for b in PrivacyScreen.BINDINGS] == [use.keys for use in PRIVACY_KEYS]  # type: ignore[union-attr]
    assert ConfirmScreen.keys_hint() == "(y/n)"


@pytest.mark.parametrize("game", ["president", "durak", "hearts"])
def test_the_help_lists_the_keys_the_game_uses(game: str) -> None:
    text = keys_markdown(table_features(game))
    table = table_for(game)
    for use in TABLE_KEYS:
        applies = not use.needs or use.needs in table.extra_moves or (use.needs == "target" and table.has_targets)
        listed = any(line.startswith(f"| {use.written} ") or f" / {use.written} |" in line for line in text.splitlines())
        assert listed == applies or not use.does, (use, text)


def test_prompts_say_the_keys_of_the_keymap(monkeypatch: pytest.MonkeyPatch) -> None:
    # Bind Play and Pass to other keys: the prompts follow.
    moved = tuple(
        use._replace(keys={"play": "x", "pass_turn": "z"}.get(use.action, use.keys)) for use in TABLE_KEYS
    )
    monkeypatch.setattr(keymap, "TABLE_KEYS", moved)
    assert say("play") == "X" and say("pass_turn") == "Z"
    ctx = TableContext(("You", "Ada", "Ben", "Cleo"), ("You", "Ada", "Ben", "Cleo"), CardStyle())
    state = get_rules("hearts").new_game(players=4, seed=1)
    prompt = table_for("hearts").prompt(state.observation(0), state.legal_actions(), ctx)
    assert isinstance(prompt, Text) and prompt.plain.endswith("then X."), prompt.plain
    state = get_rules("president").new_game(players=3, seed=2)
    state.apply(next(a for a in state.legal_actions() if a.kind == "play"))
    prompt = table_for("president").prompt(state.observation(state.current_player), state.legal_actions(), ctx)
    assert "Z to pass" in prompt.plain, prompt.plain


def test_a_key_is_written_the_way_prompts_write_it() -> None:
    assert KeyUse("f1,question_mark", "app.help", "Help").written == "F1 or ?"
    assert say("undo") == "Ctrl+Z" and say("next_target") == "Tab"


async def test_pop_ups_name_the_keys_they_bind() -> None:
    from textual.app import App
    from textual.widgets import Button, Static

    from cardtable.tui.keymap import BOT_FAILURE_KEYS, INFO_KEYS
    from cardtable.tui.screens.botfailure import BotFailedScreen
    from cardtable.tui.screens.info import InfoScreen

    app: App[None] = App()
    async with app.run_test() as pilot:
        failed = BotFailedScreen("Ada (my_bot)", "it broke")
        await app.push_screen(failed)
        await pilot.pause()
        labels = {str(button.label) for button in failed.query(Button)}
        assert labels == {f"{use.label} ({use.keys})" for use in BOT_FAILURE_KEYS}
        assert [b.key for b in BotFailedScreen.BINDINGS] == [use.keys for use in BOT_FAILURE_KEYS]  # type: ignore[union-attr]
        app.pop_screen()
        info = InfoScreen(Text("scores"))
        await app.push_screen(info)
        await pilot.pause()
        assert any(str(s.render()) == "Esc to close" for s in info.query(Static))
        assert [b.key for b in InfoScreen.BINDINGS] == [use.keys for use in INFO_KEYS]  # type: ignore[union-attr]
