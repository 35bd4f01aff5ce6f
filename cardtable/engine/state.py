"""The protocol every game follows: fixed :class:`Rules` and a mutable :class:`GameState`.

A rules object holds a game's fixed facts (name, player counts, options, deck) and makes
new games; a state is one whole game, a series of rounds, from the deal to the end.

>>> from cardtable.games import get_rules
>>> state = get_rules("president").new_game(players=4, seed=7)
>>> state.current_player
0
>>> action = state.legal_actions()[0]
>>> state.apply(action)
>>> state.history[-1] == (0, action)
True
"""

from __future__ import annotations

import dataclasses
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self

from cardtable.cards import Card, Rank, RankOrder, cards_to_mask, format_cards, mask_to_cards, resolve_deck
from cardtable.engine.actions import Action
from cardtable.engine.events import Event
from cardtable.engine.facts import SCORE_PER_ROUND, Measure, StatCounter
from cardtable.engine.observation import LogView, Observation, to_jsonable
from cardtable.engine.options import GameFacts, OptionSpec
from cardtable.engine.refusals import ENGINE_CODES, GAME_OVER_CODE, NOT_YOUR_TURN_CODE, RuleRefusal, malformed
from cardtable.engine.saves import dump_game, read_game
from cardtable.errors import (
    GameOverError,
    IllegalActionError,
    InvalidOptionError,
    InvalidSeatError,
    MalformedActionError,
    quoted,
)
from cardtable.gcpause import collection_held
from cardtable.lang import N_, _

GAME_OVER = "the game is over; no more actions"
"""What every game says to an action after its end."""
GAME_OVER_REFUSAL = RuleRefusal(GAME_OVER_CODE)
"""The same, as data (its English line is :data:`GAME_OVER`)."""

__all__ = [
    "GAME_OVER",
    "GAME_OVER_REFUSAL",
    "OptionSpec",
    "Outcome",
    "Rules",
    "GameState",
    "KernelView",
    "Measure",
    "StatCounter",
    "check_guessed_hands",
    "seat_word",
]


