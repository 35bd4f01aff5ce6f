"""The Hearts game itself: :class:`HeartsRules`, :class:`HeartsState` and :data:`RULES`.

The rules are :mod:`cardtable.games.hearts.kernel`; the state adds validation with a
reason, events, observations, notation and saves (see the package's docstring).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import attrgetter
from typing import Any

from cardtable.cards import ALL_CARDS, FULL_DECK, SUIT_MASKS, Card, Rank, RankOrder, Suit, mask_to_cards
from cardtable.engine.actions import Action
from cardtable.engine.events import Event
from cardtable.engine.facts import Measure, StatCounter, score_per_round
from cardtable.engine.observation import Observation
from cardtable.engine.refusals import ENGINE_CODES, RuleRefusal, malformed
from cardtable.engine.state import GAME_OVER_REFUSAL, GameState, Outcome, Rules
from cardtable.errors import MalformedActionError
from cardtable.games.hearts import kernel
from cardtable.games.hearts.about import HeartsFacts
from cardtable.games.hearts.actions import (
    GIVES,
    PLAYS,
    SEAT_PLAYS,
    SUIT_PLAYS,
    PassChoices,
    listed_plays,
    mask_codes,
)
from cardtable.games.hearts.kernel import PASS_OFFSETS
from cardtable.games.hearts.observation import CompletedTrick, HeartsObservation
from cardtable.games.hearts.rebuild import checked_guess, public_action, rebuilt_table
from cardtable.games.hearts.records import (
    Cursor,
    Pending,
    actions_seen,
    deal_events,
    exchange_events,
    give_event,
    hand_over_events,
    hand_scores_seen,
    moon_shooters_seen,
    outcome_of,
    records_from_scores,
    write_plays,
)
from cardtable.lang import N_

__all__ = [
    "HeartsRules",
    "HeartsState",
    "RULES",
    "HEARTS_ORDER",
    "NUM_SEATS",
    "HAND_SIZE",
    "PASS_SIZE",
    "TRICKS_PER_HAND",
    "POINTS_PER_HAND",
    "QUEEN_OF_SPADES_POINTS",
]

HEARTS_ORDER = RankOrder("hearts", [Rank(r) for r in range(2, 15)])
"""Hearts' ranks: 2 to ace."""

NUM_SEATS = kernel.SEATS
HAND_SIZE = kernel.HAND_SIZE
PASS_SIZE = kernel.PASS_SIZE
TRICKS_PER_HAND = kernel.TRICKS_PER_HAND
POINTS_PER_HAND = kernel.POINTS_PER_HAND
QUEEN_OF_SPADES_POINTS = kernel.QUEEN_OF_SPADES_POINTS

_TWO_OF_CLUBS = Card.parse("2C")
_QUEEN_OF_SPADES = Card.parse("QS")
_PHASE_PASS, _PHASE_PLAY = kernel.PASS, kernel.PLAY
_PHASE_NAMES = ("pass", "play", "over")
_DIRECTION_OF_OFFSET = {offset: direction for direction, offset in PASS_OFFSETS.items()}

# Events built as the tuples they are, without Event's checks (one a card dealt or passed).
_new_tuple = tuple.__new__


class HeartsRules(HeartsFacts, Rules):
    """Hearts: exactly four players, the 52-card deck, option ``target`` (default 100)."""

    # TRANSLATORS: what a person calls one deal of Hearts: "hand 2".
    round_noun = N_("hand")
    deck = FULL_DECK
    action_kinds = frozenset({"play", "give"})
    refusal_codes = ENGINE_CODES | {
        "not_in_hand", "pass_first", "pass_count", "pass_not_in_hand", "no_pass_this_hand", "already_passed",
        "one_card_at_a_time", "lead_two_of_clubs", "hearts_not_broken", "follow_suit", "no_points_first_trick",
    }
    rank_order = HEARTS_ORDER
    lower_score_wins = True
    # TRANSLATORS: the statistics' heading of the hands a player shot the moon (took every point).
    stat_counters = (StatCounter("moons", N_("moons"), "moon_shooter"),)
    # TRANSLATORS: the figure `cardtable simulate` judges a Hearts bot by.
    arena_measure = Measure(N_("points per hand"), False, score_per_round)
    bot_module = "cardtable.bots.hearts"
    table_widget = "cardtable.tui.tables.hearts:HeartsTable"

    def _new_state(
        self, players: int, seed: int, options: dict[str, Any], deck: list[Card] | None
    ) -> HeartsState:
        return HeartsState(self, players, seed, options, deck)


