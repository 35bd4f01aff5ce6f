"""The Durak game itself: :class:`DurakRules`, :class:`DurakState` and :data:`RULES`.

The rules are :mod:`cardtable.games.durak.kernel`; the state adds validation with
reasons, events, observations, notation, the deals of later rounds from the seeded
``rng``, and saves (see the package's docstring).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from cardtable.cards import ALL_CARDS, SHORT_DECK, Card, Rank, RankOrder, Suit, cards_to_mask, mask_to_cards, shuffled
from cardtable.engine.actions import PASS, Action
from cardtable.engine.events import Event
from cardtable.engine.facts import Measure, RoundShare, StatCounter
from cardtable.engine.refusals import ENGINE_CODES, RuleRefusal, malformed
from cardtable.engine.state import GAME_OVER_REFUSAL, GameState, Outcome, Rules
from cardtable.games.durak import kernel
from cardtable.games.durak.about import DurakFacts
from cardtable.games.durak.actions import ACTIONS_BY_MOVE, MOVE_OF_ACTION, MOVE_OF_ID, attack_actions
from cardtable.games.durak.observation import PHASE_NAMES, DurakObservation
from cardtable.games.durak.rebuild import checked_guess, rebuilt_table
from cardtable.lang import N_

__all__ = ["DurakRules", "DurakState", "RULES", "DURAK_ORDER", "HAND_SIZE", "MAX_ATTACKS"]

DURAK_ORDER = RankOrder("durak", [Rank(r) for r in range(6, 15)])
"""Durak's ranks: 6 to ace."""

HAND_SIZE = kernel.HAND_SIZE
"""Players draw back up to this many cards after each bout."""

MAX_ATTACKS = kernel.MAX_ATTACKS
"""No bout has more attacking cards than this (nor than the defender held at its start)."""

_DECK_MASK = kernel.DECK_MASK

# Shared by every throw-in event; events are read-only, so one dict serves them all.
_THROW_IN_INFO: dict[str, Any] = {"throw_in": True}
_NO_INFO: Mapping[str, Any] = MappingProxyType({})
# The events of moves are built as the tuples they are, without Event's defaults (one a move).
_new_tuple = tuple.__new__


class DurakRules(DurakFacts, Rules):
    """Durak's fixed facts.  ``rounds`` (1-99) plays a series: 1 win to the first player
    out and 1 loss to the durak each round."""

    deck = SHORT_DECK
    action_kinds = frozenset({"attack", "defend", "take", "pass"})
    refusal_codes = ENGINE_CODES | {
        "not_in_hand", "attack_while_defending", "not_in_deck", "throw_in_rank", "defend_while_attacking",
        "nothing_to_beat", "not_attacking_card", "already_beaten", "trump_beats_trump", "follow_or_trump",
        "rank_lower", "already_taking", "take_only_defender", "attacker_must_open", "defender_cannot_pass",
    }
    rank_order = DURAK_ORDER
    # TRANSLATORS: what Durak's final scores count: rounds won (first out) minus rounds lost (the durak).
    score_word = N_("wins−losses")
    # TRANSLATORS: the statistics' heading of the rounds a player was the durak (the one left with cards).
    stat_counters = (StatCounter("times_durak", N_("durak"), "durak"),)
    # TRANSLATORS: the figure `cardtable simulate` judges a Durak bot by: the share of rounds it was the durak.
    arena_measure = Measure(N_("durak rate"), False, RoundShare("durak"), is_rate=True)
    bot_module = "cardtable.bots.durak"
    table_widget = "cardtable.tui.tables.durak:DurakTable"

    def _new_state(
        self, players: int, seed: int, options: dict[str, Any], deck: list[Card] | None
    ) -> DurakState:
        return DurakState(self, players, seed, options, deck)


def _table_field(name: str, doc: str) -> Any:
    """A read-write attribute of the state that is the kernel table's field ``name``."""

    def get_field(state: DurakState) -> Any:
        return getattr(state.table, name)

    def set_field(state: DurakState, value: Any) -> None:
        setattr(state.table, name, value)
        state._offered_moves = None
        state._offered_cards = -1

    return property(get_field, set_field, doc=doc)


