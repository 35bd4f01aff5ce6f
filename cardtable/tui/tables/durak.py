"""Durak's table: attack/defence pairs, the trump, the deck and discard counts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import events

from cardtable.cards import Card
from cardtable.engine.actions import Action
from cardtable.engine.events import Event
from cardtable.engine.payloads import BoutOver, Placed, RoundResult
from cardtable.games.durak import DurakObservation
from cardtable.lang import N_, _, ngettext, percent
from cardtable.names import fit_name
from cardtable.tui.cardstyle import CardStyle, beside, lines_text
from cardtable.tui.keymap import say
from cardtable.tui.tables.base import TableArea, TableContext, ordinal, outcome_share
from cardtable.tui.wording import cards_plain, fill

if TYPE_CHECKING:
    from cardtable.bots.search import MoveValue

__all__ = ["DurakTable"]

PAIR = 6  # columns per attack/defence pair
LARGE_PAIR = 9  # the same with large cards: a five-column card, shifted two, and a gap


class DurakTable(TableArea[DurakObservation]):
    """Draws Durak from a :class:`DurakObservation`; Tab or a click picks the card to beat."""

    extra_moves = ("pass", "take")
    completions = ("bout_over",)
    completed_key = N_("Last bout")
    hint_reasons = {
        **TableArea.hint_reasons,
        "solved-win": N_("solved exactly: you are not the durak"),
        "solved-draw": N_("solved exactly: a draw at worst"),
    }

    def hint_value(self, move: MoveValue, short: bool = False) -> str:
        """The viewer's chance of ending the round as the durak in the search's
        simulations of the move.

        >>> from cardtable.bots.search import MoveValue
        >>> DurakTable().hint_value(MoveValue(Action.parse("take"), 4, 0.4, {1: 1, 0: 3}))
        'durak in 25% ± 50%'
        """
        if not move.outcomes:
            return super().hint_value(move, short)
        spread = move.spread(self.hint_score)
        noise = f" ± {percent(spread)}" if spread < float("inf") else ""
        durak = percent(outcome_share(move.outcomes, 1)) + noise
        return durak if short else _("durak in {share}").format(share=durak)

    @staticmethod
    def hint_score(outcome: int) -> float:
        """An outcome counts 1 when the viewer is the durak (the share shown)."""
        return 1.0 if outcome == 1 else 0.0

    has_targets = True

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.target: Card | None = None

    # --- the card to beat --------------------------------------------------------------
    def unbeaten(self, obs: DurakObservation | None = None) -> list[Card]:
        o = obs or self.obs
        if o is None:
            return []
        return [attack for attack, beat in o.table if beat is None]

    def aim_at(self, card: Card) -> None:
        self.target = card

    def next_target(self) -> None:
        open_cards = self.unbeaten()
        if not open_cards:
            return
        if self.target in open_cards:
            self.target = open_cards[(open_cards.index(self.target) + 1) % len(open_cards)]
        else:
            self.target = open_cards[0]
        if self.obs is not None and self.ctx is not None:
            self.show(self.obs, self.ctx)

    def on_click(self, event: events.Click) -> None:
        # The pairs row starts on line 3 of the widget content (after header and a blank).
        if self.obs is None:
            return
        column = (event.x - (5 if self.large else 3)) // self.pair_width
        pairs = self.obs.table
        if 0 <= column < len(pairs) and pairs[column][1] is None:
            self.target = pairs[column][0]
            if self.ctx is not None:
                self.show(self.obs, self.ctx)

    # --- drawing ---------------------------------------------------------------------
    def draw(self, obs: DurakObservation, ctx: TableContext) -> Text:
        o = obs  # DurakObservation; fields documented in docs/api.md
        style = ctx.style
        if self.target not in self.unbeaten(o):
            self.target = None
        text = self._trump_line(o, ctx)
        if o.is_over:
            return text
        attacker, defender = ctx.name(o.main_attacker), ctx.name(o.defender)
        if ctx.is_you(o.main_attacker):
            bout = _("You attack {defender}").format(defender=defender)
        elif ctx.is_you(o.defender):
            bout = _("{player} attacks you").format(player=attacker)
        else:
            bout = _("{player} attacks {defender}").format(player=attacker, defender=defender)
        text.append(bout, style="bold")
        left = o.limit_left
        text.append(" · " + ngettext("{count} more card may be added", "{count} more cards may be added", left).format(
            count=left), style="dim")
        if o.taking:
            text.append("\n")
            text.append_text(ctx.line(o.defender, _("You take: attackers may still throw in"),
                                      _("{player} takes: attackers may still throw in"), "bold #ff5a6e"))
        text.append("\n\n")
        pairs = o.table
        if not pairs:
            text.append("   " + _("Empty table: the attacker opens."), style="italic")
            return text
        marker = "^" if style.ascii_only else "▲"
        target = self._effective_target(o)
        if self.large:
            text.append_text(self._large_pairs(o, style, target, marker))
            return text
        top, bottom, under = Text("   "), Text("   "), Text("   ")
        for attack, beat in pairs:
            top.append_text(style.face(attack, width=4))
            top.append(" " * (PAIR - 4))
            if beat is not None:
                bottom.append("  ")
                bottom.append_text(style.face(beat, width=4))
                bottom.append(" " * (PAIR - 6))
            else:
                bottom.append("  ----", style="#5c7d6a")
                bottom.append(" " * (PAIR - 6))
            mine = o.defender == o.seat and attack == target and not o.taking
            under.append(f"  {marker}   " if mine else " " * PAIR, style="bold yellow")
        text.append_text(top)
        text.append("\n")
        text.append_text(bottom)
        text.append("\n")
        text.append_text(under)
        return text

    def _trump_line(self, o: DurakObservation, ctx: TableContext) -> Text:
        style = ctx.style
        text = fill(_("Trump {card} {suit}"), card=style.face(o.trump_card, width=4), suit=style.suit_text(o.trump_suit))
        text.append(" · " + _("deck {count} · discard {discarded}").format(count=o.deck_count, discarded=len(o.discard)))
        text.append("\n")
        return text

    def draw_completed(self, event: Event, obs: DurakObservation, ctx: TableContext) -> Text:
        """The bout just over: its cards, and whether the defender took them or beat it off."""
        text = self._trump_line(obs, ctx)
        line = self.completed_line(event, ctx)
        text.append(f"{self.winner_mark(ctx)} ", style=line.style)
        text.append_text(line)
        if self.large:
            text.append("\n\n")
            text.append_text(self.large_row(event.cards, ctx.style))
            return text
        text.append("\n\n   ")
        for card in event.cards:
            text.append_text(ctx.style.face(card, width=4))
            text.append(" ")
        return text

    def completed_line(self, event: Event, ctx: TableContext) -> Text:
        """``Ben picks up the cards`` or ``Ben beats off the attack``."""
        if BoutOver.of(event).taken:
            return ctx.line(event.seat, _("You pick up the cards"), _("{player} picks up the cards"), "bold #ff5a6e")
        return ctx.line(event.seat, _("You beat off the attack"), _("{player} beats off the attack"), "bold green")

    def _large_pairs(self, o: DurakObservation, style: CardStyle, target: Card | None, marker: str) -> Text:
        """The bout in large cards: each attack with its beating card (or an empty place)
        below and a little to the right, the card you are to beat marked underneath."""
        blocks = []
        for attack, beat in o.table:
            mine = o.defender == o.seat and attack == target and not o.taking
            shifted = [Text("  ") + face for face in style.large_face(beat)]
            under = Text(f"    {marker}" if mine else "", style="bold yellow")
            blocks.append(style.large_face(attack) + shifted + [under])
        return lines_text(beside([[Text(" " * 2)]] + blocks, gap=LARGE_PAIR - 7))

    @property
    def pair_width(self) -> int:
        """Columns per attack/defence pair as drawn now."""
        return LARGE_PAIR if self.large else PAIR

    def _effective_target(self, o: DurakObservation) -> Card | None:
        open_cards = self.unbeaten(o)
        if self.target in open_cards:
            return self.target
        return open_cards[0] if open_cards else None

    # --- questions ------------------------------------------------------------------
    def sort_hand(self, obs: DurakObservation) -> list[Card]:
        trump = obs.trump_suit
        return sorted(obs.hand, key=lambda c: (c.suit == trump, c.rank, c.suit))

    def move_kind(self, obs: DurakObservation, legal: Sequence[Action]) -> str:
        if obs.defender == obs.seat and not obs.taking:
            return "defend"
        return "attack"

    def build_action(self, obs: DurakObservation, legal: Sequence[Action], cards: list[Card]) -> Action:
        kind = self.move_kind(obs, legal)
        if kind == "attack":
            if len(cards) != 1:
                return Action("attack", cards)  # the engine's one-line refusal explains
            return Action.attack(cards[0])
        if len(cards) != 1:
            return Action("defend", cards) if len(cards) == 2 else Action("defend", cards[:1])
        card = cards[0]
        open_cards = self.unbeaten(obs)
        if self.target in open_cards:
            return Action.defend(self.target, card)
        # No card chosen to beat: beat the first open card this one can beat.
        for attack in open_cards:
            candidate = Action.defend(attack, card)
            if candidate in legal:
                return candidate
        return Action.defend(open_cards[0], card) if open_cards else Action("defend", [card])

    def playable_cards(self, obs: DurakObservation, legal: Sequence[Action]) -> set[Card]:
        hand = set(obs.hand)
        cards = set()
        for action in legal:
            if action.kind == "defend":
                cards.add(action.cards[1])
            else:
                cards.update(c for c in action.cards if c in hand)
        return cards

    def seat_status(self, obs: DurakObservation, seat: int) -> list[str]:
        o = obs
        if seat in o.out:
            return [_("out {place}").format(place=ordinal(o.out.index(seat) + 1))]
        words = []
        if seat == o.defender:
            words.append(_("taking") if o.taking else _("defender"))
        elif seat == o.main_attacker:
            words.append(_("attacker"))
        if seat in o.passed:
            words.append(_("passed"))
        if o.current_player == seat:
            words.append(_("to act"))
        return words

    def seat_badges(self, obs: DurakObservation, seat: int) -> list[str]:
        wins, losses = obs.record[seat]
        known = obs.known_cards[seat] if seat != obs.seat else ()
        record = _("won {wins} · durak {losses}").format(wins=wins, losses=losses)
        if not known:
            return [record]
        # Cards seen going into a hand matter more than the record (on the side panel too).
        style = self.card_style
        shown = cards_plain(known[:4], style) + ("…" if len(known) > 4 else "")
        few = cards_plain(known[:2], style) + ("…" if len(known) > 2 else "")
        holds = _("holds {cards}").format(cards=shown)
        return [f"{record} · {holds}", holds, _("has {cards}").format(cards=shown), _("has {cards}").format(cards=few)]

    def prompt(self, obs: DurakObservation, legal: Sequence[Action], ctx: TableContext) -> Text:
        # Each sentence comes twice: to the person alone at the table, and naming the
        # person to act when several people share the keyboard (hot-seat).
        o, seat = obs, obs.seat
        if o.phase == "attack":
            return ctx.own_line(seat, _("Your attack: choose a card ({left} {right}) and press {play}."),
                                # TRANSLATORS: hot-seat: several people share the keyboard, {player} is to act.
                                _("{player}'s attack: choose a card ({left} {right}) and press {play}."),
                                left=say("cursor(-1)"), right=say("cursor(1)"), play=say("play"))
        if o.phase == "defend":
            if not any(action.kind == "defend" for action in legal):
                return ctx.own_line(seat, _("Nothing in your hand beats it: {take} to take the cards."),
                                    _("Nothing in {player}'s hand beats it: {take} to take the cards."),
                                    take=say("take"))
            if len(self.unbeaten(o)) > 1:
                return ctx.own_line(
                    seat, _("Beat it: choose a card and {play}, {next} picks which; {take} takes."),
                    _("{player}'s turn to beat it: choose a card and {play}, {next} picks which; {take} takes."),
                    play=say("play"), next=say("next_target"), take=say("take"))
            return ctx.own_line(seat, _("Beat it: choose a card and {play}; {take} takes."),
                                _("{player}'s turn to beat it: choose a card and {play}; {take} takes."),
                                play=say("play"), take=say("take"))
        can_add = any(action.kind == "attack" for action in legal)
        key = say("pass_turn")
        defender = ctx.name(o.defender)
        if ctx.is_yours(seat):
            # The sentences to the person alone name the defender as {player}.
            if not can_add:
                if o.taking:
                    return Text(_("{player} takes. Nothing to throw in: {key} to pass.").format(player=defender, key=key))
                return Text(_("Nothing to throw in: {key} to pass.").format(key=key))
            if o.taking:
                return Text(_("{player} takes: throw in a card of a rank on the table, or {key} to pass.").format(
                    player=defender, key=key))
            return Text(_("Throw in a card of a rank on the table, or {key} to pass.").format(key=key))
        name = ctx.name(seat)
        if not can_add:
            if o.taking:
                # TRANSLATORS: hot-seat: {player} (an attacker) is to act; {defender} takes the cards.
                return fill(_("{defender} takes. {player} has nothing to throw in: {key} to pass."),
                            player=name, defender=defender, key=key)
            return fill(_("{player} has nothing to throw in: {key} to pass."), player=name, key=key)
        if o.taking:
            return fill(_("{defender} takes: {player} may throw in a card of a rank on the table, or {key} to pass."),
                        player=name, defender=defender, key=key)
        return fill(_("{player} may throw in a card of a rank on the table, or {key} to pass."), player=name, key=key)

    def score_text(self, obs: DurakObservation, ctx: TableContext) -> Text:
        text = Text()
        text.append(_("Round {round}/{rounds}").format(round=obs.round, rounds=obs.rounds_total) + "\n", style="bold")
        won, durak = _("won"), _("durak")
        text.append(f"{'':<11}{won:>5}{durak:>6}\n", style="dim")
        for seat, (wins, losses) in enumerate(obs.record):
            text.append(f"{fit_name(ctx.name(seat), 11, pad=True)}{wins:>5}{losses:>6}\n")
        return text

    def last_completed(self, obs: DurakObservation, ctx: TableContext) -> Text:
        for event in reversed(obs.events):
            if event.kind == "bout_over":
                cards = ctx.style.inline(event.cards)
                if BoutOver.of(event).taken:
                    return ctx.line(event.seat, _("Last bout: you took {cards}"), _("Last bout: {player} took {cards}"),
                                    "bold", cards=cards)
                return ctx.line(event.seat, _("Last bout: you beat off {cards}"),
                                _("Last bout: {player} beat off {cards}"), "bold", cards=cards)
        return Text(_("No bout has been completed yet."))

    def log_line(self, event: Event, ctx: TableContext, viewer: int) -> Text | None:
        style = ctx.style
        if event.kind in ("attack", "defend"):
            return self.describe_move(event.seat, Action(event.kind, event.cards), ctx)
        if event.kind == "bout_over":
            if BoutOver.of(event).taken:
                count = event.count
                return ctx.line(event.seat, ngettext("You pick up {count} card", "You pick up {count} cards", count),
                                ngettext("{player} picks up {count} card", "{player} picks up {count} cards", count),
                                "bold #ff5a6e", count=count)
            return ctx.line(event.seat, _("You beat off the attack"), _("{player} beats off the attack"), "bold green")
        if event.kind == "trump_drawn":
            return ctx.line(event.seat, _("You draw the trump {cards}"), _("{player} draws the trump {cards}"),
                            cards=style.inline(event.cards))
        if event.kind == "out":
            place = ordinal(Placed.of(event).place)
            return ctx.line(event.seat, _("You are out: {place}"), _("{player} is out: {place}"), "bold green", place=place)
        if event.kind == "durak":
            return ctx.line(event.seat, _("You are the durak!"), _("{player} is the durak!"), "bold red")
        if event.kind == "lowest_trump":
            return ctx.line(event.seat, _("You have the lowest trump {cards} and attack"),
                            _("{player} has the lowest trump {cards} and attacks"), cards=style.inline(event.cards))
        if event.kind == "round_over":
            return Text(_("Round {round} is over").format(round=event.round), style="bold")
        return super().log_line(event, ctx, viewer)

    def round_summary(self, event: Event, obs: DurakObservation, ctx: TableContext) -> Text:
        result = RoundResult.of(event, loser_key="durak")
        text = Text()
        durak = result.loser
        for place, seat in enumerate(result.order):
            if seat == durak:
                durak_word = _("durak")
                text.append(f"{durak_word:<7}{ctx.name(seat)}\n", style="bold red")
            else:
                text.append(f"{ordinal(place + 1):<7}{ctx.name(seat)}\n", style="bold green" if place == 0 else "")
        if result.draw:
            text.append("\n" + _("A draw: everyone ran out together, no durak.") + "\n", style="bold yellow")
        text.append("\n" + _("Series record (won / durak):") + "\n", style="bold")
        for seat, (wins, losses) in enumerate(obs.record):
            text.append(f"  {fit_name(ctx.name(seat), 14, pad=True)}{wins:>3} /{losses:>2}\n")
        return text