def _table_field(name: str) -> Any:
    """A read-write attribute of the state that is the kernel table's field ``name``."""

    def set_field(state: HeartsState, value: Any) -> None:
        setattr(state.table, name, value)
        state._offered = 0
        state.current_player = state.table.current

    return property(attrgetter(f"table.{name}"), set_field, doc=f"The kernel table's ``{name}``.")


class _HeartsKernelView:
    """The Hearts kernel's own answers about a :class:`kernel.Table` (see :class:`KernelView`).

    >>> state = RULES.new_game(players=4, seed=1)
    >>> view = state.kernel_view()
    >>> view.to_move(), len(view.legal_move_texts()), view.scores()
    (0, 286, (0, 0, 0, 0))
    """

    def __init__(self, table: kernel.Table) -> None:
        self._table = table

    def to_move(self) -> int | None:
        return self._table.current

    def legal_move_texts(self) -> list[str]:
        table = self._table
        if table.current is None:
            return []
        if table.phase == _PHASE_PLAY:
            return [ALL_CARDS[index].code for index in kernel.bits(kernel.legal_plays(table))]
        return [f"give {mask_codes(mask)}" for mask in kernel.pass_choices(table.hands[table.current])]

    def scores(self) -> tuple[int, ...]:
        return tuple(self._table.totals)


class _DealOnRead:
    """``HeartsState.table`` while the next hand's deal waits (see ``HeartsState._deal_now``),
    when the state holds no table of its own: reading it deals the hand.  A state's own
    table is read before this (a descriptor without ``__set__``), so that the moves of every
    other hand pay nothing for it."""

    def __get__(self, state: HeartsState | None, owner: type | None = None) -> Any:
        if state is None:
            return self
        state._deal_now()
        return state.table


