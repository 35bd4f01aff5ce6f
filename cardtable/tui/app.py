"""The cardtable Textual application.

>>> app = CardtableApp()
>>> app.pace
'normal'
"""

from __future__ import annotations

from textual.app import App
from textual.binding import Binding

from cardtable.engine.state import GameState
from cardtable.tui.cardstyle import CardStyle, terminal_can_show_suits
from cardtable.tui.config import PACES, TableConfig

__all__ = ["CardtableApp"]


class CardtableApp(App[None]):
    """Starts on the start screen, or straight into a game when given a config."""

    CSS_PATH = "app.tcss"
    TITLE = "cardtable"
    BINDINGS = [
        Binding("f1", "help", "Help", show=False),
        Binding("ctrl+q", "quit", "Quit", show=False),
    ]

    def __init__(
        self,
        config: TableConfig | None = None,
        *,
        ascii_only: bool | None = None,
        four_colour: bool = False,
        pace: str = "normal",
        bot_delay: float | None = None,
        state: GameState | None = None,
    ) -> None:
        super().__init__()
        self.config = config
        # A game already under way (a loaded save later; a fixed deal in tests).
        self.initial_state = state
        self.ascii_only = (not terminal_can_show_suits()) if ascii_only is None else ascii_only
        self.card_style = CardStyle(ascii_only=self.ascii_only, four_colour=four_colour)
        self.pace = pace if pace in PACES else "normal"
        self._bot_delay = bot_delay

    @property
    def bot_delay(self) -> float:
        """Seconds a bot waits before moving (tests set 0 through ``bot_delay``)."""
        return PACES[self.pace] if self._bot_delay is None else self._bot_delay

    def on_mount(self) -> None:
        if self.config is not None:
            self.start_game(self.config)
        else:
            self.show_start()

    def show_start(self, game: str = "president") -> None:
        from cardtable.tui.screens.start import StartScreen

        self._put_screen(StartScreen(game))

    def start_game(self, config: TableConfig) -> None:
        from cardtable.tui.screens.game import GameScreen

        self.config = config
        state, self.initial_state = self.initial_state, None
        self._put_screen(GameScreen(config, state))

    def _put_screen(self, screen: object) -> None:
        # Drop any modal left on top, then put the new screen in place of the old one.
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)  # type: ignore[arg-type]
        else:
            self.push_screen(screen)  # type: ignore[arg-type]

    def action_help(self) -> None:
        from cardtable.tui.screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            return
        game = getattr(self.screen, "game_name", None)
        self.push_screen(HelpScreen(game))