@dataclass(frozen=True)
class Outcome:
    """The result of a game, or the standing so far while it is still going.

    - ``is_over``: whether the game has ended.
    - ``rounds_played``: completed rounds (Hearts: hands).
    - ``order``: the finishing order of the last completed round, best first, as seats
      (Durak: the durak last; Hearts: by that hand's points, fewest first).
    - ``titles``: each seat's title in the last completed round (President), else ``None``.
    - ``scores``: cumulative scores per seat (President points, Hearts points,
      Durak wins minus losses).
    - ``winners``: the seats with the best cumulative score once the game is over
      (several when tied; empty until then).
    - ``rounds``: one JSON-safe dict per completed round with that round's facts.
    - ``details``: the game's own JSON-safe extras (documented in docs/api.md).
    """

    game: str
    is_over: bool
    rounds_played: int
    order: tuple[int, ...]
    titles: tuple[str | None, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: tuple[Mapping[str, Any], ...] = ()
    details: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = to_jsonable(self)
        return data


def check_guessed_hands(
    observation: Observation,
    hands: Sequence[int | Iterable[Card]],
    placed_elsewhere: Iterable[int],
    deck_mask: int,
) -> list[int]:
    """Check a guess of every seat's cards against what ``observation`` shows; return masks.

    ``hands`` holds each seat's cards (bitmasks or cards); the observer's must be its
    own hand and every size the public one.  Together with ``placed_elsewhere`` (the
    masks of the cards known to be out of the hands: played, on the table, in the
    stock) they must hold each card of ``deck_mask`` exactly once.  Raises
    ``ValueError`` saying what is wrong.

    >>> from cardtable.games import get_rules
    >>> state = get_rules("president").new_game(players=3, seed=1)
    >>> seen = state.observation(0)
    >>> check_guessed_hands(seen, [state.hand(s) for s in range(3)], [], (1 << 52) - 1) == state.hands
    True
    """
    players = observation.num_players
    if len(hands) != players:
        raise ValueError(f"give the cards of all {players} seats, not {len(hands)}")
    masks = [hand if isinstance(hand, int) else cards_to_mask(hand) for hand in hands]
    seat = observation.seat
    if seat is not None and masks[seat] != cards_to_mask(observation.hand):
        raise ValueError(f"seat {seat}'s cards must be its own hand")
    sizes = tuple(mask.bit_count() for mask in masks)
    if sizes != tuple(observation.hand_sizes):
        raise ValueError(f"hand sizes {sizes} are not the public {tuple(observation.hand_sizes)}")
    placed = 0
    for mask in (*masks, *placed_elsewhere):
        if mask & placed:
            raise ValueError(f"{format_cards(mask_to_cards(mask & placed))} would be in two places")
        placed |= mask
    if placed != deck_mask:
        raise ValueError(f"{format_cards(mask_to_cards(deck_mask & ~placed))} would be nowhere")
    return masks


class KernelView(Protocol):
    """A game's rules kernel, read directly: the answers of the one copy of the rules.

    The public :class:`GameState` adds validation, events, observations and notation on
    top of its kernel.  The simulation battery (``tests/games/test_battery.py``) plays
    random games through the public API and asks the kernel, move by move, the same
    questions through this view, which reads the kernel's own integers and masks and
    nothing of the public state.
    """

    def to_move(self) -> int | None:
        """The seat the kernel says must act, or ``None`` when its game is over."""

    def legal_move_texts(self) -> list[str]:
        """The kernel's legal moves for that seat, in the public notation (``str(action)``)."""

    def scores(self) -> tuple[int, ...]:
        """The cumulative scores per seat as the kernel keeps them (as in :class:`Outcome`)."""


def seat_word(seat: int) -> str:
    """How messages name a seat: ``seat 2``."""
    return f"seat {seat}"


class Rules(GameFacts, ABC):
    """A game's fixed facts, and the factory for its states.

    Subclasses set the class attributes and implement :meth:`_new_state`.  What a new
    table is set from (name, title, player counts, options, blurb) is the game's
    :class:`~cardtable.engine.options.GameFacts`, which its rules class derives from;
    besides the rules proper a game declares here what the rest of cardtable needs to
    know about it (its statistics, arena measure, bots and table widget): the registry in
    :mod:`cardtable.games` is one line per game, and nothing else names a game.
    """

    deck: ClassVar[tuple[Card, ...]]
    action_kinds: ClassVar[frozenset[str]]
    #: the codes of this game's :class:`~cardtable.engine.refusals.RuleRefusal` (the
    #: engine's own three besides): the closed set its ``_why_illegal`` answers from
    refusal_codes: ClassVar[frozenset[str]] = ENGINE_CODES
    #: what a person calls one deal of this game ("round"; Hearts says "hand"); this and
    #: the other words below are English marked for the catalogue (``N_``): the layer
    #: that shows one translates it there (``_(rules.title)``), and files keep the English
    # TRANSLATORS: what a person calls one deal of a game (President, Durak): "round 2".
    round_noun: ClassVar[str] = N_("round")
    #: the order of the ranks, low to high (a game may switch orders in play)
    rank_order: ClassVar[RankOrder] = RankOrder("aces high", [Rank(r) for r in range(2, 15)])
    #: whether the fewest points win (penalty points)
    lower_score_wins: ClassVar[bool] = False
    #: what the final score counts, in the statistics' words
    # TRANSLATORS: what a game's final scores count, in the statistics: "final points".
    score_word: ClassVar[str] = N_("points")
    #: the figures the statistics count per player besides the shared ones
    stat_counters: ClassVar[tuple[StatCounter, ...]] = ()
    #: how ``cardtable simulate`` judges a bot level at this game
    arena_measure: ClassVar[Measure] = SCORE_PER_ROUND
    #: the module of the game's bots, with ``BOT_LEVELS`` (loaded by :mod:`cardtable.bots`)
    bot_module: ClassVar[str | None] = None
    #: the game's table widget as ``module:Class`` (loaded by :mod:`cardtable.tui.tables`)
    table_widget: ClassVar[str | None] = None

    def new_game(
        self,
        players: int,
        seed: int | None = None,
        deck: str | Iterable[Card | str] | None = None,
        **options: Any,
    ) -> GameState:
        """Start a whole game (a series of rounds).

        ``seed`` drives every random choice (``None``: a fresh random seed, recorded
        in ``state.seed``).  ``deck`` fixes the first deal: cards or codes, or one
        space-separated string, dealt one at a time from the front starting with seat 0.
        """
        count = self.check_players(players)
        chosen = self.validate_options(options)
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        elif isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidOptionError(_("seed must be a whole number, not {given}").format(given=quoted(seed)))
        first_deck = resolve_deck(deck, self.deck) if deck is not None else None
        return self._new_state(count, seed, chosen, first_deck)

    @abstractmethod
    def _new_state(
        self, players: int, seed: int, options: dict[str, Any], deck: list[Card] | None
    ) -> GameState:
        """Build the state; ``deck`` is validated, ``options`` complete."""

    def from_json(self, text: str) -> GameState:
        """Load a save made by :meth:`GameState.to_json` (for this game)."""
        return read_game(text, lambda name: self, expected_game=self.name)

if TYPE_CHECKING:
    from typing_extensions import TypeVar

    #: The observation type of a game's state: ``GameState`` alone means any game's.
    ObservationT = TypeVar("ObservationT", bound=Observation, default=Observation, covariant=True)
else:
    from typing import TypeVar

    # Python 3.11's TypeVar takes no default; only the type checker needs one.
    ObservationT = TypeVar("ObservationT", bound=Observation, covariant=True)


class GameState(ABC, Generic[ObservationT]):
    """One game in progress.  Subclasses implement the abstract methods.

    Common attributes: ``rules``, ``num_players``, ``seed``, ``options``, ``first_deck``
    (the explicit first deal, or ``None``), ``rng`` (the only source of randomness),
    ``history`` (every action as ``(seat, action)``), ``events`` and ``meta`` (free
    JSON-safe data that saves keep, such as player names).

    A game's state names its observation type, ``class HeartsState(GameState[HeartsObservation])``,
    so that the type checker holds its :meth:`from_observation` to the one signature.
    """

    rules: Rules
    # Each seat's view of the logs, made by _seat_view when first asked (not copied by clone).
    _views: dict[tuple[str, int | None], _SeatView]

    def __init__(
        self,
        rules: Rules,
        players: int,
        seed: int,
        options: dict[str, Any],
        deck: Sequence[Card] | None,
    ) -> None:
        self.rules = rules
        self.num_players = players
        self.seed = seed
        self.options = dict(options)
        self.first_deck: tuple[Card, ...] | None = tuple(deck) if deck is not None else None
        self.rng = random.Random(seed)
        self.history: list[tuple[int, Action]] = []
        self.events: list[Event] = []
        self.meta: dict[str, Any] = {}

    # --- the turn ---------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat that must act now, or ``None`` when the game is over."""

    @property
    def is_over(self) -> bool:
        return self.current_player is None

    @abstractmethod
    def legal_actions(self) -> Sequence[Action]:
        """Every legal action of the current player, in a stable order (empty when over).

        A list, or where a list would be large a lazy sequence (Hearts' pass: 286
        choices) with ``len()``, indexing, slicing, iteration and ``in``.
        """

    def choosing_seats(self) -> tuple[int, ...]:
        """The seats that may choose their action now: the seat to act and, in a phase
        where several choose at once without seeing each other's choice (Hearts' pass),
        every one of them that has not chosen yet.  The engine still takes those choices
        in turn (:attr:`current_player` first): a session holds the others until due.

        >>> from cardtable.games import get_rules
        >>> get_rules("durak").new_game(players=2, seed=1).choosing_seats()
        (1,)
        """
        seat = self.current_player
        return () if seat is None else (seat,)

    def legal_actions_for(self, seat: int) -> Sequence[Action]:
        """``seat``'s legal actions if it is one of :meth:`choosing_seats` (else empty)."""
        if seat == self.current_player:
            return self.legal_actions()
        return []

    def why_illegal_for(self, seat: int, action: Action | str) -> str | None:
        """:meth:`why_illegal` for ``seat``, one of :meth:`choosing_seats`."""
        if seat == self.current_player:
            return self.why_illegal(action)
        return str(self.refusal_for(seat, action))

    def refusal_for(self, seat: int, action: Action | str) -> RuleRefusal | None:
        """:meth:`refusal` for ``seat``, one of :meth:`choosing_seats`."""
        if seat == self.current_player:
            return self.refusal(action)
        return RuleRefusal(NOT_YOUR_TURN_CODE, seat=seat)

    def with_choices(self, seen: Observation, chosen: Mapping[int, Action]) -> Observation:
        """``seen`` (a seat's observation, or the public one) as it reads once the seats
        of ``chosen`` made those choices ahead of their turn (:meth:`choosing_seats`; a
        session keeps them until the engine asks): everyone sees who chose, and a seat
        its own choice, never another's.  Here, where nobody chooses ahead, ``seen``.

        >>> from cardtable.games import get_rules
        >>> state = get_rules("durak").new_game(players=2, seed=1)
        >>> state.with_choices(state.observation(0), {}) == state.observation(0)
        True
        """
        return seen

    def why_illegal(self, action: Action | str) -> str | None:
        """``None`` if ``action`` (an :class:`Action` or notation) is legal now, else why not.

        The reason is the one line :meth:`apply` would raise, for text that is not an
        action too; ``why_illegal`` itself never raises.

        >>> from cardtable.games import get_rules
        >>> state = get_rules("president").new_game(players=4, seed=1)
        >>> state.why_illegal("pass")
        'the leader must play; passing is not allowed when leading'
        >>> state.why_illegal("jump")
        "'jump' is not an action: 'jump' is not a card (write rank then suit, like QS or 10H)"
        """
        if self.current_player is None:
            return GAME_OVER
        try:
            parsed = self.parse_action(action)
        except MalformedActionError as exc:
            return str(exc)
        refusal = self._why_illegal(parsed)
        return None if refusal is None else str(refusal)

    def refusal(self, action: Action | str) -> RuleRefusal | None:
        """``None`` if ``action`` is legal now, else why not as data: the code and values
        that :meth:`why_illegal`'s line is made from, for a screen to word in its player's
        language.  Text that is not an action of this game is refused as ``malformed``
        (the parser's detailed line stays :meth:`why_illegal`'s).

        >>> from cardtable.games import get_rules
        >>> state = get_rules("president").new_game(players=4, seed=1)
        >>> state.refusal("pass")
        RuleRefusal('leader_must_play')
        >>> state.refusal("jump").to_dict()
        {'code': 'malformed', 'action': 'jump', 'game': 'President'}
        """
        if self.current_player is None:
            return GAME_OVER_REFUSAL
        try:
            parsed = self.parse_action(action)
        except MalformedActionError as exc:
            return exc.refusal or malformed(action, self.rules.title)
        return self._why_illegal(parsed)

    @abstractmethod
    def _why_illegal(self, action: Action) -> RuleRefusal | None:
        """``None`` if ``action``, already parsed and of this game's kinds, is legal now;
        else why not, as one of the game's ``refusal_codes`` and its values."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out a legal action."""

    def parse_action(self, action: Action | str) -> Action:
        """Turn notation into an :class:`Action` of this game, or raise :class:`MalformedActionError`."""
        try:
            parsed = Action.parse(action) if not isinstance(action, Action) else action
        except MalformedActionError as exc:
            exc.refusal = malformed(action, self.rules.title)
            raise
        if parsed.kind not in self.rules.action_kinds:
            kinds = ", ".join(sorted(self.rules.action_kinds))
            raise MalformedActionError(
                f"'{parsed}' is not a {self.rules.title} action (its kinds: {kinds})",
                malformed(parsed, self.rules.title),
            )
        return parsed

    def is_legal(self, action: Action | str) -> bool:
        """Whether :meth:`apply` would accept ``action`` now (never raises)."""
        return self.why_illegal(action) is None

    def apply(self, action: Action | str) -> None:
        """Carry out the current player's action, given as an :class:`Action` or notation.

        Raises :class:`IllegalActionError` (a ``ValueError``) with a one-line reason if
        the action is not allowed now, its subclass :class:`MalformedActionError` for
        anything that is not an action of this game and :class:`GameOverError` once the
        game is over, each with the reason as data in its ``refusal``; then it changes nothing.
        """
        seat = self.current_player
        if seat is None:
            raise GameOverError(GAME_OVER, GAME_OVER_REFUSAL)
        parsed = self.parse_action(action)
        refusal = self._why_illegal(parsed)
        if refusal is not None:
            raise IllegalActionError(str(refusal), refusal)
        self._apply(parsed)
        self.history.append((seat, parsed))

    # --- views ------------------------------------------------------------
    def check_seat(self, seat: object) -> int:
        """Return ``seat`` if it is a seat of this game, else raise :class:`InvalidSeatError`.

        A seat is an ``int`` (not a ``bool``) from 0 to ``num_players - 1``.

        >>> from cardtable.games import get_rules
        >>> state = get_rules("durak").new_game(players=3, seed=1)
        >>> state.check_seat(2)
        2
        >>> state.check_seat(-1)
        Traceback (most recent call last):
        ...
        cardtable.errors.InvalidSeatError: no seat -1 in a 3-player game (seats are 0 to 2)
        """
        last = self.num_players - 1
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise InvalidSeatError(f"a seat is a whole number from 0 to {last}, not {quoted(seat)}")
        if not 0 <= seat <= last:
            raise InvalidSeatError(
                f"no seat {quoted(seat)} in a {self.num_players}-player game (seats are 0 to {last})"
            )
        return seat

    def observation(self, seat: int) -> Observation:
        """The game as ``seat`` may see it; raises :class:`InvalidSeatError` for a bad seat."""
        return self._observation(self.check_seat(seat))

    @abstractmethod
    def _observation(self, seat: int) -> Observation:
        """The observation of a checked seat."""

    @abstractmethod
    def outcome(self) -> Outcome:
        """The result so far (final once :attr:`is_over`)."""

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds, in index order.  Full information: not for bots."""
        return self._hand(self.check_seat(seat))

    @abstractmethod
    def _hand(self, seat: int) -> tuple[Card, ...]:
        """The cards of a checked seat."""

    @abstractmethod
    def clone(self) -> GameState:
        """An independent copy; applying actions to it leaves this state alone."""

    @classmethod
    def from_observation(
        cls,
        # Asked of a game's own class (HeartsState.from_observation), whose observation type
        # is fixed; covariance is what lets a bare GameState stand for any game's state.
        observation: ObservationT,  # type: ignore[misc]
        hands: Sequence[int | Iterable[Card]],
        rng: random.Random | None = None,
    ) -> Self:
        """A full state that matches ``observation``, with the cards in hand set to ``hands``.

        This is how a searching bot turns a guess about the hidden cards (``hands``: the
        cards each seat holds now, as bitmasks or cards) into a state it can play out;
        ``rng`` (default: seeded with 0) drives any later deal of the rebuilt state.
        ``hands[observation.seat]`` must be the observer's own hand and every size the
        public one, else :class:`ValueError` says what is wrong.  A game whose bots search
        overrides this (it may add keyword arguments with defaults, as Durak's ``stock``);
        the others cannot be rebuilt (:class:`NotImplementedError`).
        """
        raise NotImplementedError(f"{cls.__name__} cannot be rebuilt from an observation")

    @classmethod
    def _rebuilt(
        cls,
        rules: Rules,
        observation: Observation,
        options: dict[str, Any],
        history: Iterable[tuple[int, Action]],
        rng: random.Random | None,
    ) -> Self:
        """A bare state with the shared attributes taken from ``observation``.

        The start of every game's ``from_observation``, which then fills in its own
        fields: the state a searching bot plays out after guessing the hidden cards.
        Its seed is 0 and ``rng`` (default: seeded with 0) drives any later deal; its
        event log is the observer's view, so it is for search, not for saving.
        """
        state = object.__new__(cls)
        state.rules = rules
        state.num_players = observation.num_players
        state.seed = 0
        state.options = options
        state.first_deck = None
        state.rng = rng if rng is not None else random.Random(0)
        state.history = list(history)
        state.events = list(observation.events)
        state.meta = {}
        return state

    def _clone_base(self, other: GameState) -> None:
        """Copy the shared attributes into a new instance made by ``clone``."""
        other.rules = self.rules
        other.num_players = self.num_players
        other.seed = self.seed
        other.options = self.options
        other.first_deck = self.first_deck
        # Skipping __init__ avoids seeding from the OS, which costs more than the copy.
        other.rng = random.Random.__new__(random.Random)
        other.rng.setstate(self.rng.getstate())
        other.history = list(self.history)
        other.events = list(self.events)
        other.meta = dict(self.meta)

    def events_for(self, seat: int | None) -> tuple[Event, ...]:
        """The event log as ``seat`` may see it (``None``: a spectator, who sees no private cards)."""
        if seat is not None:
            self.check_seat(seat)
        return self._seat_view("events", seat, self.events, _events_seen)

    def public_history(self, seat: int | None) -> tuple[tuple[int, str], ...]:
        """The actions as ``seat`` may see them (``None``: a spectator), as ``(seat, notation)``.

        Every action is public unless a game hides some (a President exchange gift, a
        Hearts pass); such a game overrides ``_public_history`` (given a checked seat) and
        shows them as ``give ?`` per card.
        """
        return self._public_history(None if seat is None else self.check_seat(seat))

    def _public_history(self, seat: int | None) -> tuple[tuple[int, str], ...]:
        """:meth:`public_history` of a checked seat, built from :meth:`_actions_seen`."""
        return self._seat_view("history", seat, self.history, self._actions_seen)

    def _actions_seen(
        self, history: list[tuple[int, Action]], seat: int | None, start: int, carry: Any
    ) -> tuple[list[tuple[int, str]], int, Any]:
        """How ``seat`` sees the actions from ``history[start]`` on, for :meth:`_seat_view`
        (``carry``: what the call that reached ``start`` returned, ``None`` at 0).

        Every action is public by default; a game that hides some overrides this.
        """
        shown = [(actor, str(action)) for actor, action in history[start:]]
        return shown, len(shown), None

    def _seat_view(
        self,
        log: str,
        seat: int | None,
        source: list[Any],
        seen: Callable[[Any, int | None, int, Any], tuple[list[Any], int, Any]],
    ) -> tuple[Any, ...]:
        """``source`` (the events or the history) as ``seat`` sees it, at the cost of what
        was added since the last call rather than of the whole game.

        A host asks each seat's observation after every move; rebuilding the whole log
        each time made a move cost more the longer the game ran.  The view of what was
        seen before is kept per seat and extended: ``seen(source, seat, start, carry)``
        gives the view of ``source[start:]``, how many of those items are final (a Hearts pass
        shows to its receiver only once all four are made) and the ``carry`` to resume
        from after them.  The cache belongs to this state (a clone starts without one)
        and is started afresh if ``source`` is another list or shrank.  What it hands out
        is a :class:`~cardtable.engine.observation.LogView` of the kept items: as
        unchangeable as a tuple and equal to one, but made without copying the log, so
        an observation costs the same however long the game has run.
        """
        views = self.__dict__.get("_views")
        if views is None:
            views = self._views = {}
        view = views.get((log, seat))
        done = len(source)
        if (
            view is None
            or view.source is not source
            or view.done > done
            or (view.done and source[view.done - 1] is not view.last)
        ):
            view = views[(log, seat)] = _SeatView(source)
        if view.done == done:
            if view.frozen is None:
                view.frozen = LogView(view.items, len(view.items))
            return _as_tuple(view.frozen)
        if done - view.done < _MANY_ITEMS:
            shown, final, carry = seen(source, seat, view.done, view.carry)
        else:
            # Catching up on a long log (a long game just loaded): many new objects that
            # all live on, which the collector need not walk while they are made.
            with collection_held():
                shown, final, carry = seen(source, seat, view.done, view.carry)
        if final:
            view.items.extend(shown[:final])
            view.frozen = None
            view.done += final
            view.last = source[view.done - 1]
            view.carry = carry
        if final == len(shown):
            view.frozen = LogView(view.items, len(view.items))
            return _as_tuple(view.frozen)
        return _as_tuple(LogView(view.items, len(view.items), tuple(shown[final:])))

    def public_observation(self) -> Observation:
        """The game as a spectator sees it: everything public, no seat's private cards.

        It is the observation of seat 0 with every field the observation class lists in
        ``SEAT_PRIVATE`` (the hand, a seat's own gifts) replaced by its spectator value,
        the history and events as no seat sees them, and ``seat`` set to ``None``.

        >>> from cardtable.games import get_rules
        >>> view = get_rules("hearts").new_game(players=4, seed=3).public_observation()
        >>> view.seat, view.hand, view.hand_sizes
        (None, (), (13, 13, 13, 13))
        """
        seen = self.observation(0)
        return dataclasses.replace(
            seen,
            seat=None,
            history=self.public_history(None),
            events=self.events_for(None),
            **type(seen).SEAT_PRIVATE,
        )

    def kernel_view(self) -> KernelView:
        """This game's rules kernel as a :class:`KernelView` (live: it follows the game)."""
        raise NotImplementedError(f"{self.rules.name} has no rules kernel view")

    def to_json(self) -> str:
        """Save the whole game as JSON; :func:`cardtable.load_game` restores it exactly."""
        return dump_game(self)

    def __repr__(self) -> str:
        turn = "over" if self.is_over else f"seat {self.current_player} to act"
        return f"<{type(self).__name__} {self.num_players} players, {turn}>"


_MANY_ITEMS = 10_000
"""How many log items a seat's view reads at once before the collector is held back."""


class _SeatView:
    """One seat's view of a log (see :meth:`GameState._seat_view`): the final items of
    ``source[:done]`` as the seat sees them, ``last`` the source item at ``done - 1`` (to
    notice a log rewritten), ``carry`` what resumes the game's reading after it,
    ``frozen`` the view of the items handed out, once asked for (the list ``items`` is
    only ever appended to, so a view handed out earlier never changes)."""

    __slots__ = ("source", "done", "last", "items", "carry", "frozen")

    def __init__(self, source: list[Any]) -> None:
        self.source = source
        self.done = 0
        self.last: Any = None
        self.items: list[Any] = []
        self.carry: Any = None
        self.frozen: LogView[Any] | None = None


def _as_tuple(view: LogView[Any]) -> tuple[Any, ...]:
    """``view`` as the observation fields declare it: a tuple it stands for (equal to it,
    shown as it, converted by ``to_jsonable`` as it), of which it is a view."""
    return view  # type: ignore[return-value]


def _events_seen(events: list[Event], seat: int | None, start: int, carry: Any) -> tuple[list[Event], int, None]:
    """How ``seat`` sees the events from ``events[start]`` on: each final once logged."""
    shown = [event.for_seat(seat) for event in events[start:]]
    return shown, len(shown), None
