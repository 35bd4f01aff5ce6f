"""The President game itself: :class:`PresidentRules`, :class:`PresidentState` and
:data:`RULES`.

The rules are :mod:`cardtable.games.president.kernel`; the state adds validation with
one-line reasons, events, observations, the notation of moves and saves (see the
package's docstring).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from operator import attrgetter
from types import MappingProxyType
from typing import Any, Self

from cardtable.cards import FULL_DECK, Card, Rank, RankOrder, mask_to_cards, shuffled
from cardtable.engine.actions import PASS, Action
from cardtable.engine.events import Event
from cardtable.engine.facts import Measure, StatCounter, score_per_round
from cardtable.engine.refusals import ENGINE_CODES, RuleRefusal, malformed
from cardtable.engine.state import GAME_OVER_REFUSAL, GameState, Outcome, Rules
from cardtable.games.president import kernel
from cardtable.games.president.about import PresidentFacts
from cardtable.games.president.actions import ACTION_TABLES, NO_INFO, PLAY_ACTIONS, give_action, pass_event
from cardtable.games.president.kernel import PRESIDENT_ORDER, REVOLUTION_ORDER
from cardtable.games.president.observation import (
    CITIZEN,
    PRESIDENT,
    SCUM,
    TITLES,
    VICE_PRESIDENT,
    VICE_SCUM,
    PresidentObservation,
    titles_of,
)
from cardtable.games.president.rebuild import checked_guess, rebuilt_history, rebuilt_table
from cardtable.lang import N_

__all__ = ["PresidentRules", "PresidentState", "RULES"]

_PLAY, _EXCHANGE, _OVER = kernel.PLAY, kernel.EXCHANGE, kernel.OVER
_PHASE_NAMES = {kernel.PLAY: "play", kernel.EXCHANGE: "exchange", kernel.OVER: "over"}


class PresidentRules(PresidentFacts, Rules):
    """President for 3 to 6 players with the 52-card deck.

    Options: ``rounds`` (1-99, default 1) and ``revolution`` (default on).

    >>> RULES.new_game(players=3, seed=2, revolution="off").options
    {'rounds': 1, 'revolution': False}
    """

    deck = FULL_DECK
    action_kinds = frozenset({"play", "pass", "give"})
    refusal_codes = ENGINE_CODES | {
        "not_in_hand", "give_first", "give_count", "no_exchange", "leader_must_play", "same_rank", "match_table",
        "rank_too_low", "rank_too_low_revolution",
    }
    rank_order = PRESIDENT_ORDER
    stat_counters = (
        StatCounter(
            # TRANSLATORS: the statistics' heading of President's titles held ("President titles").
            "titles", N_("titles"), "titles",
            MappingProxyType({
                # TRANSLATORS: President's titles as the statistics' columns abbreviate them: President,
                # Vice-President, Citizen, Vice-Scum, Scum (Dutch P, VP, B, VK, K).
                PRESIDENT: N_("P"), VICE_PRESIDENT: N_("VP"), CITIZEN: N_("C"), VICE_SCUM: N_("VS"), SCUM: N_("S"),
            }),
        ),
    )
    # TRANSLATORS: the figure `cardtable simulate` judges a President bot by.
    arena_measure = Measure(N_("points per round"), True, score_per_round)
    bot_module = "cardtable.bots.president"
    table_widget = "cardtable.tui.tables.president:PresidentTable"

    def _new_state(
        self, players: int, seed: int, options: dict[str, Any], deck: list[Card] | None
    ) -> PresidentState:
        return PresidentState(self, players, seed, options, deck)


def _table_field(name: str, doc: str) -> Any:
    """A read-write attribute of the state that is the kernel table's field ``name``."""

    def set_field(state: PresidentState, value: Any) -> None:
        setattr(state.table, name, value)

    return property(attrgetter(f"table.{name}"), set_field, doc=doc)