class _DurakKernelView:
    """The Durak kernel's own answers about a :class:`kernel.Table` (see :class:`KernelView`).

    >>> state = RULES.new_game(players=2, seed=5)
    >>> view = state.kernel_view()
    >>> view.to_move() == state.current_player, view.legal_move_texts() == [str(a) for a in state.legal_actions()]
    (True, True)
    >>> view.scores()
    (0, 0)
    """

    def __init__(self, table: kernel.Table) -> None:
        self._table = table

    def to_move(self) -> int | None:
        return self._table.turn

    def legal_move_texts(self) -> list[str]:
        return [kernel.move_text(move) for move in kernel.legal_moves(self._table)]

    def scores(self) -> tuple[int, ...]:
        table = self._table
        return tuple(won - lost for won, lost in zip(table.wins, table.losses))


class DurakState(GameState[DurakObservation]):
    """A Durak game: one round, or a series of ``rounds`` rounds.

    The game itself is ``table``, a :class:`~cardtable.games.durak.kernel.Table` moved
    by the kernel's functions; its fields read (and, for tests and search, write) as
    attributes of the state too, under their older names: ``hands``, ``stock``,
    ``stock_pos``, ``trump`` (the suit), ``trump_idx`` (the face-up card),
    ``trump_holder``, ``attacker``, ``defender``, ``ask_order``, ``limit``,
    ``table_att``, ``table_def``, ``unbeaten``, ``table_mask``, ``rank_mask``,
    ``passed``, ``taking``, ``active``, ``out_order``, ``wins``, ``losses``,
    ``round_no``, ``total_rounds``; ``phase`` reads as its name.  Beside the kernel the
    state keeps what only observers need: ``known`` (per seat, the cards everyone saw
    it pick up and it has not played since), ``discard`` (in the order discarded) and
    ``round_results``.

    ``apply`` skips the legality check for an action the last ``legal_actions()`` of
    this position offered; any other action is checked.

    ``quiet`` (default off) is for a search's throw-away copies: the moves and bouts
    then add no events to the log (rounds still do), so play is faster but the log,
    and the observations built from it, stop at the moment it was set.
    """

    rules: DurakRules
    table: kernel.Table

    quiet: bool = False

    hands = _table_field("hands", "Per seat, the cards held (masks).")
    stock = _table_field("stock", "The card indexes to draw, from ``stock_pos`` on; the face-up trump last.")
    stock_pos = _table_field("stock_pos", "How many cards of ``stock`` are drawn.")
    trump = _table_field("trump", "The trump suit's number.")
    trump_idx = _table_field("trump_card", "The face-up trump card's index.")
    trump_mask = _table_field("trump_mask", "The trump suit's cards (a mask).")
    trump_holder = _table_field("trump_holder", "Who drew (or kept) the face-up trump, else ``None``.")
    active = _table_field("active", "Per seat, still in the round.")
    out_order = _table_field("out", "The seats out of this round, in order.")
    emptied = _table_field("emptied", "Per seat, the move number at which its hand last became empty.")
    attacker = _table_field("attacker", "This bout's main attacker.")
    defender = _table_field("defender", "This bout's defender.")
    ask_order = _table_field("ask", "The attackers in the order they are asked to throw in.")
    start_cards = _table_field("start_cards", "The defender's cards when the bout began.")
    limit = _table_field("limit", "The most attacking cards this bout may have.")
    table_att = _table_field("attacks", "This bout's attacking cards, in the order played.")
    table_def = _table_field("defences", "The card that beat each attacking card, -1 while unbeaten.")
    unbeaten = _table_field("unbeaten", "The unbeaten attacking cards (a mask).")
    table_mask = _table_field("cards", "Every card on the table (a mask).")
    rank_mask = _table_field("ranks", "Every card of a rank on the table (a mask): what may be thrown in.")
    passed = _table_field("passed", "A bit per attacker who passed since the last card was added.")
    taking = _table_field("taking", "Whether the defender has said take.")
    wins = _table_field("wins", "Per seat, rounds won (first out) in the series.")
    losses = _table_field("losses", "Per seat, rounds lost (the durak) in the series.")
    round_no = _table_field("round", "The round being played (from 1).")
    total_rounds = _table_field("rounds", "How many rounds the series has.")

    def __init__(
        self,
        rules: DurakRules,
        players: int,
        seed: int,
        options: dict[str, Any],
        deck: Sequence[Card] | None,
    ) -> None:
        super().__init__(rules, players, seed, options, deck)
        self.table = kernel.new_table(players, int(options["rounds"]))
        self.round_results: list[dict[str, Any]] = []
        # What the last legal_actions() offered: the moves while defending, the cards to
        # attack with otherwise (None and -1: nothing offered since the state last changed).
        self._offered_moves: list[int] | None = None
        self._offered_cards = -1
        # What the kernel reports of a bout's end (see kernel.Log), read and emptied after each move.
        self._log: kernel.Log = []
        first = list(deck) if deck is not None else shuffled(rules.deck, self.rng)
        self._start_round([card.index for card in first])

    @property
    def phase(self) -> str:
        """``"attack"``, ``"defend"``, ``"throw_in"`` or ``"over"``."""
        return PHASE_NAMES[self.table.phase]

    # --- rounds and bouts -------------------------------------------------
    def _start_round(self, order: list[int]) -> None:
        table = self.table
        kernel.deal(table, order)
        n = self.num_players
        self.known = [0] * n
        if table.trump_holder is not None:
            # Six players: the last card dealt shows the trump and stays in its owner's hand.
            self.known[table.trump_holder] = 1 << table.trump_card
        self.discard: list[int] = []
        round_no = table.round
        trump_card = ALL_CARDS[table.trump_card]
        for seat in range(n):
            self.events.append(
                Event("deal", seat, mask_to_cards(table.hands[seat]), round_no, {"count": HAND_SIZE}, (seat,))
            )
        self.events.append(
            Event("trump", table.trump_holder, (trump_card,), round_no,
                  {"suit": trump_card.suit.letter, "kept_by": table.trump_holder})
        )
        lowest = kernel.lowest_trump(table.hands, table.trump_mask)
        if lowest is not None:
            self.events.append(Event("lowest_trump", lowest[0], (ALL_CARDS[lowest[1]],), round_no))
            # The opener showed it to everyone: it is public until played.
            self.known[lowest[0]] |= 1 << lowest[1]

    def _play(self, seat: int, move: int) -> None:
        """Make the kernel ``move`` for ``seat`` (the seat to act) and log what happened."""
        self._offered_moves = None
        self._offered_cards = -1
        table = self.table
        quiet = self.quiet
        events = self.events
        round_no = table.round
        if move < kernel.PASS:
            self.known[seat] &= ~(1 << move)
            if quiet:
                pass
            elif table.attacks:
                events.append(_new_tuple(Event, ("attack", seat, (ALL_CARDS[move],), round_no, _THROW_IN_INFO, None, 1)))
            else:
                # The opening card starts the bout: say who defends and how far it may go.
                info = {"throw_in": False, "defender": table.defender, "limit": table.limit,
                        "attackers": list(table.ask)}
                events.append(_new_tuple(Event, ("attack", seat, (ALL_CARDS[move],), round_no, info, None, 1)))
        elif move == kernel.PASS:
            if not quiet:
                events.append(_new_tuple(Event, ("pass", seat, (), round_no, _NO_INFO, None, 0)))
        elif move == kernel.TAKE:
            if not quiet:
                events.append(_new_tuple(Event, ("take", seat, (), round_no, _NO_INFO, None, 0)))
        else:
            self.known[seat] &= ~(1 << (move & 63))
            if not quiet:
                cards = (ALL_CARDS[move >> 6], ALL_CARDS[move & 63])
                events.append(_new_tuple(Event, ("defend", seat, cards, round_no, _NO_INFO, None, 2)))
        log = self._log
        kernel.play(table, move, log)
        if log:
            self._record(log, round_no)
            log.clear()

    def _record(self, log: kernel.Log, round_no: int) -> None:
        """Turn what the kernel reports after a move (a bout's end) into events."""
        quiet = self.quiet
        events = self.events
        known = self.known
        for entry in log:
            kind = entry[0]
            if kind == "bout_over":
                _, defender, played, taken, attacker = entry
                if taken:
                    for index in played:
                        known[defender] |= 1 << index
                else:
                    self.discard.extend(played)
                if not quiet:
                    # One event says how the bout ended and where the table cards went.
                    cards = tuple([ALL_CARDS[i] for i in played])
                    info = {"result": "taken" if taken else "defended", "attacker": attacker}
                    events.append(_new_tuple(Event, ("bout_over", defender, cards, round_no, info, None, len(cards))))
            elif kind == "draw":
                _, seat, drawn, left = entry
                if not quiet:
                    cards = tuple([ALL_CARDS[i] for i in drawn])
                    events.append(_new_tuple(Event, ("draw", seat, cards, round_no, {"deck_left": left}, (seat,), len(cards))))
            elif kind == "trump_drawn":
                seat = entry[1]
                trump_card = self.table.trump_card
                known[seat] |= 1 << trump_card
                if not quiet:
                    events.append(Event("trump_drawn", seat, (ALL_CARDS[trump_card],), round_no))
            elif kind == "out":
                events.append(Event("out", entry[1], (), round_no, {"place": entry[2]}))
            else:
                self._end_round(entry[1])

    def _end_round(self, durak: int | None) -> None:
        table = self.table
        round_no = table.round
        first_out = table.out[0]
        if durak is not None:
            self.events.append(Event("durak", durak, (), round_no))
        order = list(table.out) + ([durak] if durak is not None else [])
        result = {
            "round": round_no,
            "order": order,
            "first_out": first_out,
            "durak": durak,
            "draw": durak is None,
        }
        self.round_results.append(result)
        self.events.append(Event("round_over", None, (), round_no, dict(result)))
        if round_no < table.rounds:
            self._start_round([card.index for card in shuffled(self.rules.deck, self.rng)])
            return
        kernel.finish_game(table)
        self.events.append(
            Event("game_over", None, (), round_no, {"winners": list(self._winners())})
        )

    def _table_order(self) -> list[int]:
        """Table cards in the order played: each attacking card, then its beating card."""
        return kernel.table_order(self.table)

    # --- the turn ---------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The one seat that acts now (see the phases above), ``None`` once over."""
        return self.table.turn

    def kernel_view(self) -> _DurakKernelView:
        return _DurakKernelView(self.table)

    def legal_actions(self) -> list[Action]:
        """Every legal action, in this order.

        - Opening (``attack`` phase): ``attack X`` for each card in hand, non-trumps by
          rank then suit, then trumps by rank.
        - ``defend`` phase: ``defend A B`` grouped by unbeaten attacking card ``A`` in
          the order played, each group's beating cards non-trumps first then trumps,
          by rank; then ``take``.
        - ``throw_in`` phase: ``attack X`` for each card of a rank on the table (same
          order as the opening), then ``pass``.
        """
        table = self.table
        if table.turn is None:
            return []
        phase = table.phase
        if phase == kernel.DEFEND:
            moves = kernel.legal_moves(table)
            self._offered_moves = moves
            return list(map(ACTIONS_BY_MOVE.__getitem__, moves))
        # Opening or throwing in: kernel.legal_moves' cards, as cached actions (the hot
        # loop of every random game), and passing when throwing in.
        cards = kernel.attack_cards(table)
        self._offered_cards = cards
        actions = list(attack_actions(cards, table.trump))
        if phase == kernel.THROW_IN:
            actions.append(PASS)
        return actions

    def apply(self, action: Action | str) -> None:
        # An action legal_actions() handed out for this very position is legal as it is.
        move = MOVE_OF_ID.get(id(action))
        if move is not None:
            table = self.table
            phase = table.phase
            if phase == kernel.DEFEND:
                offered = self._offered_moves
                given = offered is not None and move in offered
            else:
                cards = self._offered_cards
                if cards < 0:
                    given = False
                elif move < kernel.PASS:
                    given = bool(cards >> move & 1)
                else:
                    given = move == kernel.PASS and phase == kernel.THROW_IN
            if given:
                seat: int = table.turn  # type: ignore[assignment]
                self._play(seat, move)
                self.history.append((seat, action))  # type: ignore[arg-type]
                return
        super().apply(action)

    def _why_illegal(self, action: Action) -> RuleRefusal | None:
        """``None`` if ``action`` is legal now, else why not.

        >>> from cardtable.games import get_rules
        >>> state = get_rules("durak").new_game(players=2, seed=5)
        >>> state.why_illegal(Action.parse("pass"))
        'the main attacker must open the bout with a card; passing is not allowed'
        >>> state.refusal("attack 2C")
        RuleRefusal('not_in_deck', cards=(Card.parse('2C'),), ranks=(<Rank.SIX: 6>, <Rank.ACE: 14>), game='Durak')
        """
        table = self.table
        seat = table.turn
        if seat is None:
            return GAME_OVER_REFUSAL
        kind = action.kind
        phase = table.phase
        hand = table.hands[seat]
        if kind == "attack":
            card = action.cards[0]
            if phase == kernel.DEFEND:
                return RuleRefusal("attack_while_defending")
            if not card.mask & _DECK_MASK:
                return self._not_in_deck(card)
            if not hand & card.mask:
                return RuleRefusal("not_in_hand", cards=(card,))
            if not kernel.attack_cards(table) & card.mask:
                ranks = sorted({ALL_CARDS[i].rank for i in self._table_order()})
                return RuleRefusal("throw_in_rank", cards=(card,), ranks=tuple(ranks))
            return None
        if kind == "defend":
            if phase != kernel.DEFEND:
                if phase == kernel.ATTACK:
                    return RuleRefusal("defend_while_attacking")
                return RuleRefusal("nothing_to_beat")
            attacking, beating = action.cards
            if not table.cards & attacking.mask or attacking.index not in table.attacks:
                return RuleRefusal("not_attacking_card", cards=(attacking,))
            if not table.unbeaten & attacking.mask:
                return RuleRefusal("already_beaten", cards=(attacking,))
            if not beating.mask & _DECK_MASK:
                return self._not_in_deck(beating)
            if not hand & beating.mask:
                return RuleRefusal("not_in_hand", cards=(beating,))
            if not kernel.beats(attacking.index, beating.index, table.trump):
                if attacking.suit == table.trump:
                    code = "trump_beats_trump"
                elif beating.suit != attacking.suit:
                    code = "follow_or_trump"
                else:
                    code = "rank_lower"
                return RuleRefusal(code, cards=(beating, attacking))
            return None
        if kind == "take":
            if phase != kernel.DEFEND:
                if table.taking and seat != table.defender:
                    return RuleRefusal("already_taking")
                return RuleRefusal("take_only_defender")
            return None
        if kind == "pass":
            if phase == kernel.ATTACK:
                return RuleRefusal("attacker_must_open")
            if phase == kernel.DEFEND:
                return RuleRefusal("defender_cannot_pass")
            return None
        return malformed(action, self.rules.title)

    def _not_in_deck(self, card: Card) -> RuleRefusal:
        return RuleRefusal("not_in_deck", cards=(card,), ranks=(DURAK_ORDER.ranks[0], DURAK_ORDER.ranks[-1]),
                           game=self.rules.title)

    def _apply(self, action: Action) -> None:
        seat = self.table.turn
        assert seat is not None
        move = MOVE_OF_ID.get(id(action))
        self._play(seat, MOVE_OF_ACTION[action] if move is None else move)

    # --- views ------------------------------------------------------------
    def _hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds, in index order (full information: not for bots)."""
        return mask_to_cards(self.table.hands[seat])

    @property
    def scores(self) -> tuple[int, ...]:
        """Wins minus losses per seat."""
        table = self.table
        return tuple(won - lost for won, lost in zip(table.wins, table.losses))

    def _observation(self, seat: int) -> DurakObservation:
        """The game as ``seat`` sees it: its own hand and the public facts only.

        >>> from cardtable.games import get_rules
        >>> view = get_rules("durak").new_game(players=3, seed=2).observation(1)
        >>> len(view.hand), view.deck_count, view.phase
        (6, 18, 'attack')
        """
        table = self.table
        over = table.turn is None
        return DurakObservation(
            game=self.rules.name,
            seat=seat,
            num_players=self.num_players,
            current_player=table.turn,
            hand=mask_to_cards(table.hands[seat]),
            hand_sizes=tuple(h.bit_count() for h in table.hands),
            round=table.round,
            scores=self.scores,
            history=self._public_history(seat),
            events=self.events_for(seat),
            is_over=over,
            phase=PHASE_NAMES[table.phase],
            trump_suit=Suit(table.trump),
            trump_card=ALL_CARDS[table.trump_card],
            trump_card_holder=table.trump_holder,
            deck_count=len(table.stock) - table.stock_pos,
            table=tuple(
                (ALL_CARDS[a], ALL_CARDS[d] if d >= 0 else None)
                for a, d in zip(table.attacks, table.defences)
            ),
            known_cards=tuple(mask_to_cards(mask) for mask in self.known),
            discard=tuple(ALL_CARDS[i] for i in self.discard),
            main_attacker=None if over else table.attacker,
            defender=None if over else table.defender,
            attack_order=() if over else table.ask,
            taking=table.taking,
            limit=table.limit,
            limit_left=0 if over else table.limit - len(table.attacks),
            bout_start_defender_cards=table.start_cards,
            passed=tuple(s for s in table.ask if (table.passed >> s) & 1),
            in_game=tuple(s for s in range(self.num_players) if table.active[s]),
            out=tuple(table.out),
            record=tuple(zip(table.wins, table.losses)),
            rounds_total=table.rounds,
        )

    def _winners(self) -> tuple[int, ...]:
        scores = self.scores
        best = max(scores)
        return tuple(seat for seat, score in enumerate(scores) if score == best)

    def outcome(self) -> Outcome:
        """Places, the durak and the series record.

        ``order`` is the last completed round's places (out order, the durak last); while
        the first round is still going, the players out so far.
        """
        table = self.table
        over = table.turn is None
        last = self.round_results[-1] if self.round_results else None
        order = tuple(last["order"]) if last else tuple(table.out)
        durak = last["durak"] if last else None
        # TRANSLATORS: the title of the player left with cards at the end of a Durak game.
        titles = tuple(N_("Durak") if last and seat == durak else None for seat in range(self.num_players))
        return Outcome(
            game=self.rules.name,
            is_over=over,
            rounds_played=len(self.round_results),
            order=order,
            titles=titles,
            scores=self.scores,
            winners=self._winners() if over else (),
            rounds=tuple(dict(result) for result in self.round_results),
            details={
                "record": [{"wins": won, "losses": lost} for won, lost in zip(table.wins, table.losses)],
                "durak": durak,
                "draw": bool(last and last["draw"]),
            },
        )

    @classmethod
    def from_observation(
        cls,
        observation: DurakObservation,
        hands: Sequence[int | Iterable[Card]],
        rng: random.Random | None = None,
        *,
        stock: Sequence[Card | int] = (),
    ) -> DurakState:
        """A full state that matches ``observation``, with the hidden cards filled in.

        This is how a searching bot turns a guess about the hidden cards into a state it
        can play out: ``hands`` gives the cards every seat holds now (bitmasks or cards),
        ``stock`` the cards still to draw from the top, *without* the face-up trump,
        which stays last.  ``hands[observation.seat]`` must be the observer's hand, the
        sizes must be the public ones, every seat must hold its publicly known cards
        (the lowest trump shown at the deal among them, until played) and no trump that
        :func:`trumps_ruled_out` rules out, and together with the table and the discard
        every card of the deck must be in exactly one place; otherwise
        :class:`ValueError` says what is wrong.  ``rng`` (default: seeded with 0)
        drives the deals of later rounds.  The signature is President's and Hearts' with
        ``stock`` added: it is keyword-only, so an ``rng`` given by position is the
        ``rng`` in every game.

        Everything public is restored (series record, finished rounds, out order, the
        bout on the table, the passes, the known cards); the event log is the observer's
        view, so the rebuilt state shows the observer exactly ``observation``.  It is
        meant for search, not for saving.

        >>> from cardtable.games import get_rules
        >>> state = get_rules("durak").new_game(players=2, seed=4)
        >>> for _ in range(3):
        ...     state.apply(state.legal_actions()[0])
        >>> seat = state.current_player
        >>> seen = state.observation(seat)
        >>> hidden = [ALL_CARDS[i] for i in state.stock[state.stock_pos:-1]]
        >>> rebuilt = DurakState.from_observation(seen, state.hands, stock=hidden)
        >>> rebuilt.observation(seat) == seen, rebuilt.legal_actions() == state.legal_actions()
        (True, True)
        """
        masks, hidden = checked_guess(observation, hands, stock)
        state = cls._rebuilt(
            RULES,
            observation,
            {"rounds": observation.rounds_total},
            [(actor, Action.parse(text)) for actor, text in observation.history],
            rng,
        )
        state.table = rebuilt_table(observation, masks, hidden, state.history)
        state.round_results = [dict(e.info) for e in observation.events if e.kind == "round_over"]
        state.known = [cards_to_mask(cards) for cards in observation.known_cards]
        state.discard = [card.index for card in observation.discard]
        state._offered_moves = None
        state._offered_cards = -1
        state._log = []
        return state

    def clone(self) -> DurakState:
        """An independent copy."""
        new = object.__new__(DurakState)
        self._clone_base(new)
        new.table = kernel.copy_table(self.table)
        new.round_results = [dict(r) for r in self.round_results]
        new.known = list(self.known)
        new.discard = list(self.discard)
        new.quiet = self.quiet
        new._offered_moves = None
        new._offered_cards = -1
        new._log = []
        return new


RULES = DurakRules()
