"""A table in play, without any user interface: :class:`TableSession`.

The session owns the game state and its seats and runs the turn loop as plain
methods.  A user interface (the game screen; a test; later a network server) asks it
whose turn it is, hands it moves, runs the bots' thinking where it likes, and listens
to its :class:`Notice` stream to tell the players what happened.

Every seat is given only its own observation, ``state.observation(seat)``, and
answers with an action (an :class:`~cardtable.engine.actions.Action` or its text),
which the session applies through the engine; a refused action changes nothing and
the engine's one-line reason comes back.

A bot's turn is a :class:`BotRequest`: the seat's observation and legal actions
taken now, and the bot.  Its :meth:`BotRequest.think` touches nothing of the session,
so it can run in a worker thread; it can be cancelled, and the answer carries the
session's *generation* (a counter moved on by every change: a move, an undo, a new
bot, closing), so an answer that comes back after the table moved on is dropped.

>>> from cardtable.games import get_rules
>>> state = get_rules("hearts").new_game(players=4, seed=2)
>>> seats = [Seat.human("Ann")] + [Seat.bot_seat(name, "easy") for name in ("Ada", "Ben", "Cleo")]
>>> session = TableSession(state, seats)
>>> session.human_to_act, session.to_act
(True, 0)
>>> session.act(0, "play 2C")
AgainstRules(refusal=RuleRefusal('pass_first', count=3, seat=1, direction='left'))
>>> session.act(1, "pass")
BotSeat(seat=1)
>>> session.act(0, session.legal_actions()[0]) is None
True
>>> request = session.bot_request()
>>> request.seat
1
>>> session.bot_answer(request.think())
'played'
>>> session.bot_answer(request.think())  # the same question again: the table moved on
'stale'
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeGuard

from cardtable.bots import (
    Bot,
    action_text,
    bot_name,
    is_import_path,
    make_bot,
    seat_bot_factory,
)
from cardtable.bots.search.pool import play_workers, warm_up
from cardtable.engine.actions import Action
from cardtable.engine.events import Event
from cardtable.engine.observation import Observation
from cardtable.engine.payloads import EventKind, Exchange
from cardtable.engine.refusals import malformed
from cardtable.engine.state import GAME_OVER_REFUSAL, GameState
from cardtable.errors import CardtableError, IllegalActionError, quoted
from cardtable.lang import _
from cardtable.session.base import SessionBase
from cardtable.session.capabilities import LocalBotTurns, LocalHotSeat, LocalUndo, SeatHints
from cardtable.session.notices import (
    AgainstRules,
    BotReplaced,
    BotSeat,
    CannotUndo,
    Chosen,
    Finished,
    HandHidden,
    HandOver,
    Moved,
    NotYourTurn,
    Refusal,
    Revealed,
    SaveFailed,
    SaveWarning,
    TableClosed,
    Undone,
)
from cardtable.session.protocol import (
    BotTurns,
    Hints,
    HotSeat,
    Presence,
    Saving,
    Seating,
    TableProtocol,
    TurnClock,
    Undo,
)
from cardtable.session.saving import Saver
from cardtable.session.seats import Seat

if TYPE_CHECKING:
    from cardtable.bots.search import SearchBot
    from cardtable.session.requests import BotAnswer, BotOutcome, BotRequest, HintAnswer, HintRequest

__all__ = ["TableSession"]



def _searches(bot: object) -> TypeGuard[SearchBot[Any]]:
    """Whether ``bot`` is a hard bot (a :class:`~cardtable.bots.search.SearchBot`), told
    without loading the search's bot module for a table of easy and normal bots: no hard
    bot exists before that module is loaded.

    >>> from cardtable.bots import make_bot
    >>> _searches(make_bot("president", "easy", seed=1)), _searches(make_bot("president", "hard", seed=1))
    (False, True)
    """
    module = sys.modules.get("cardtable.bots.search.bot")
    return module is not None and isinstance(bot, module.SearchBot)


def _warm_up(workers: int) -> None:
    try:
        warm_up(workers)
    except Exception:  # noqa: BLE001 - no worker processes here: the search runs alone
        pass


class TableSession(SessionBase):
    """One game at a table: its state, its seats, their bots, the saves.

    ``resumed``: the state comes from a save (or was set up by hand), so what happened
    before now was told already.  ``saver`` writes the game after every change
    (:class:`~cardtable.session.saving.SlotSaver`); without one nothing is saved.
    ``hint_iterations`` fixes the hint search's size (tests), else it has its time
    budget.  ``pace`` is the bot speed, kept in the save's settings.  ``think_time``:
    the seconds a hard bot (and the hint) thinks a decision (default 0.5; see
    :meth:`set_think_time`).  ``bot_cores``: the most processes a hard bot (and the
    hint) searches in; by default one per core the machine lets it use, up to two
    (:func:`~cardtable.bots.search.pool.play_workers`; see :meth:`set_bot_cores`).
    """

    def __init__(
        self,
        state: GameState,
        seats: Sequence[Seat],
        *,
        saver: Saver | None = None,
        resumed: bool = False,
        hint_iterations: int | None = None,
        pace: str = "normal",
        think_time: float | None = None,
        bot_cores: int | None = None,
    ) -> None:
        if len(seats) != state.num_players:
            raise ValueError(f"{len(seats)} seats for a {state.num_players}-player game")
        super().__init__()
        self.state = state
        self.seats: tuple[Seat, ...] = tuple(seats)
        self.saver = saver
        self.hint_iterations = hint_iterations
        self.pace = pace
        self.think_time = think_time
        #: the processes each hard bot at the table, and the hint, searches in
        self.workers = play_workers(bot_cores)
        #: the game is over and its result was recorded (a finished save is done with)
        self.recorded = state.is_over
        self._save_failed = False
        self.bots: dict[int, Bot] = {}
        #: seats whose bot could not be made or failed, with the line saying how
        self.bot_failures: dict[int, str] = {}
        for seat, spec in enumerate(self.seats):
            if spec.is_bot:
                try:
                    self.bots[seat] = seat_bot_factory(
                        self.game, spec.bot, time_budget=think_time, workers=self.workers
                    )(self.bot_seed(seat))
                except CardtableError as exc:
                    self.bot_failures[seat] = str(exc)
        #: the search's worker processes were asked to start (see :meth:`_warm_up`)
        self._warmed = False
        humans = self.human_seats
        #: several people share the keyboard: the hand is covered between their turns
        self.hotseat = len(humans) > 1
        #: the seat the table is drawn from (or, while nobody's hand shows, around)
        self.viewer = humans[0] if humans else 0
        #: whose hand may be shown now (``None``: nobody's, in hot-seat)
        self.revealed: int | None = None if self.hotseat else self.viewer
        #: the last person who saw their hand (hot-seat: a hand-over is due for anyone else)
        self.last_seen: int | None = self.revealed
        start = len(state.events) if resumed else 0
        #: per seat, the first event whose received cards were not told to it yet
        self._received_from: dict[int, int] = {}
        self._received_start = start
        #: choices made before their turn where several seats choose at once (Hearts'
        #: pass): kept here, unseen by anyone, and played as each comes due
        self._chosen: dict[int, Action] = {}

    # --- the table ------------------------------------------------------------------
    @property
    def game(self) -> str:
        return self.state.rules.name

    @property
    def human_seats(self) -> tuple[int, ...]:
        """The seats of people at this keyboard."""
        return tuple(seat for seat, spec in enumerate(self.seats) if spec.is_human)

    @property
    def num_players(self) -> int:
        return self.state.num_players

    @property
    def seed(self) -> int | None:
        """The deal's seed, for a person alone at the table; ``None`` with several people
        (it would tell each of them every hand) and for a seat played from elsewhere."""
        return self.state.seed if self.people <= 1 else None

    @property
    def people(self) -> int:
        """How many people are at the table, at this keyboard and elsewhere."""
        return sum(1 for spec in self.seats if spec.waits_for_outside)

    @property
    def undo_used(self) -> bool:
        return bool(self.state.meta.get("undo_used"))

    @property
    def undo_offered(self) -> bool:
        """Undo is for a single person at the table (a remote player counts as one)."""
        return self.undo_refusal() not in (CannotUndo("alone_only"), CannotUndo("others_here"))

    #: a game started here can be dealt again from its last screen
    local = True
    #: a move handed to :meth:`act` is answered at once (never left on its way)
    waiting = False

    # --- the capabilities (see :mod:`cardtable.session.protocol`) -----------------------
    @property
    def bot_turns(self) -> BotTurns | None:
        """The bots' turns, for whoever shows the table to think about."""
        return LocalBotTurns(self)

    @property
    def handover(self) -> HotSeat | None:
        """Hot-seat, where several people share the keyboard."""
        return LocalHotSeat(self) if self.hotseat else None

    @property
    def undoing(self) -> Undo | None:
        """Undo, for a single person at the table (a remote player counts as one)."""
        return LocalUndo(self) if self.undo_offered else None

    @property
    def hints(self) -> Hints | None:
        return SeatHints(self.hint_request, self.hint_answer, self._configure_hints)

    def _configure_hints(self, think_time: float | None, cores: int | None, iterations: int | None) -> None:
        self.hint_iterations = iterations
        self.set_think_time(think_time)
        self.set_bot_cores(cores)

    @property
    def saving(self) -> Saving | None:
        """The saves: :attr:`saver`, :attr:`pace` and :meth:`autosave` are the session's own."""
        return self

    # Players elsewhere, their turn clock and their seats: a network host's table says more.
    @property
    def presence(self) -> Presence | None:
        return None

    @property
    def clock(self) -> TurnClock | None:
        return None

    @property
    def seating(self) -> Seating | None:
        return None

    def public_observation(self) -> Observation:
        """The table as everyone sees it, with who chose ahead of their turn."""
        return self.state.with_choices(self.state.public_observation(), self._chosen)

    def bot_seed(self, seat: int) -> int:
        """Each seat's bot gets its own seed, fixed by the game's."""
        return (self.state.seed * 7919 + seat) % 2**32

    # --- whose turn -----------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` once the game is over.  Where several seats choose
        at once, a person's seat comes before the bots' (they choose meanwhile): nobody
        waits for a bot to choose first."""
        seat = self.state.current_player
        if seat is None or not self.seats[seat].is_bot:
            return seat
        people = [other for other in self.choosing if not self.seats[other].is_bot]
        return people[0] if people else seat

    @property
    def choosing(self) -> tuple[int, ...]:
        """The seats that may choose now and have not: the seat to act and, where several
        choose at once (the engine's :meth:`~GameState.choosing_seats`), the others."""
        if self.closed:
            return ()
        return tuple(seat for seat in self.state.choosing_seats() if seat not in self._chosen)

    @property
    def chosen_ahead(self) -> tuple[int, ...]:
        """The seats whose choice, made before their turn, is kept unseen (Hearts' pass)."""
        return tuple(self._chosen)

    def chosen_ahead_by(self, seat: int) -> Action | None:
        """``seat``'s choice made ahead of its turn and kept until due, if it made one."""
        return self._chosen.get(seat)

    def legal_for(self, seat: int) -> Sequence[Action]:
        """``seat``'s legal actions if it may choose now, else none."""
        return self.state.legal_actions_for(seat) if seat in self.choosing else []

    @property
    def seat_to_act(self) -> Seat | None:
        seat = self.to_act
        return None if seat is None else self.seats[seat]

    @property
    def human_to_act(self) -> bool:
        """Whether a person at this keyboard is to act."""
        spec = self.seat_to_act
        return spec is not None and spec.is_human

    @property
    def bot_to_act(self) -> bool:
        spec = self.seat_to_act
        return spec is not None and spec.is_bot

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see: all a seat of any kind is ever given.  A choice made
        ahead of the seat's turn (Hearts' pass) shows as made: to everyone that the seat
        chose, to the seat what (:meth:`~cardtable.engine.state.GameState.with_choices`)."""
        return self.state.with_choices(self.state.observation(seat), self._chosen)

    def legal_actions(self) -> Sequence[Action]:
        """The legal actions of the seat :attr:`to_act`."""
        seat = self.to_act
        return [] if seat is None else self.legal_for(seat)

    # --- moves ------------------------------------------------------------------------
    def act(self, seat: int, action: Action | str) -> Refusal | None:
        """Make ``seat``'s move (an action or its text) through the engine.

        Returns ``None`` when it was made, else why it was refused (:class:`AgainstRules`
        with the engine's reason as data, or the table's: not that seat's turn);
        a refusal changes nothing.  Bots' moves come through :meth:`bot_answer` instead.
        A table served by a network host sends a move from its own keyboard through the
        host, which makes it with :meth:`make_move`.
        """
        return self.make_move(seat, action)

    def make_move(self, seat: int, action: Action | str) -> Refusal | None:
        """:meth:`act` at this table itself, whoever serves it (a network host makes every
        move through here, its own seat's too): the same answer."""
        if self.closed:
            return TableClosed()
        to_act = self.to_act
        if to_act is None:
            return AgainstRules(self.state.refusal(action) or GAME_OVER_REFUSAL)  # the engine's "the game is over"
        if self.seats[seat].is_bot:
            return BotSeat(seat)
        if seat != self.state.current_player:
            if seat in self.choosing:
                return self._choose_ahead(seat, action)
            return NotYourTurn(seat, to_act)
        before = len(self.state.events)
        try:
            self.state.apply(action)
        except IllegalActionError as exc:
            return AgainstRules(exc.refusal or malformed(action, self.state.rules.title))
        except CardtableError:
            return AgainstRules(malformed(action, self.state.rules.title))
        self._moved(seat, before)
        return None

    def _choose_ahead(self, seat: int, action: Action | str) -> Refusal | None:
        """Keep ``seat``'s choice, made before its turn, until it is due (nobody sees it)."""
        refusal = self.state.refusal_for(seat, action)
        if refusal is not None:
            return AgainstRules(refusal)
        self._chosen[seat] = self.state.parse_action(action)
        self._tell(Chosen(seat))
        if self.hotseat and self.seats[seat].is_human and not self.human_to_act:
            self.revealed = None  # only bots choose before the next person: the hand goes
            self._tell(HandHidden(seat))
        self._play_due()
        return None

    def _play_due(self) -> None:
        """Play the choice made ahead by the seat the engine waits on, if it made one."""
        seat = self.state.current_player
        if seat is None or seat not in self._chosen or self.closed:
            return
        action = self._chosen.pop(seat)
        before = len(self.state.events)
        self.state.apply(action)
        self._moved(seat, before)

    def _moved(self, seat: int, before: int) -> None:
        """After ``seat``'s move: tell it, hide the hand if only bots follow, save."""
        self.generation += 1
        self._cancel_asked()
        caused = tuple(self.state.events[before:])
        self._tell(Moved(seat, self.state.history[-1][1], caused))
        if self.hotseat and self.seats[seat].is_human and not self.human_to_act:
            # Whoever takes the keyboard next must see the table and nothing else.
            self.revealed = None
            self._tell(HandHidden(seat))
        self.autosave()
        self._play_due()

    # --- bots -------------------------------------------------------------------------
    def bot_request(self) -> BotRequest | None:
        """The bot turn to think about now, or ``None`` (not a bot's turn, or its bot
        failed: see :attr:`bot_failures`)."""
        seat = self.to_act
        if self.closed or seat is None or seat in self.bot_failures:
            return None
        if not self.seats[seat].is_bot:
            # Where several choose at once, the bots choose at once too.
            ahead = [s for s in self.choosing if self.seats[s].is_bot and s not in self.bot_failures]
            if not ahead:
                return None
            seat = ahead[0]
        # The requests' module (and the bots' driver) is loaded with the first bot turn.
        from cardtable.session.requests import BotRequest

        request = BotRequest(
            seat, self.generation, len(self.state.history), self.seats[seat].bot, self.bots[seat],
            self.state.observation(seat), self.legal_for(seat),
        )
        if _searches(request.bot):
            self._warm_up()
        return self.ask(request)

    def stand_in_request(self, seat: int, bot: Bot) -> BotRequest | None:
        """``bot`` to make the move of ``seat``, which is to act but is not a bot's (its
        player took too long); answered through :meth:`bot_answer` like any bot's, the
        seat stays its player's.  ``None`` when ``seat`` is not to act."""
        if self.closed or seat not in self.choosing:
            return None
        from cardtable.session.requests import BotRequest

        request = BotRequest(
            seat, self.generation, len(self.state.history), "", bot,
            self.state.observation(seat), self.legal_for(seat),
        )
        if _searches(request.bot):
            self._warm_up()
        return self.ask(request)

    def failed_bot(self) -> int | None:
        """The seat to act if it is a bot's that failed (the table waits for a new bot)."""
        seat = self.to_act
        return seat if seat is not None and seat in self.bot_failures else None

    def _stale(self, seat: int, generation: int) -> bool:
        return self.closed or generation != self.generation or seat not in self.choosing

    def bot_answer(self, answer: BotAnswer) -> BotOutcome:
        """Play a bot's answer, unless the table moved on since it was asked.

        A built-in bot's illegal move is replaced by its first legal one (the table must
        never stall); a user's bot is reported instead (``failed``), and so is its
        failure while thinking: the seat then waits in :attr:`bot_failures`.
        """
        if answer.cancelled or self._stale(answer.seat, answer.generation) or answer.history != len(self.state.history):
            return "stale"
        seat = answer.seat
        if answer.failure is not None:
            self.bot_failures[seat] = answer.failure
            return "failed"
        spec = self.seats[seat].bot
        before = len(self.state.events)
        action = answer.action
        if seat != self.state.current_player:
            if not isinstance(action, Action) or self._choose_ahead(seat, action) is not None:
                self._choose_ahead(seat, self.legal_for(seat)[0])
            return "played"
        try:
            if not isinstance(action, Action):
                raise CardtableError(_("it returned a {type}, not an Action").format(type=type(action).__name__))
            self.state.apply(action)
        except CardtableError as exc:
            if is_import_path(spec):
                # A user's bot is told about, not covered for: the player decides.
                # A rule's reason is the engine's English line: its words need the screen's cards and names.
                self.bot_failures[seat] = _("bot {bot} chose the illegal action {action}: {reason}").format(
                    bot=bot_name(spec), action=quoted(action_text(action)), reason=exc)
                return "failed"
            self.state.apply(self.state.legal_actions()[0])
        self._moved(seat, before)
        return "played"

    def set_think_time(self, seconds: float | None) -> None:
        """Give the hard bots at the table (and the hints) ``seconds`` a decision from
        their next one on (``None``: the default)."""
        self.think_time = seconds
        for bot in self.bots.values():
            if _searches(bot):
                # The search's tree is loaded with a hard bot, not by a table of easy ones.
                from cardtable.bots.search import DEFAULT_TIME_BUDGET

                bot.set_time_budget(DEFAULT_TIME_BUDGET if seconds is None else seconds)

    def set_bot_cores(self, cores: int | None) -> None:
        """Let the hard bots at the table (and the hints) search in at most ``cores``
        processes from their next decision on (``None``: one per core, up to two)."""
        if play_workers(cores) == self.workers:
            return  # as it is: the pool in use stays
        self.workers = play_workers(cores)
        for bot in self.bots.values():
            if _searches(bot):
                bot.searcher.workers = self.workers
        if self._warmed:  # the pool is in use: start it again at its new size
            self._warmed = False
            self._warm_up()

    def level_bot(self, seat: int, level: str) -> Bot:
        """A fresh built-in bot of ``level`` for ``seat``, with the table's thinking time
        and processes."""
        return make_bot(self.game, level, seed=self.bot_seed(seat), time_budget=self.think_time, workers=self.workers)

    def _warm_up(self) -> None:
        # The search's worker processes start in the background when a hard bot's turn or
        # a hint first asks for them (the bot's delay gives them a head start), not with
        # the table: starting them takes a good part of a second of the processors, which
        # the app's first frame needs.
        if self.workers > 1 and not self._warmed:
            self._warmed = True
            threading.Thread(target=_warm_up, args=(self.workers,), name="cardtable-warm-up", daemon=True).start()

    def replace_bot(self, seat: int, level: str) -> None:
        """Give ``seat`` to the built-in ``level`` (after its bot failed) and save."""
        name = self.seats[seat].name
        self.bots[seat] = self.level_bot(seat, level)
        self.bot_failures.pop(seat, None)
        seats = list(self.seats)
        seats[seat] = Seat.bot_seat(name, level)
        self.seats = tuple(seats)
        recorded = self.state.meta.get("seats")
        if isinstance(recorded, list) and seat < len(recorded) and isinstance(recorded[seat], dict):
            recorded[seat]["kind"] = level  # the save says who plays the seat now
        self.generation += 1
        self._tell(BotReplaced(seat, level))
        self.autosave()

    def close(self) -> None:
        """The table is left: nothing more is played or saved (the save stays)."""
        self.closed = True
        self.cancel_thinking()

    # --- hot-seat ---------------------------------------------------------------------
    def handover_due(self) -> int | None:
        """The seat whose person must take the keyboard before anything is shown: in
        hot-seat, a person is to act who is not the last one who saw their hand."""
        seat = self.to_act
        if not self.hotseat or seat is None or not self.seats[seat].is_human or seat == self.revealed:
            return None
        return None if seat == self.last_seen else seat

    def reveal_due(self) -> int | None:
        """The person to act is the one who saw their hand last, and only bots moved since
        it was hidden: it may be shown again at once, without a hand-over."""
        seat = self.to_act
        if not self.hotseat or seat is None or not self.seats[seat].is_human or self.revealed is not None:
            return None
        return seat if seat == self.last_seen else None

    def hand_over(self, seat: int) -> None:
        """Cover the table for ``seat``'s person: nobody's hand may be shown."""
        self.revealed = None
        self.viewer = seat
        self._tell(HandOver(seat))

    def reveal(self, seat: int) -> None:
        """``seat``'s person has the keyboard (they pressed Enter): show their view."""
        self.revealed = self.viewer = self.last_seen = seat
        self._tell(Revealed(seat))

    @property
    def table_only(self) -> bool:
        """Hot-seat while no person's hand may be shown: the table as everyone sees it."""
        return self.hotseat and self.revealed is None

    def take_received(self, seat: int) -> list[Event]:
        """The cards passed or given to ``seat`` that it was not told of yet (as its own
        view of those events), told once: a second call returns nothing new."""
        start = self._received_from.get(seat, self._received_start)
        events = self.state.events
        self._received_from[seat] = len(events)
        received = []
        for event in events[start:]:
            match event.kind:
                case EventKind.EXCHANGE if event.cards and Exchange.of(event).receiver == seat and event.visible(seat):
                    received.append(event.for_seat(seat))
        return received

    # --- undo -------------------------------------------------------------------------
    def undo_refusal(self) -> CannotUndo | None:
        """Why the last move cannot be taken back now, or ``None``."""
        humans = self.human_seats
        # A player elsewhere is a person too: their moves are never taken back for them.
        if len(humans) != 1 or self.people != 1:
            return CannotUndo("alone_only")
        if self.is_over:
            return CannotUndo("game_over")
        if not any(seat == humans[0] for seat, _ in self.state.history):
            return CannotUndo("nothing_yet")
        return None

    def undo(self) -> CannotUndo | None:
        """Take back the person's last move and every bot move after it; again for the
        move before that, and so on.  Returns why not, or ``None``.  The game is marked
        (``undo_used``), so its statistics stay honest."""
        problem = self.undo_refusal()
        if problem is not None:
            return problem
        human = self.human_seats[0]
        history = self.state.history
        keep = max(index for index, (seat, _) in enumerate(history) if seat == human)
        taken = history[keep][1]
        from cardtable.userdata.meta import mark_undo
        from cardtable.userdata.records import Replay

        state = Replay.from_state(self.state).state_at(keep)
        state.meta = dict(self.state.meta)
        mark_undo(state)
        self.state = state
        self.cancel_thinking()
        self._chosen.clear()
        self._received_from.clear()
        self._received_start = len(state.events)
        self._tell(Undone(human, taken))
        self.autosave()
        return None

    # --- hints ------------------------------------------------------------------------
    def hint_refusal(self, seat: int) -> str | None:
        if self.is_over or self.to_act != seat or self.revealed != seat or not self.seats[seat].is_human:
            return "A hint is for your own turn."
        return None

    def hint_request(self, seat: int) -> HintRequest | str:
        """A hint for ``seat`` to think about, or why not (it is not that seat's turn)."""
        problem = self.hint_refusal(seat)
        if problem is not None:
            return problem
        from cardtable.session.requests import HintRequest

        request = HintRequest(
            seat, self.generation, self.game, (self.state.seed * 31 + len(self.state.history)) % 2**32,
            self.hint_iterations, self.state.observation(seat), self.legal_for(seat),
            time_budget=self.think_time, workers=self.workers,
        )
        self._warm_up()
        return self.ask(request)

    def hint_answer(self, answer: HintAnswer) -> Action | None:
        """The suggested action, unless the table moved on since it was asked."""
        if answer.action is None or self._stale(answer.seat, answer.generation):
            return None
        return answer.action

    # --- saving -----------------------------------------------------------------------
    def autosave(self) -> None:
        """Save the game; once it is over, record its result (once)."""
        if self.saver is None or self.recorded or self.closed:
            return
        self.state.meta.setdefault("settings", {})["bot_speed"] = self.pace
        try:
            if self.state.is_over:
                self.recorded = True
                lines = self.saver.finish(self.state)
            else:
                lines = self.saver.save(self.state)
        except (OSError, CardtableError) as exc:
            if not self._save_failed:
                self._save_failed = True
                reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
                self._tell(SaveFailed(reason))
            return
        for line in lines:
            self._tell(SaveWarning(line))
        if self.recorded:
            self._tell(Finished())


#: mypy checks here that a table played at this keyboard is one a screen can play
_AS_TABLE: Callable[..., TableProtocol] = TableSession