class HeartsState(GameState[HeartsObservation]):
    """A game of Hearts in progress.  See the module docstring for an example.

    ``legal_actions()`` order: while passing, every 3-card ``give`` in lexicographic
    card-index order (``give 2C 2D 2H`` first), as a lazy :class:`PassChoices`; while
    playing, the playable cards in card-index order (by rank 2 to A, then suit C D H S),
    as a list.  ``apply`` skips the legality check for an action object that the last
    ``legal_actions()`` of this position handed out; any other action is checked.

    The game itself is ``table``, a :class:`~cardtable.games.hearts.kernel.Table`
    moved by the kernel's functions; its fields read (and, for tests and search,
    write) as attributes of the state too: ``hands``, ``won``, ``trick_cards``,
    ``trick_seats``, ``current``, ``leader``, ``trick_number``, ``hearts_broken``,
    ``totals``, ``hand_number``, ``target`` and the rest.
    """

    rules: HeartsRules
    table: kernel.Table = _DealOnRead()  # type: ignore[assignment]

    # Until a state's events are first set (by __init__, a clone or a rebuild), nothing
    # is pending; the setters give each state its own list.
    _pending: list[Pending] = ()  # type: ignore[assignment]
    # Where the pending plays start (see records.Cursor), taken from the table when a
    # play is written down with nothing pending.
    _cursor: Cursor

    _quiet = False

    @property
    def quiet(self) -> bool:
        """When true, plays and tricks are not written to ``events`` or ``tricks_played``:
        a searching bot's play-outs never look at them, and skipping them makes play-outs
        faster.  Everything else (hands, points, scores, history) is kept as usual."""
        return self._quiet

    @quiet.setter
    def quiet(self, value: bool) -> None:
        # What is pending is written first: a quiet state then has nothing pending.
        if self._deal_due:
            self._deal_now()
        if self._pending:
            self._write_pending()
        self._quiet = value

    hands = _table_field("hands")
    won = _table_field("won")
    tricks_taken = _table_field("tricks_taken")
    trick_cards = _table_field("trick_cards")
    trick_seats = _table_field("trick_seats")
    leader = _table_field("leader")
    current = _table_field("current")
    trick_number = _table_field("trick_number")
    hearts_broken = _table_field("hearts_broken")
    phase = _table_field("phase")
    offset = _table_field("offset")
    chosen = _table_field("chosen")
    received = _table_field("received")
    passed = _table_field("passed")
    hand_number = _table_field("hand_number")
    totals = _table_field("totals")
    target = _table_field("target")

    def __init__(
        self,
        rules: HeartsRules,
        players: int,
        seed: int,
        options: dict[str, Any],
        deck: list[Card] | None,
    ) -> None:
        self._completed: list[CompletedTrick] = []
        self._quiet = False
        super().__init__(rules, players, seed, options, deck)
        self.table = kernel.new_table(self.options["target"])
        # One dict per completed hand (see ``outcome().rounds``).
        self.hand_records: list[dict[str, Any]] = []
        # What the last legal_actions() offered: the playable cards as a mask, or minus
        # the mask of the hand a pass is chosen from (0: nothing offered since the state
        # last changed); the sign tells apply which it was without reading the phase.
        self._offered = 0
        self._start_hand(deck)
        self.current_player = self.table.current

    # Plays are written down as compact records and become events (and completed
    # tricks) only when someone reads them: a game played without looking at its events,
    # as by a benchmark or a simulation, never pays for them.
    @property
    def events(self) -> list[Event]:
        """Every event so far (see :class:`GameState`)."""
        if self._deal_due:
            self._deal_now()
        if self._pending:
            self._write_pending()
        return self._events

    @events.setter
    def events(self, events: list[Event]) -> None:
        if self._pending:
            self._write_pending()
        self._pending = []
        self._events = events

    @property
    def completed(self) -> list[CompletedTrick]:
        """The tricks completed in this hand, in order."""
        if self._deal_due:
            self._deal_now()
        if self._pending:
            self._write_pending()
        return self._completed

    @completed.setter
    def completed(self, tricks: list[CompletedTrick]) -> None:
        if self._pending:
            self._write_pending()
        self._pending = []
        self._completed = tricks

    def _record(self, event: Event) -> None:
        """Add ``event`` after everything before it, written or pending."""
        (self._pending if self._pending else self._events).append(event)

    def _note_play(self, move: int) -> None:
        """Write down the play ``move`` (``seat << 6 | index``), before the kernel plays it."""
        pending = self._pending
        if not pending:
            self._sync_cursor()
        pending.append(move)

    def _sync_cursor(self) -> None:
        table = self.table
        self._cursor = (
            list(table.trick_cards),
            list(table.trick_seats),
            table.trick_number,
            table.hearts_broken,
            table.hand_number,
        )

    def _write_pending(self) -> None:
        self._completed, self._cursor = write_plays(self._pending, self._cursor, self._events, self._completed)
        self._pending = []

    @property
    def direction(self) -> str:
        """This hand's pass direction: ``left``, ``right``, ``across`` or ``none``."""
        return _DIRECTION_OF_OFFSET[self.table.offset]

    # --- dealing and hands ------------------------------------------------
    def _start_hand(self, deck: list[Card] | None) -> None:
        """Deal a hand (from ``deck`` if given, else from ``self.rng``) and open it."""
        if deck is None:
            # The same draws, and hands, as shuffling the cards and dealing them out.
            hands = kernel.shuffled_hands(self.rng)
        else:
            hands = [0] * NUM_SEATS
            for position, card in enumerate(deck):
                hands[position % NUM_SEATS] |= card.mask
        table = self.table
        kernel.deal(table, hands)
        if self._pending:
            self._pending.append(None)  # the new hand's tricks start once the old ones are written
        else:
            self._completed = []
        self._defer(deal_events, (hands, table.hand_number, _DIRECTION_OF_OFFSET[table.offset]))

    # The next hand's deal waits until that hand is first read or played: a game whose
    # next hand nobody looks at (a new game for every hand, as a simulation may play)
    # never deals it.  Meanwhile the table is off the state (``_undealt``), and reading
    # ``table`` (so any of its fields, an observation, a legal action, a move; see
    # _DealOnRead), the events, the tricks or a clone deals it, with the same draws of
    # ``rng`` as at once; only the outcome reads the table as the deal will leave what it
    # shows.
    _deal_due = False
    _undealt: kernel.Table

    def _deal_now(self) -> None:
        self._deal_due = False
        self.table = self._undealt
        del self._undealt
        self._start_hand(None)

    def _defer(self, make: Callable[..., list[Event]], arguments: tuple[Any, ...]) -> None:
        """Log the events ``make(*arguments)`` makes, after everything before them; they
        are made when the log is first read (at once in a quiet state, which keeps
        nothing pending)."""
        if self._quiet:
            self._events += make(*arguments)
            return
        pending = self._pending
        if not pending:
            self._sync_cursor()
        pending.append((make, arguments))

    # --- the turn ---------------------------------------------------------
    current_player: int | None = None
    """The seat that must act now, or ``None`` once over: the table's ``current``, kept
    as a plain attribute (set after every change of the table) because every loop that
    plays a game asks it before every move."""

    def kernel_view(self) -> _HeartsKernelView:
        return _HeartsKernelView(self.table)

    def _playable(self, seat: int) -> int:
        """The bitmask of the cards ``seat`` may play now (it must be their turn)."""
        table = self.table
        return kernel.playable(table.hands[seat], table.trick_cards, table.trick_number, table.hearts_broken)

    def legal_actions(self) -> Sequence[Action]:
        table = self.table
        seat = table.current
        if seat is None:
            return []
        if table.phase == _PHASE_PLAY:
            legal = kernel.playable(table.hands[seat], table.trick_cards, table.trick_number, table.hearts_broken)
            self._offered = legal
            # _plays_of()'s cache, inline: one look-up serves most cards of a game.
            plays = SUIT_PLAYS.get(legal)
            if plays is not None:
                return [*plays]
            return listed_plays(legal)
        hand = table.hands[seat]
        self._offered = -hand
        return PassChoices(hand)

    def choosing_seats(self) -> tuple[int, ...]:
        """While passing, every seat that has not passed yet chooses at once."""
        table = self.table
        if table.current is not None and table.phase == _PHASE_PASS:
            return tuple(range(table.passed, NUM_SEATS))
        return super().choosing_seats()

    def legal_actions_for(self, seat: int) -> Sequence[Action]:
        table = self.table
        if seat != table.current and seat in self.choosing_seats():
            return PassChoices(table.hands[seat])
        return super().legal_actions_for(seat)

    def with_choices(self, seen: Observation, chosen: Mapping[int, Action]) -> Observation:
        """While passing, a seat that chose its pass ahead of its turn shows as passed to
        everyone (10 cards, in ``passed_seats``), and its own observation holds its hand
        without the three cards and those cards as ``cards_given``.

        >>> state = HeartsRules().new_game(players=4, seed=3)
        >>> ahead = {2: Action("give", state.observation(2).hand[:3])}
        >>> mine, theirs = state.with_choices(state.observation(2), ahead), state.with_choices(state.observation(1), ahead)
        >>> mine.passed_seats, len(mine.hand), len(mine.cards_given), theirs.hand_sizes, theirs.cards_given
        ((2,), 10, 3, (13, 13, 10, 13), ())
        """
        if not chosen or self.table.phase != _PHASE_PASS or not isinstance(seen, HeartsObservation):
            return seen
        sizes = list(seen.hand_sizes)
        for seat, action in chosen.items():
            sizes[seat] -= len(action.cards)
        own = chosen.get(seen.seat) if seen.seat is not None else None
        mine: dict[str, Any] = {}
        if own is not None:
            mine = {"hand": tuple(card for card in seen.hand if card not in own.cards),
                    "cards_given": mask_to_cards(own.mask)}
        passed = tuple(sorted({*seen.passed_seats, *chosen}))
        return dataclasses.replace(seen, hand_sizes=tuple(sizes), passed_seats=passed, **mine)

    def why_illegal_for(self, seat: int, action: Action | str) -> str | None:
        table = self.table
        if seat == table.current or seat not in self.choosing_seats():
            return super().why_illegal_for(seat, action)
        try:
            parsed = self.parse_action(action)
        except MalformedActionError as exc:
            return str(exc)
        refusal = self._why_not_a_pass(seat, parsed)
        return None if refusal is None else str(refusal)

    def refusal_for(self, seat: int, action: Action | str) -> RuleRefusal | None:
        table = self.table
        if seat == table.current or seat not in self.choosing_seats():
            return super().refusal_for(seat, action)
        try:
            parsed = self.parse_action(action)
        except MalformedActionError as exc:
            return exc.refusal or malformed(action, self.rules.title)
        return self._why_not_a_pass(seat, parsed)

    def _why_not_a_pass(self, seat: int, action: Action) -> RuleRefusal | None:
        """Why ``action`` is not a pass ``seat`` may choose now (the pass phase), or ``None``."""
        table = self.table
        if action.kind != "give":
            target = (seat + table.offset) % NUM_SEATS
            return RuleRefusal("pass_first", count=PASS_SIZE, direction=self.direction, seat=target)
        if len(action.cards) != PASS_SIZE:
            return RuleRefusal("pass_count", count=PASS_SIZE, given=len(action.cards))
        missing = action.mask & ~table.hands[seat]
        if missing:
            return RuleRefusal("pass_not_in_hand", cards=mask_to_cards(missing))
        return None

    def apply(self, action: Action | str) -> None:
        # An action legal_actions() handed out for this very position is legal as it is.
        offered = self._offered
        if offered > 0 and type(action) is Action:
            # The playable cards were offered: a play, if it is one of them.
            mask = action.mask
            index = mask.bit_length() - 1
            if mask & offered and action is PLAYS[index]:
                # _play(), inline: this is every card of every game.
                self._offered = 0
                table = self.table
                seat: int = table.current  # type: ignore[assignment]
                move = seat << 6 | index
                pending = self._pending
                if pending:
                    pending.append(move)  # never while quiet: a quiet state has nothing pending
                elif not self._quiet:
                    self._sync_cursor()
                    pending.append(move)
                kernel.play(table, index)
                self.history.append(SEAT_PLAYS[move])
                if not table.trick_cards and table.trick_number == TRICKS_PER_HAND:
                    self._finish_hand()
                self.current_player = table.current
                return
        elif offered and type(action) is Action:
            # A pass was offered (``_offered`` is minus the hand it is chosen from).
            mask = action.mask
            if not mask & ~(-offered) and action is GIVES.get(mask):
                self._offered = 0
                table = self.table
                seat = table.current  # type: ignore[assignment]
                self._choose_pass(seat, mask)
                self.history.append((seat, action))
                self.current_player = table.current
                return
        GameState.apply(self, action)

    def _why_illegal(self, action: Action) -> RuleRefusal | None:
        table = self.table
        seat = table.current
        if seat is None:
            return GAME_OVER_REFUSAL
        kind = action.kind
        if table.phase == _PHASE_PASS:
            return self._why_not_a_pass(seat, action)
        if kind != "play":
            if table.offset == 0:
                return RuleRefusal("no_pass_this_hand")
            return RuleRefusal("already_passed")
        if len(action.cards) != 1:
            return RuleRefusal("one_card_at_a_time")
        card = action.cards[0]
        mask = card.mask
        hand = table.hands[seat]
        if not mask & hand:
            return RuleRefusal("not_in_hand", cards=(card,))
        if mask & self._playable(seat):
            return None
        if not table.trick_cards:
            if table.trick_number == 0:
                return RuleRefusal("lead_two_of_clubs", cards=(_TWO_OF_CLUBS,))
            return RuleRefusal("hearts_not_broken")
        lead = table.trick_cards[0] & 3
        if hand & SUIT_MASKS[lead]:
            return RuleRefusal("follow_suit", suit=Suit(lead))
        return RuleRefusal("no_points_first_trick", cards=(_QUEEN_OF_SPADES,))

    # --- carrying out actions ---------------------------------------------
    def _apply(self, action: Action) -> None:
        self._offered = 0
        table = self.table
        seat = table.current
        assert seat is not None
        if table.phase == _PHASE_PASS:
            self._choose_pass(seat, action.mask)
        else:
            self._play(seat, action.cards[0].index)
        self.current_player = table.current

    def _choose_pass(self, seat: int, mask: int) -> None:
        table = self.table
        number = table.hand_number
        offset = table.offset
        direction = _DIRECTION_OF_OFFSET[offset]
        self._defer(give_event, (seat, mask, number, (seat + offset) % NUM_SEATS, direction))
        if not kernel.give(table, mask):
            return
        # Everyone has chosen: the kernel has handed the cards over.
        self._defer(exchange_events, (tuple(table.chosen), offset, number, direction))

    def _play(self, seat: int, index: int) -> None:
        table = self.table
        if not self._quiet:
            self._note_play(seat << 6 | index)
        kernel.play(table, index)
        if table.trick_number == TRICKS_PER_HAND and not table.trick_cards:
            self._finish_hand()

    def _finish_hand(self) -> None:
        table = self.table
        raw, scored = kernel.end_hand(table)
        number = table.hand_number
        record = {
            "hand": number,
            "pass_direction": _DIRECTION_OF_OFFSET[table.offset],
            "points_taken": raw,
            "scores": scored,
            "moon_shooter": raw.index(POINTS_PER_HAND) if POINTS_PER_HAND in raw else None,
            "totals": list(table.totals),
        }
        self.hand_records.append(record)  # never changed once made
        self._defer(hand_over_events, (record,))
        winners = kernel.game_winners(table.totals, table.target)
        if len(winners) == 1:
            kernel.finish_game(table)
            self._record(
                Event("game_over", winners[0], (), number, {"winners": winners, "scores": list(table.totals)})
            )
            return
        if winners:
            self._record(Event("tie", None, (), number, {"seats": winners, "score": table.totals[winners[0]]}))
        if not kernel.pass_offset(number + 1):
            self._start_hand(None)  # who leads a hand without a pass (the 2C's holder) needs the deal
            return
        # A hand with a pass opens with seat 0 choosing, whatever the cards: its deal
        # waits (see _deal_now), with the table as the deal leaves what is read meanwhile.
        table.current = 0
        table.won = [0, 0, 0, 0]
        self._undealt = table
        self._deal_due = True
        del self.table

    # --- views ------------------------------------------------------------
    def _hand(self, seat: int) -> tuple[Card, ...]:
        return mask_to_cards(self.table.hands[seat])

    def _actions_seen(
        self, history: list[tuple[int, Action]], seat: int | None, start: int, carry: Any
    ) -> tuple[list[tuple[int, str]], int, Any]:
        """The history with other seats' passes hidden (see
        :func:`~cardtable.games.hearts.records.actions_seen`)."""
        return actions_seen(history, seat, start, carry)

    def _observation(self, seat: int) -> HeartsObservation:
        table = self.table
        offset = table.offset
        passing = table.phase == _PHASE_PASS
        exchanged = offset != 0 and not passing
        trick = tuple((s, ALL_CARDS[i]) for s, i in zip(table.trick_seats, table.trick_cards))
        return HeartsObservation(
            game=self.rules.name,
            seat=seat,
            num_players=NUM_SEATS,
            current_player=table.current,
            hand=mask_to_cards(table.hands[seat]),
            hand_sizes=tuple(h.bit_count() for h in table.hands),
            round=table.hand_number,
            scores=tuple(table.totals),
            history=self._public_history(seat),
            events=self.events_for(seat),
            is_over=table.current is None,
            phase=_PHASE_NAMES[table.phase],
            hand_number=table.hand_number,
            pass_direction=self.direction,
            pass_target=(seat + offset) % NUM_SEATS if offset else None,
            passed_seats=tuple(range(table.passed)) if offset else (),
            cards_given=mask_to_cards(table.chosen[seat]),
            cards_received=mask_to_cards(table.received[seat]) if exchanged else (),
            trick=trick,
            leader=table.leader,
            lead_suit=Suit(table.trick_cards[0] & 3) if table.trick_cards else None,
            trick_number=min(table.trick_number + 1, TRICKS_PER_HAND),
            last_trick=self.completed[-1] if self.completed else None,
            tricks_played=tuple(self.completed),
            tricks_taken=tuple(table.tricks_taken),
            points_taken=tuple(kernel.hand_points(table.won)),
            hearts_broken=table.hearts_broken,
            hand_scores=self._seat_view("hand_scores", None, self.hand_records, hand_scores_seen),
            moon_shooters=self._seat_view("moon_shooters", None, self.hand_records, moon_shooters_seen),
            target=table.target,
        )

    def outcome(self) -> Outcome:
        # A hand still to be dealt has no points taken, as its waiting table says.
        table = self._undealt if self._deal_due else self.table
        return outcome_of(self.rules.name, table, self.hand_records)

    def clone(self) -> HeartsState:
        table = self.table  # deals a waiting hand first, so that both draw the same cards
        new = object.__new__(HeartsState)
        self._clone_base(new)
        new.table = kernel.copy_table(table)
        new.hand_records = list(self.hand_records)  # records are never changed once made
        new.completed = list(self.completed)
        new._quiet = self._quiet
        new._offered = 0
        new.current_player = new.table.current
        return new

    # --- rebuilding a state from what one seat knows -------------------------
    @classmethod
    def from_observation(
        cls,
        observation: HeartsObservation,
        hands: Sequence[int | Iterable[Card]],
        rng: random.Random | None = None,
    ) -> HeartsState:
        """A full state that matches ``observation`` with the cards in hand set to ``hands``.

        This is how a searching bot turns a guess about the hidden cards (``hands``: the
        cards each seat holds now, as bitmasks or cards) into a state it can play out.
        Only the play phase can be rebuilt: the observation must be of a hand being
        played.  ``hands[observation.seat]`` must be the observer's hand, the sizes
        must be the public ones, and together with the cards played this hand the
        hands must hold every card once; otherwise :class:`ValueError` says what is wrong.
        ``rng`` (default: seeded with 0) drives later deals of the rebuilt state.

        Everything public is restored: totals, earlier hands, the tricks of this hand,
        the current trick, who leads, whether hearts are broken, and the observer's
        pass.  The other seats' passes, which the observer never saw, are recorded in
        ``history`` as placeholders and the event log is the observer's view, so the
        rebuilt state shows the observer exactly ``observation`` but is meant for
        search, not for saving.

        >>> state = RULES.new_game(players=4, seed=2)
        >>> for _ in range(4):
        ...     state.apply(state.legal_actions()[0])
        >>> seat = state.current_player
        >>> seen = state.observation(seat)
        >>> rebuilt = HeartsState.from_observation(seen, state.hands)
        >>> rebuilt.observation(seat) == seen, rebuilt.legal_actions() == state.legal_actions()
        (True, True)
        """
        masks = checked_guess(observation, hands)
        state = cls._rebuilt(
            RULES,
            observation,
            {"target": observation.target},
            [(actor, public_action(text)) for actor, text in observation.history],
            rng,
        )
        state.table = rebuilt_table(observation, masks)
        state.hand_records = records_from_scores(observation.hand_scores, observation.moon_shooters)
        state._quiet = False
        state._offered = 0
        state.completed = list(observation.tricks_played)
        state.current_player = observation.current_player
        return state

    # --- invariants (for tests and debugging) -----------------------------
    def card_locations(self) -> Mapping[str, int]:
        """Where the 52 cards are, as bitmasks: ``hands``, ``passing``, ``trick``, ``won``.

        >>> state = RULES.new_game(players=4, seed=1)
        >>> sum(mask.bit_count() for mask in state.card_locations().values())
        52
        """
        table = self.table
        hands = passing = trick = won = 0
        for seat in range(NUM_SEATS):
            hands |= table.hands[seat]
            won |= table.won[seat]
            if table.phase == _PHASE_PASS:
                passing |= table.chosen[seat]
        for index in table.trick_cards:
            trick |= 1 << index
        return {"hands": hands, "passing": passing, "trick": trick, "won": won}


RULES = HeartsRules()
