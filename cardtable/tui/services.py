"""What the screens ask of the app: :class:`AppServices`, reached by :func:`services`.

Every screen runs inside :class:`~cardtable.tui.app.CardtableApp`, and some need more
of it than Textual's ``App`` offers: the player's settings and the card style, the bot
speed and the hard bots' thinking time and cores, the open game's save, and the
app's ways of opening a game, a review, the start screen or the host's seats.  This
protocol names all of that, once and typed; a screen reaches it through
:func:`services`, never by guessing at attributes of ``self.app``, and mypy holds
the app to it (``cardtable.tui.app`` checks ``CardtableApp`` against it).

>>> from cardtable.tui.app import CardtableApp
>>> app: AppServices = CardtableApp(pace="slow")
>>> app.pace, app.bot_delay, app.trick_pause
('slow', 1.2, 2.0)
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, cast

if TYPE_CHECKING:
    from textual.dom import DOMNode

    from cardtable.engine.state import GameState
    from cardtable.session.protocol import Seating
    from cardtable.session.review import RoundReviews
    from cardtable.session.saving import SlotSaver
    from cardtable.tui.cardstyle import CardStyle
    from cardtable.tui.config import TableConfig
    from cardtable.userdata.records import Replay
    from cardtable.userdata.settings import Settings
    from cardtable.userdata.slots import GameSlot, SavedGame

__all__ = ["AppServices", "services"]


class AppServices(Protocol):
    """The app as its screens use it beyond Textual's ``App``."""

    # --- settings and how things are drawn -----------------------------------------------
    #: the player's settings (``settings.toml``), as last saved or applied
    settings: Settings
    #: the bot speed (a key of :data:`~cardtable.tui.config.PACES`)
    pace: str
    #: cards, suits and borders in ASCII only
    ascii_only: bool

    @property
    def card_style(self) -> CardStyle:
        """How cards are drawn: symbols or letters, two or four colours."""
    #: a fixed number of search iterations for hints (tests), else the time budget
    hint_iterations: int | None

    def apply_settings(self, settings: Settings) -> None:
        """Use ``settings`` from now on (the command line's flags still win)."""

    @property
    def think(self) -> float:
        """Seconds a hard bot (and the hint) thinks a decision."""

    @property
    def bot_cores(self) -> int:
        """The most cores a hard bot (and the hint) thinks on."""

    @property
    def bot_delay(self) -> float:
        """Seconds a bot waits before moving."""

    @property
    def trick_pause(self) -> float:
        """Seconds a completed trick or bout stays on the table."""

    # --- the open game and the saved ones --------------------------------------------------
    #: saves the open game to its slot
    saver: SlotSaver
    #: the unfinished games the start screen lists, newest first
    saved_games: list[SavedGame]
    #: a game already under way for the next :meth:`start_game`
    initial_state: GameState | None

    @property
    def slot(self) -> GameSlot | None:
        """The open game's save (``None`` before its first save)."""

    @property
    def save_path(self) -> Path | None:
        """A file the player named for the next new game."""

    @save_path.setter
    def save_path(self, path: Path | None) -> None: ...

    def check_saves(self) -> None:
        """Read the list of unfinished games afresh."""

    # --- going from screen to screen ----------------------------------------------------------
    def show_start(self, game: str | None = None) -> None:
        """Put the start screen up (with ``game`` chosen)."""

    def start_game(self, config: TableConfig) -> None:
        """Open a table for ``config`` in place of the screen on show."""

    def resume_game(self, game: SavedGame) -> None:
        """Continue a listed game where it was left."""

    async def open_joined_table(self, address: str, code: str, name: str = "") -> str | None:
        """Join a hosted table; ``None`` once it is open, else why not in one line."""

    def open_review(
        self,
        replay: Replay,
        seat: int,
        rounds: tuple[int, ...] | None = None,
        callback: Callable[[object], None] | None = None,
        record: Path | None = None,
        kept: RoundReviews | None = None,
    ) -> None:
        """Review ``seat``'s decisions in ``replay`` on the review screen."""

    def open_seats(self, seating: Seating, seat_name: Callable[[int], str]) -> None:
        """The host's pop-up of its remote seats (``seat_name`` names each)."""

    def seats_changed(self) -> None:
        """A player came or went: the seats' pop-up, if open, says so."""

    def action_help(self) -> None: ...

    def action_statistics(self) -> None: ...

    def action_settings(self) -> None: ...


#: the app classes found to offer every service (each is looked at once)
_OFFERING: set[type] = set()


def _missing_services(app: object) -> list[str]:
    """The services :class:`AppServices` names that ``app`` lacks, looked up without
    running them (a property such as the card style is made only when first used)."""
    names = set(AppServices.__annotations__) | {name for name in vars(AppServices) if not name.startswith("_")}
    missing = []
    for name in sorted(names):
        try:
            inspect.getattr_static(app, name)
        except AttributeError:
            missing.append(name)
    return missing


def services(node: DOMNode) -> AppServices:
    """The services of the app ``node`` runs in (a screen, a widget).

    A screen of cardtable's runs only inside an app that offers them; anything else is a
    programming error, said at once rather than as a missing attribute later.

    >>> from textual.app import App
    >>> from textual.widgets import Static
    >>> widget = Static()
    >>> with App()._context():
    ...     services(widget)
    Traceback (most recent call last):
    ...
    TypeError: Static runs inside App, which offers no AppServices (it lacks action_help, action_settings, ...)
    """
    app = node.app
    if type(app) not in _OFFERING:
        missing = _missing_services(app)
        if missing:
            raise TypeError(f"{type(node).__name__} runs inside {type(app).__name__}, which offers no AppServices"
                            f" (it lacks {', '.join(missing[:2])}, ...)")
        _OFFERING.add(type(app))
    return cast("AppServices", app)