class _PresidentKernelView:
    """The President kernel's own answers about a :class:`kernel.Table` (see
    :class:`~cardtable.engine.state.KernelView`).

    >>> state = RULES.new_game(players=4, seed=1)
    >>> view = state.kernel_view()
    >>> view.to_move(), view.legal_move_texts()[:2], view.scores()
    (0, ['3C', '5C'], (0, 0, 0, 0))
    """

    def __init__(self, table: kernel.Table) -> None:
        self._table = table

    def to_move(self) -> int | None:
        return self._table.current

    def legal_move_texts(self) -> list[str]:
        table = self._table
        if table.current is None:
            return []
        if table.phase == kernel.EXCHANGE:
            return [f"give {_codes(mask)}" for mask in kernel.exchange_choices(table)]
        moves = [_codes(mask) for mask in kernel.legal_plays(table)]
        if table.table_size:
            moves.append("pass")
        return moves

    def scores(self) -> tuple[int, ...]:
        return tuple(self._table.scores)


def _codes(mask: int) -> str:
    return " ".join(card.code for card in mask_to_cards(mask))


class PresidentState(GameState[PresidentObservation]):
    """A game of President: a series of ``rounds`` rounds.

    Legal actions come in a fixed order: plays by number of cards, then by rank from
    lowest to highest in the order in force, then by card index; ``pass`` last.  In an
    exchange, every set of cards the giver may hand back, by card index.  ``apply``
    checks a play or a pass from :meth:`legal_actions` with the kernel alone, without
    working out a reason it will not need.

    The game itself is ``table``, a :class:`~cardtable.games.president.kernel.Table`
    moved by the kernel's functions; its fields read (and, for tests and search, write)
    as attributes of the state too: ``hands``, ``table_mask``, ``table_rank``,
    ``table_size``, ``table_owner``, ``passed``, ``out``, ``finished``, ``leader``,
    ``revolution``, ``round_number``, ``scores`` and the rest.

    >>> state = RULES.new_game(players=3, deck=[c for c in FULL_DECK])
    >>> [str(c) for c in state.hand(0)][:4]
    ['2C', '2S', '3H', '4D']
    >>> state.apply("3H"); state.current_player
    1
    """

    rules: PresidentRules
    table: kernel.Table

    hands = _table_field("hands", "Each seat's cards, as masks.")
    table_mask = _table_field("table_mask", "The cards on the table, as a mask (0: clear).")
    table_rank = _table_field("table_rank", "The rank on the table (0: clear).")
    table_size = _table_field("table_size", "How many cards are on the table (0: clear).")
    table_owner = _table_field("table_owner", "Who played the cards on the table (-1: nobody).")
    passed = _table_field("passed", "The seats that passed in this trick, as a bitmask.")
    out = _table_field("out", "The seats out of this round, as a bitmask.")
    finished = _table_field("finished", "The seats out of this round, first place first.")
    leader = _table_field("leader", "The seat that led this trick (or leads the next).")
    revolution = _table_field("revolution", "Whether the inverted order is in force.")
    round_number = _table_field("round_number", "The round being played, from 1.")
    scores = _table_field("scores", "Each seat's points so far.")
    given = _table_field("given", "Each seat's cards given in this round's exchange, as masks.")
    received = _table_field("received", "Each seat's cards received in this round's exchange, as masks.")
    phase = _table_field("phase", "The kernel's phase (kernel.PLAY, EXCHANGE, OVER).")

    def __init__(
        self,
        rules: PresidentRules,
        players: int,
        seed: int,
        options: dict[str, Any],
        deck: list[Card] | None,
    ) -> None:
        super().__init__(rules, players, seed, options, deck)
        self.table = kernel.new_table(players, options["rounds"], options["revolution"])
        # The plays and passes of the trick on the table, as (seat, action).
        self.trick: list[tuple[int, Action]] = []
        # History indexes of exchange gives -> the two seats that may see the cards.
        self._private_gives: dict[int, tuple[int, int]] = {}
        self._start_round(list(deck) if deck is not None else shuffled(rules.deck, self.rng))

    # --- round set-up ------------------------------------------------------------
    def _start_round(self, deck: list[Card]) -> None:
        table = self.table
        n = self.num_players
        number = table.round_number + 1
        hands = [0] * n
        for i, card in enumerate(deck):
            hands[i % n] |= card.mask
        for seat in range(n):
            self.events.append(
                Event("deal", seat, mask_to_cards(hands[seat]), number, visible_to=(seat,))
            )
        self.trick = []
        for giver, receiver, mask in kernel.deal(table, hands):
            self._exchange_event(giver, receiver, mask, automatic=True)

    def _exchange_event(self, giver: int, receiver: int, mask: int, automatic: bool) -> None:
        self.events.append(
            Event(
                "exchange",
                giver,
                mask_to_cards(mask),
                self.table.round_number,
                {"to": receiver, "automatic": automatic},
                visible_to=(giver, receiver),
            )
        )

    # --- the turn ----------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.table.current

    @property
    def table_cards(self) -> tuple[Card, ...]:
        """The cards on the table, low to high (empty when clear)."""
        return mask_to_cards(self.table.table_mask)

    @property
    def rank_order(self) -> RankOrder:
        """The rank order in force."""
        return REVOLUTION_ORDER if self.table.revolution else PRESIDENT_ORDER

    def kernel_view(self) -> _PresidentKernelView:
        return _PresidentKernelView(self.table)

    def legal_actions(self) -> list[Action]:
        table = self.table
        if table.current is None:
            return []
        if table.phase == _EXCHANGE:
            return [give_action(mask) for mask in kernel.exchange_choices(table)]
        actions: list[Action] = kernel.legal_plays(table, ACTION_TABLES)
        if table.table_size:
            actions.append(PASS)
        return actions

    def apply(self, action: Action | str) -> None:
        table = self.table
        seat = table.current
        if seat is not None and table.phase == _PLAY:
            # A play or pass of this game's own objects needs only the kernel's check.
            if action is PASS:
                if table.table_size:
                    self._pass(seat, action)
                    self.history.append((seat, action))
                    return
            elif isinstance(action, Action):
                mask = action.mask
                if PLAY_ACTIONS.get(mask) is action and kernel.is_legal_play(table, mask):
                    self._play(seat, action)
                    self.history.append((seat, action))
                    return
        super().apply(action)

    def _why_illegal(self, action: Action) -> RuleRefusal | None:
        table = self.table
        seat = table.current
        if seat is None:
            return GAME_OVER_REFUSAL
        kind = action.kind
        hand = table.hands[seat]
        if table.phase == _EXCHANGE:
            count = table.exchange_steps[0][2]
            if kind != "give":
                return RuleRefusal("give_first", count=count, cards=self._example_give(count))
            missing = action.mask & ~hand
            if missing:
                return _not_in_hand(missing)
            if len(action.cards) != count:
                return RuleRefusal("give_count", count=count)
            return None
        if kind == "give":
            return RuleRefusal("no_exchange")
        if kind == "pass":
            if table.table_size == 0:
                return RuleRefusal("leader_must_play")
            return None
        if kind != "play":
            return malformed(action, self.rules.title)
        mask = action.mask
        if kernel.is_legal_play(table, mask):
            return None
        missing = mask & ~hand
        if missing:
            return _not_in_hand(missing)
        rank = kernel.rank_of(mask)
        if mask & ~(15 << (rank - 2) * 4):
            return RuleRefusal("same_rank")
        if len(action.cards) != table.table_size:
            return RuleRefusal("match_table", count=table.table_size)
        code = "rank_too_low_revolution" if table.revolution else "rank_too_low"
        return RuleRefusal(code, ranks=(Rank(rank), Rank(table.table_rank)))

    def _example_give(self, count: int) -> tuple[Card, ...]:
        return mask_to_cards(self.table.hands[self.table.current or 0])[:count]

    # --- carrying out actions ----------------------------------------------------
    def _apply(self, action: Action) -> None:
        seat = self.table.current
        assert seat is not None
        kind = action.kind
        if kind == "play":
            self._play(seat, action)
        elif kind == "pass":
            self._pass(seat, action)
        else:
            giver, receiver = kernel.give(self.table, action.mask)
            self._private_gives[len(self.history)] = (giver, receiver)
            self._exchange_event(giver, receiver, action.mask, automatic=False)

    def _pass(self, seat: int, action: Action) -> None:
        table = self.table
        on_table = table.table_mask
        self.trick.append((seat, action))
        self.events.append(pass_event(seat, table.round_number))
        won = kernel.pass_turn(table)
        if won >= 0:
            self._trick_won(won, mask_to_cards(on_table))

    def _play(self, seat: int, action: Action) -> None:
        table = self.table
        number = table.round_number
        finished = len(table.finished)
        won = kernel.play(table, action.mask)
        self.trick.append((seat, action))
        events = self.events
        events.append(Event("play", seat, action.cards, number, NO_INFO))
        if len(action.cards) == 4 and table.revolution_enabled:
            events.append(Event("revolution", seat, (), number, {"active": table.revolution}))
        if not table.hands[seat]:  # out: and the last seat with it, if the round is over
            titles = TITLES[self.num_players]
            for place in range(finished, len(table.finished)):
                events.append(
                    Event("out", table.finished[place], (), number, {"place": place + 1, "title": titles[place]})
                )
        if table.current is None:
            self._end_round()
        elif won >= 0:
            self._trick_won(won, action.cards)

    def _trick_won(self, winner: int, cards: tuple[Card, ...]) -> None:
        self.events.append(Event("trick", winner, cards, self.table.round_number, {"leader": self.table.leader}))
        self.trick = []

    def _end_round(self) -> None:
        table = self.table
        order = list(table.orders[-1])
        titles = titles_of(order)
        self.events.append(
            Event(
                "round_over",
                None,
                (),
                table.round_number,
                {"order": order, "titles": titles, "points": kernel.round_points(order), "scores": list(table.scores)},
            )
        )
        self.trick = []
        if table.phase == _OVER:
            self.events.append(
                Event(
                    "game_over",
                    None,
                    (),
                    table.round_number,
                    {"winners": list(kernel.winners(table.scores)), "scores": list(table.scores)},
                )
            )
        else:
            self._start_round(shuffled(self.rules.deck, self.rng))

    # --- views -------------------------------------------------------------------
    def _hand(self, seat: int) -> tuple[Card, ...]:
        return mask_to_cards(self.table.hands[seat])

    def _last_titles(self) -> list[str | None]:
        orders = self.table.orders
        return titles_of(orders[-1]) if orders else [None] * self.num_players

    def _actions_seen(
        self, history: list[tuple[int, Action]], seat: int | None, start: int, carry: Any
    ) -> tuple[list[tuple[int, str]], int, None]:
        """The actions from ``start`` on as ``seat`` may see them: others' exchange gives
        show as ``give ? ?`` (who sees a give is settled when it is made)."""
        private = self._private_gives
        shown = []
        for index, (actor, action) in enumerate(history[start:], start):
            viewers = private.get(index)
            if viewers is not None and seat not in viewers:
                shown.append((actor, "give" + " ?" * len(action.cards)))
            else:
                shown.append((actor, str(action)))
        return shown, len(shown), None

    def _observation(self, seat: int) -> PresidentObservation:
        table = self.table
        due = 0
        if table.phase == _EXCHANGE and table.exchange_steps[0][0] == seat:
            due = table.exchange_steps[0][2]
        turn = table.current
        return PresidentObservation(
            game=self.rules.name,
            seat=seat,
            num_players=self.num_players,
            current_player=turn,
            hand=mask_to_cards(table.hands[seat]),
            hand_sizes=tuple(h.bit_count() for h in table.hands),
            round=table.round_number,
            scores=tuple(table.scores),
            history=self._public_history(seat),
            events=self.events_for(seat),
            is_over=turn is None,
            phase=_PHASE_NAMES[table.phase],
            rank_order=self.rank_order,
            revolution=table.revolution,
            revolution_enabled=table.revolution_enabled,
            rounds_total=table.rounds_total,
            table=self.table_cards,
            table_owner=table.table_owner if table.table_owner >= 0 else None,
            trick=tuple((s, str(a)) for s, a in self.trick),
            passed=tuple(s for s in range(self.num_players) if table.passed >> s & 1),
            leader=table.leader if turn is not None else None,
            finished=tuple(table.finished),
            titles=tuple(self._last_titles()),
            round_points=self._seat_view("round_points", None, table.orders, _round_points_seen),
            exchange_given=mask_to_cards(table.given[seat]),
            exchange_received=mask_to_cards(table.received[seat]),
            exchange_due=due,
        )

    def outcome(self) -> Outcome:
        """The standing: see docs/api.md, section President.

        ``details`` holds ``revolutions`` (inversions over the whole game),
        ``rounds_total``, and ``current_round`` (number, seats out so far in order,
        whether a revolution is on) while a round is being played, else ``None``.
        """
        table = self.table
        over = table.current is None
        orders = table.orders
        current = None
        if not over:
            current = {
                "round": table.round_number,
                "finished": list(table.finished),
                "revolution": table.revolution,
            }
        return Outcome(
            game=self.rules.name,
            is_over=over,
            rounds_played=len(orders),
            order=tuple(orders[-1]) if orders else (),
            titles=tuple(self._last_titles()),
            scores=tuple(table.scores),
            winners=kernel.winners(table.scores) if over else (),
            rounds=tuple(
                {
                    "round": number,
                    "order": list(order),
                    "titles": titles_of(order),
                    "points": kernel.round_points(order),
                    "revolutions": revolutions,
                }
                for number, (order, revolutions) in enumerate(zip(orders, table.round_revolutions), start=1)
            ),
            details={
                "revolutions": table.revolution_total,
                "rounds_total": table.rounds_total,
                "current_round": current,
            },
        )

    def clone(self) -> Self:
        new = object.__new__(type(self))
        self._clone_base(new)
        new.table = kernel.copy_table(self.table)
        new.trick = list(self.trick)
        new._private_gives = dict(self._private_gives)
        return new

    @classmethod
    def from_observation(
        cls,
        observation: PresidentObservation,
        hands: Sequence[int | Iterable[Card]],
        rng: random.Random | None = None,
    ) -> Self:
        """A full state that matches ``observation`` with the cards in hand set to ``hands``.

        This is how a searching bot turns a guess about the hidden cards (``hands``: the
        cards each seat holds now, as bitmasks or cards) into a state it can play out.
        A round being played (phase ``play``) or the exchange before it (phase
        ``exchange``: the review plays gifts out from there) can be rebuilt, a finished
        game not.  ``hands[seat]`` must be the observer's own hand, every size must be
        the public one, and the hands together with the cards played this round must
        hold each card once; otherwise :class:`ValueError` says what is wrong.  ``rng``
        (default: seeded with 0) drives the deals of later rounds.

        Everything public is restored: scores and earlier rounds, titles, the order in
        force, the table, who passed, who is out, who leads, the observer's exchange and
        the gifts back still due.  Exchange gives the observer never saw stay
        placeholders in ``history`` and the event log is the observer's view, so the
        state shows the observer exactly ``observation``; it is meant for search, not
        for saving.

        >>> state = RULES.new_game(players=4, seed=2)
        >>> for _ in range(6):
        ...     state.apply(state.legal_actions()[0])
        >>> seat = state.current_player
        >>> seen = state.observation(seat)
        >>> rebuilt = PresidentState.from_observation(seen, state.hands)
        >>> rebuilt.observation(seat) == seen, rebuilt.legal_actions() == state.legal_actions()
        (True, True)
        """
        masks = checked_guess(observation, hands)
        state = cls._rebuilt(
            RULES,
            observation,
            {"rounds": observation.rounds_total, "revolution": observation.revolution_enabled},
            (),
            rng,
        )
        state.table = rebuilt_table(observation, masks)
        state.history, state._private_gives = rebuilt_history(observation)
        state.trick = [(actor, Action.parse(text)) for actor, text in observation.trick]
        return state


def _not_in_hand(missing: int) -> RuleRefusal:
    return RuleRefusal("not_in_hand", cards=mask_to_cards(missing))


RULES = PresidentRules()
"""The President rules object, as ``cardtable.games.get_rules("president")`` returns it."""


def _round_points_seen(
    orders: list[list[int]], seat: int | None, start: int, carry: Any
) -> tuple[list[tuple[int, ...]], int, None]:
    """Each round's points from ``orders[start]`` on (see :meth:`GameState._seat_view`):
    the observation's ``round_points`` grow by one round at a time, not rebuilt."""
    shown = [tuple(kernel.round_points(order)) for order in orders[start:]]
    return shown, len(shown), None
