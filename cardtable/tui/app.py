"""The cardtable Textual application.

Settings come from the player's ``settings.toml`` (see
:mod:`cardtable.userdata.settings`) unless the command line says otherwise; the game
in progress is saved after every action to its own save (a
:class:`~cardtable.userdata.slots.GameSlot`: ``DATA/saves/ID.json``, or ``save_path``),
locked while it is open here.

>>> app = CardtableApp(pace="normal")
>>> app.pace
'normal'
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import App
from textual.binding import Binding
from textual.driver import Driver
from textual.notifications import SeverityLevel
from textual.screen import Screen

from cardtable.asciitext import terminal_can_show_suits, to_ascii
from cardtable.display import visible
from cardtable.errors import SaveFileError
from cardtable.lang import _
from cardtable.session.saving import SlotSaver
from cardtable.tui.config import PACES, TRICK_PAUSES, TableConfig, config_for_state
from cardtable.userdata.settings import Settings, load_settings

if TYPE_CHECKING:
    from collections.abc import Callable

    from cardtable.engine.state import GameState
    from cardtable.net.host import NetHost
    from cardtable.session.protocol import Seating, TableProtocol
    from cardtable.session.review import RoundReviews
    from cardtable.tui.cardstyle import CardStyle
    from cardtable.tui.services import AppServices
    from cardtable.userdata.records import Replay
    from cardtable.userdata.slots import GameSlot, SavedGame

__all__ = ["CardtableApp", "ascii_driver"]

# Footer keys in ASCII mode: words for the arrows Textual draws.
_ASCII_KEY_NAMES = {"⏎": "enter", "←": "left", "→": "right", "↑": "up", "↓": "down", "⌫": "backspace"}


def ascii_driver(base: type[Driver]) -> type[Driver]:
    """``base`` writing only ASCII to the terminal while its app is in ASCII mode.

    Textual draws lines, corners and markers the terminal may not be able to show; the
    app's own glyphs have ASCII forms, and this catches everything else (see
    :func:`~cardtable.tui.cardstyle.to_ascii`) at the one place output leaves.
    """

    class AsciiDriver(base):  # type: ignore[valid-type, misc]
        def write(self, data: str) -> None:
            if getattr(self._app, "ascii_only", False):
                data = to_ascii(data)
            super().write(data)

    AsciiDriver.__name__ = AsciiDriver.__qualname__ = f"Ascii{base.__name__}"
    return AsciiDriver



def local_table(config: TableConfig, state: GameState | None = None) -> TableProtocol:
    """The table a game played at this keyboard is: ``config``'s seats at a new deal,
    or at ``state`` (a resumed game: what happened before was told already)."""
    from cardtable.session import Seat, TableSession

    seats = [Seat.from_spec(seat.name, seat.kind) for seat in config.seats]
    return TableSession(state if state is not None else config.new_state(), seats, resumed=state is not None)

class CardtableApp(App[None]):
    """Starts on the start screen, or straight into a game when given a config."""

    CSS_PATH = "app.tcss"
    TITLE = "cardtable"
    BINDINGS = [
        Binding("f1", "help", "Help", show=False),
        Binding("ctrl+q", "quit", "Quit", show=False),
    ]
    # Textual's command palette offers Textual's commands (themes, a screenshot, its
    # panel of keys), in English, and nothing of cardtable's: every action here has a
    # key of its own, which the help screen lists.  So no Ctrl+P and no "^p palette".
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        config: TableConfig | None = None,
        *,
        ascii_only: bool | None = None,
        four_colour: bool | None = None,
        pace: str | None = None,
        bot_delay: float | None = None,
        trick_pause: float | None = None,
        state: GameState | None = None,
        save_path: str | os.PathLike[str] | None = None,
        slot: GameSlot | None = None,
        settings: Settings | None = None,
        hint_iterations: int | None = None,
        think: float | None = None,
        replay: object | None = None,
        replay_seat: int | None = None,
        replay_record: Path | None = None,
        join: tuple[str, str, str] | None = None,
        hosting: tuple[NetHost, str, int] | None = None,
    ) -> None:
        super().__init__()
        self.config = config
        # A game already under way (a loaded save; a fixed deal in tests).
        self.initial_state = state
        if settings is None:
            settings, self.settings_warnings = load_settings()
        else:
            self.settings_warnings = []
        self.settings = settings
        #: what the command line fixed; the settings screen does not override these
        self._forced = {"ascii": ascii_only, "four_colour": four_colour, "pace": pace}
        self.ascii_only = False
        self._card_style: CardStyle | None = None
        self._four_colour = False
        self.pace = "normal"
        self.apply_settings(settings)
        self._bot_delay = bot_delay
        self._trick_pause = trick_pause
        #: saves the open game to its slot, locked while it is open (made at its first save)
        self.saver = SlotSaver(slot, save_path)
        #: a fixed number of search iterations for hints (tests), else the time budget
        self.hint_iterations = hint_iterations
        #: the hard bots' thinking time given on the command line (else the settings')
        self._think = think
        #: the unfinished games the start screen lists, newest first
        self.saved_games: list[SavedGame] = []
        #: a :class:`~cardtable.userdata.records.Replay` to open instead of a game
        self.replay = replay
        self.replay_seat = replay_seat
        #: the file the replay was read from (a review of it is kept beside it)
        self.replay_record = replay_record
        #: ``(address, code, name)``: join that hosted table at start (``cardtable join``)
        self.join = join
        #: why joining failed (the app then exits; the command prints it)
        self.join_error: str | None = None
        #: ``(host, address, port)``: serve this table and play its seat here (``cardtable host``)
        self.hosting = hosting
        #: the join lines the host printed, once it listens
        self.join_lines: list[str] = []
        #: the exception that crashed the app, and the log its traceback went to
        self.crash_error: BaseException | None = None
        self.crash_log: Path | None = None
        self._recovered = False

    def _handle_exception(self, error: Exception) -> None:
        """A crash: the traceback goes to a log file instead of the terminal.

        Textual still ends the app with return code 1 (and hands the error to a test's
        pilot); :func:`cardtable.commands.play.run_app` then prints one line naming the
        log.  The game in progress was saved after its last action, so nothing is lost.
        """
        from textual.worker import WorkerFailed

        from cardtable.userdata.crashlog import write_crash_log

        if self.crash_error is None:
            # A worker's failure wraps the real one, which is what the player is told.
            cause = error.error if isinstance(error, WorkerFailed) else error
            self.crash_error = cause
            self.crash_log = write_crash_log(cause, context=f"screen: {type(self.screen).__name__}")
        super()._handle_exception(error)
        # Textual would print the whole traceback once the screen is restored: the log has it.
        self._exit_renderables.clear()

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """Show a notification, literally and on one line unless ``markup`` is asked for.

        Notifications here carry text from outside (file paths, settings keys and
        values, moves read from a damaged file), so unlike Textual's default they are
        never read as markup and their control characters are shown as escapes.
        """
        if not markup:
            message, title = visible(message), visible(title)
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def action_help_quit(self) -> None:
        """Ctrl+C does not quit (it copies in a text box): say which key does, in the
        reader's words (Textual's own note is English, and shows its markup here)."""
        from cardtable.tui.keymap import written

        for key, active in self.active_bindings.items():
            if active.binding.action in ("quit", "app.quit"):
                self.notify(_("Press {key} to quit cardtable.").format(key=written(key)), title=_("Quit?"))
                return

    def apply_settings(self, settings: Settings) -> None:
        """Use ``settings`` for the card style and bot speed (command-line flags win)."""
        self.settings = settings
        ascii_only = self._forced["ascii"]
        if ascii_only is None:
            ascii_only = settings.ascii_suits or not terminal_can_show_suits()
        four_colour = self._forced["four_colour"]
        if four_colour is None:
            four_colour = settings.four_colour_deck
        pace = self._forced["pace"] or settings.bot_speed
        self.ascii_only = bool(ascii_only)
        # game.tcss and screens.tcss draw borders with ASCII characters under this class.
        self.set_class(self.ascii_only, "-ascii")
        self._four_colour = bool(four_colour)
        self._card_style = None
        self.pace = pace if pace in PACES else "normal"

    @property
    def card_style(self) -> CardStyle:
        """How cards are drawn (the settings' and the command line's), made when a table
        first asks: the start screen shows no card, and the cards' module stays unloaded."""
        if self._card_style is None:
            from cardtable.tui.cardstyle import CardStyle

            self._card_style = CardStyle(ascii_only=self.ascii_only, four_colour=self._four_colour)
        return self._card_style

    def get_driver_class(self) -> type[Driver]:
        return ascii_driver(super().get_driver_class())

    def get_key_display(self, binding: Binding) -> str:
        display = super().get_key_display(binding)
        if not self.ascii_only:
            return display
        return to_ascii("".join(_ASCII_KEY_NAMES.get(char, char) for char in display))

    @property
    def think(self) -> float:
        """Seconds a hard bot (and the hint) thinks a decision: the command line's
        ``--think``, else the ``think_seconds`` setting."""
        return self._think if self._think is not None else self.settings.think_seconds

    @property
    def bot_cores(self) -> int:
        """The most cores a hard bot (and the hint) thinks on: the ``bot_cores`` setting."""
        return self.settings.bot_cores

    @property
    def bot_delay(self) -> float:
        """Seconds a bot waits before moving (tests set 0 through ``bot_delay``)."""
        return PACES[self.pace] if self._bot_delay is None else self._bot_delay

    @property
    def trick_pause(self) -> float:
        """Seconds a completed trick or bout stays on the table: by the bot speed, scaled
        with a ``bot_delay`` given (tests pass 0, so nothing waits), or as given.

        >>> CardtableApp(pace="slow").trick_pause, CardtableApp(bot_delay=0).trick_pause
        (2.0, 0.0)
        """
        if self._trick_pause is not None:
            return self._trick_pause
        if self._bot_delay is not None:
            return self._bot_delay * TRICK_PAUSES[self.pace] / PACES[self.pace]
        return TRICK_PAUSES[self.pace]

    def on_mount(self) -> None:
        for line in self.settings_warnings:
            self.notify(line, severity="warning", timeout=8, markup=False)
        self.settings_warnings = []
        # The first screen goes up once the app itself is mounted: Textual holds back
        # every frame until then, so a screen pushed now would be laid out and drawn
        # once for nothing and then again.
        self.call_later(self._open_first_screen)

    def _open_first_screen(self) -> None:
        """Put up what the app was started for: a replay, a hosted or joined table, a
        game, or the start screen; the player's files are read once its first frame is
        out (before the list of saved games, which waits for it too)."""
        if self.replay is not None:
            from cardtable.tui.screens.replay import ReplayScreen

            self.push_screen(ReplayScreen(self.replay, self.replay_seat, self.replay_record))  # type: ignore[arg-type]
        elif self.hosting is not None and self.config is not None:
            self.run_worker(self.host_table(self.config, *self.hosting), group="host", exit_on_error=True)
        elif self.join is not None:
            self.run_worker(self.join_table(*self.join), group="join", exit_on_error=False)
        elif self.config is not None:
            self.start_game(self.config)
        else:
            self.show_start()
        self.call_after_refresh(self._after_first_frame)

    def _after_first_frame(self) -> None:
        from cardtable.gcpause import resume_collection

        # Held back since `cardtable` started (cardtable.__main__), for a quicker first frame.
        resume_collection()
        self._recover()

    def _recover(self) -> None:
        """Finish what a killed cardtable left half done (once, before the saves are listed)."""
        if self._recovered:
            return
        self._recovered = True
        from cardtable.userdata.recovery import recover

        for line in recover():
            self.notify(line, severity="warning", timeout=12, markup=False)

    def check_saves(self) -> None:
        """Read the list of unfinished games afresh; a damaged save set aside is reported."""
        from cardtable.userdata.slots import unfinished_games

        self._recover()

        self.saved_games, messages = unfinished_games()
        for line in messages:
            self.notify(line, severity="error", timeout=12, markup=False)

    def resume_game(self, game: SavedGame) -> None:
        """Continue a listed game where it was left, saving on to its file.

        The file is read again now (never the copy the list was made from), under the
        game's lock; a game open in another cardtable is refused in one line.
        """
        from cardtable.userdata.slots import GameSlot

        self.close_game()
        try:
            slot, state = GameSlot.open(game.path)
        except SaveFileError as exc:
            self.notify(str(exc), severity="error", timeout=12, markup=False)
            self.show_start(game.game)
            return
        self.slot = slot
        self.initial_state = state
        self.start_game(config_for_state(state))

    def show_start(self, game: str | None = None) -> None:
        """Put the start screen up; its list of unfinished games is read and shown after
        the screen's first frame."""
        from cardtable.tui.screens.start import StartScreen

        self.close_game()
        self.saved_games = []  # until the screen has read them
        self._put_screen(StartScreen(game))

    def open_review(
        self,
        replay: Replay,
        seat: int,
        rounds: tuple[int, ...] | None = None,
        callback: Callable[[object], None] | None = None,
        record: Path | None = None,
        kept: RoundReviews | None = None,
    ) -> None:
        """Review ``seat``'s decisions in ``replay`` (``rounds``: which) on the review screen,
        with the thinking time, the cores and the hint's iterations of this app; with
        ``record`` (the file ``replay`` was read from) the review is kept beside it and
        read back from it the next time; with ``kept`` (the reviews of a game at the
        table), there."""
        from cardtable.bots.search.pool import play_workers
        from cardtable.tui.screens.review import ReviewScreen

        screen = ReviewScreen(
            replay, seat, rounds=rounds, record=record, kept=kept, think=self.think,
            iterations=self.hint_iterations, workers=play_workers(self.bot_cores),
        )
        self.push_screen(screen, callback)

    def open_seats(self, seating: Seating, seat_name: Callable[[int], str]) -> None:
        """The host's pop-up of remote seats (the ``seating`` of the host's own seat of a
        networked table), unless it is open already."""
        from cardtable.tui.screens.seats import SeatsScreen

        if not isinstance(self.screen, SeatsScreen):
            self.push_screen(SeatsScreen(seating, seat_name))

    def seats_changed(self) -> None:
        """A player came or went: the host's pop-up of remote seats, if open, says so."""
        from cardtable.tui.screens.seats import SeatsScreen

        if isinstance(self.screen, SeatsScreen):
            self.screen.refresh_seats()

    def start_game(self, config: TableConfig) -> None:
        from cardtable.tui.screens.game import GameScreen

        if self.initial_state is None:
            self.close_game()  # a new game gets a save of its own at its first save
        self.config = config
        state, self.initial_state = self.initial_state, None
        self._put_screen(GameScreen(config, local_table(config, state)))

    async def join_table(self, address: str, code: str, name: str = "") -> None:
        """``cardtable join``: open the hosted table at ``address`` for the seat of
        ``code``; on failure keep the reason in :attr:`join_error` and exit."""
        problem = await self.open_joined_table(address, code, name)
        if problem is not None:
            self.join_error = problem
            self.exit()

    async def open_joined_table(self, address: str, code: str, name: str = "") -> str | None:
        """Join the hosted table at ``address`` with the seat's ``code`` and open its
        table (``cardtable join``, or *Join a table* on the start screen); return ``None``
        once it is open, else why it could not be joined, in one line."""
        from cardtable.errors import CardtableError
        from cardtable.net.client import JoinError, TableClient
        from cardtable.net.remote import RemoteSession
        from cardtable.tui.config import SeatConfig
        from cardtable.tui.screens.game import GameScreen

        try:
            client = TableClient(address, code, name)
        except CardtableError as exc:
            return " ".join(str(exc).split())
        try:
            await client.join()
            session = RemoteSession(client, hint_iterations=self.hint_iterations)
        except JoinError as exc:
            from cardtable.tui.wording import join_failure

            await client.close()
            return join_failure(exc)
        except (CardtableError, ValueError) as exc:
            await client.close()
            return " ".join(str(exc).split())
        except BaseException:
            # Cancelled while joining (the player gave up): the seat must not stay taken.
            await client.close()
            raise
        seats = tuple(
            SeatConfig(seat.bot if seat.is_bot else "human", seat.name) for seat in session.seats
        )
        self.close_game()
        self.config = TableConfig(client.game, seats, None, dict(client.options))
        session.watch()
        self._put_screen(GameScreen(self.config, session=session))
        return None

    async def host_table(self, config: TableConfig, host: NetHost, address: str, port: int) -> None:
        """Listen for the remote players, open the table for the seat at this keyboard,
        and show the join lines to send (kept in :attr:`join_lines`)."""
        from rich.text import Text

        from cardtable.net.host import format_address
        from cardtable.tui.screens.game import GameScreen
        from cardtable.tui.screens.info import InfoScreen

        await host.start(address, port)
        where = format_address(*host.address)
        from cardtable.userdata.meta import shown_name

        self.join_lines = [f"{shown_name(name)}: {line}" for name, line in host.join_commands(where)]
        self._put_screen(GameScreen(config, session=host.session))
        text = Text(_("Send each player their own line; the code in it is that seat's secret:") + "\n\n", style="bold")
        for line in self.join_lines:
            text.append(f"  {line}\n")  # a Text: names in it are never read as markup
        self.push_screen(InfoScreen(text, wide=True))

    async def on_unmount(self) -> None:
        self.close_game()
        if self.hosting is not None:
            await self.hosting[0].close()

    # --- saving the open game ----------------------------------------------------------
    @property
    def slot(self) -> GameSlot | None:
        """The open game's save (``None`` before its first save)."""
        return self.saver.slot

    @slot.setter
    def slot(self, slot: GameSlot | None) -> None:
        self.saver.slot = slot

    @property
    def save_path(self) -> Path | None:
        """A file the player named for the next new game (``play --save``)."""
        return self.saver.path

    @save_path.setter
    def save_path(self, path: Path | None) -> None:
        self.saver.path = path

    def close_game(self) -> None:
        """Let go of the open game's lock (its save stays as it is)."""
        self.saver.close()

    def _put_screen(self, screen: Screen[None]) -> None:
        # Drop any modal left on top, then put the new screen in place of the old one.
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def action_help(self) -> None:
        from cardtable.tui.screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            return
        game = getattr(self.screen, "game_name", None)
        self.push_screen(HelpScreen(game, getattr(self.screen, "key_features", ())))

    def action_statistics(self) -> None:
        from cardtable.tui.screens.stats import StatsScreen

        if not isinstance(self.screen, StatsScreen):
            self.push_screen(StatsScreen())

    def action_settings(self) -> None:
        from cardtable.tui.screens.settings import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen(self.settings), self._settings_closed)

    def _settings_closed(self, saved: bool | None) -> None:
        refresh = getattr(self.screen, "refresh_defaults", None)
        if saved and refresh is not None:
            refresh()


#: the app offers its screens every service they ask for (mypy checks this line)
_AS_SERVICES: Callable[..., AppServices] = CardtableApp
