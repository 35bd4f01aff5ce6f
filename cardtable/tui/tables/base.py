"""The shared base of the per-game table widgets.

A table widget draws the middle of the screen from one observation, and answers the
game-specific questions the shared game screen asks: how to sort the hand, what kind
of move selected cards make, what each seat is doing, how to log an event, and what
to show at the end of a round.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from rich.text import Text
from textual.widgets import Static

from cardtable.cards import Card
from cardtable.engine.actions import KINDS, Action
from cardtable.engine.events import Event
from cardtable.engine.observation import Observation
from cardtable.lang import N_, _, ngettext, number, pgettext
from cardtable.names import fit_name
from cardtable.tui.cardstyle import CardStyle, beside, large_cards, lines_text
from cardtable.tui.viewmodel import TableContext
from cardtable.tui.wording import fill

if TYPE_CHECKING:
    from cardtable.bots.search import Decision, MoveValue

__all__ = ["TableArea", "TableContext", "ObservationT", "ordinal", "outcome_mean", "outcome_share"]

ObservationT = TypeVar("ObservationT", bound=Observation)
"""The observation type a table widget draws from (each game's own subclass)."""


def ordinal(place: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '22nd']
    """
    if 10 <= place % 100 <= 20 or place % 10 not in (1, 2, 3):
        return pgettext("place", "{place}th").format(place=place)
    if place % 10 == 1:
        return pgettext("place", "{place}st").format(place=place)
    if place % 10 == 2:
        return pgettext("place", "{place}nd").format(place=place)
    return pgettext("place", "{place}rd").format(place=place)


def outcome_mean(outcomes: Mapping[int, int]) -> float:
    """The mean outcome of a move's simulations (see :class:`MoveValue`).

    >>> outcome_mean({0: 3, 4: 1})
    1.0
    """
    count = sum(outcomes.values())
    return sum(k * n for k, n in outcomes.items()) / count if count else 0.0


def outcome_share(outcomes: Mapping[int, int], outcome: int) -> float:
    """The share of a move's simulations that ended in ``outcome``.

    >>> outcome_share({0: 3, 4: 1}, 4)
    0.25
    """
    count = sum(outcomes.values())
    return outcomes.get(outcome, 0) / count if count else 0.0


class TableArea(Static, Generic[ObservationT]):
    """The middle of the game screen; each subclass draws one game, from that game's
    observation type (``class HeartsTable(TableArea[HeartsObservation])``)."""

    DEFAULT_CSS = """
    TableArea { height: 1fr; padding: 0 1; }
    """

    #: the buttons the game uses besides Play: ``pass``, ``take``
    extra_moves: tuple[str, ...] = ("pass",)
    #: whether a move answers one card on the table, chosen by a key (the table's own
    #: ``next_target``: Durak's defence)
    has_targets = False
    #: what the Play button is called (marked, translated where shown)
    play_label = N_("Play")
    #: the events that complete a trick or bout, kept on the table for a moment
    completions: tuple[str, ...] = ()
    #: the footer's key for the last completed trick or bout (marked, translated where shown)
    completed_key = N_("Last trick")
    #: how a hint words a move of a kind: ``play {cards}`` (marked, translated where shown)
    hint_moves: dict[str, str] = {
        "play": N_("play {cards}"),
        "give": N_("give {cards}"),
        "attack": N_("attack with {cards}"),
    }
    #: how the status line says cards were handed over: to you, and to another seat
    gave_words = (N_("{player} gave you {cards}"), N_("{player} gave {target} {cards}"))
    #: how a move is told in the log and the replay, by action kind: the reader's own
    #: move and another seat's (marked, translated where told)
    move_lines: dict[str, tuple[str, str]] = {
        "play": (N_("You play {cards}"), N_("{player} plays {cards}")),
        "give": (N_("You give {cards}"), N_("{player} gives {cards}")),
        "attack": (N_("You attack with {cards}"), N_("{player} attacks with {cards}")),
        "pass": (N_("You pass"), N_("{player} passes")),
        "take": (N_("You take the cards"), N_("{player} takes the cards")),
    }
    #: a move whose cards are hidden from the reader, by action kind
    hidden_lines: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
        "give": (("You give {count} card", "You give {count} cards"),
                 ("{player} gives {count} card", "{player} gives {count} cards")),
    }
    #: what the undo message calls the person's own move, by action kind
    move_nouns: dict[str, str] = {
        "play": N_("your {cards}"),
        "give": N_("your gift of {cards}"),
        "attack": N_("your attack with {cards}"),
        "pass": N_("your pass"),
        "take": N_("your take"),
    }

    #: why the hard bot took a move without searching, by ``Decision.how`` and then by
    #: ``Decision.note`` (each game adds its own notes)
    hint_reasons: dict[str, str] = {
        "only": N_("the only legal move"),
        "alike": N_("every legal move plays alike"),
        "pass": N_("the hard bot's pick"),
        "shortcut": N_("clear without playing the moves out"),
    }

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("", **kwargs)
        self.obs: ObservationT | None = None
        self.ctx: TableContext | None = None
        #: a trick or bout just completed, drawn instead of the table while it is set
        self.completed: Event | None = None

    @property
    def card_style(self) -> CardStyle:
        """How cards are written: the style of the last drawing, else the app's (else the
        plain one, for a table not on screen)."""
        if self.ctx is not None:
            return self.ctx.style
        if not self.is_attached:
            return CardStyle()
        from cardtable.tui.services import services

        return services(self).card_style

    @property
    def large(self) -> bool:
        """Whether the terminal has room for large (three-line) cards on the table."""
        return self.is_attached and large_cards(self.app.size)

    def large_row(self, cards: Sequence[Card | None], style: CardStyle, indent: int = 3, gap: int = 1) -> Text:
        """Cards side by side as large faces (``None``: an empty place), three lines."""
        return lines_text(beside([[Text(" " * indent)]] + [style.large_face(card) for card in cards], gap=gap))

    def seat_block(self, label: Text, card: Card | None, style: CardStyle, mark: str = "") -> list[Text]:
        """A seat's name above its large card, both centred on the wider of the two."""
        faces = style.large_face(card, mark=mark)
        width = max(label.cell_len, 5)
        label = Text(" " * ((width - label.cell_len) // 2)) + label
        return [label] + [Text(" " * ((width - 5) // 2)) + face for face in faces]

    # --- drawing -----------------------------------------------------------------
    def show(self, obs: ObservationT, ctx: TableContext) -> None:
        """Redraw from ``obs``."""
        self.obs, self.ctx = obs, ctx
        if self.completed is not None:
            self.update(self.draw_completed(self.completed, obs, ctx))
        else:
            self.update(self.draw(obs, ctx))

    def on_resize(self) -> None:
        # The layout (centring, spacing) follows the size: draw it again.
        # A completed trick being shown stays shown (show draws whichever is on).
        if self.obs is not None and self.ctx is not None:
            self.show(self.obs, self.ctx)

    def draw(self, obs: ObservationT, ctx: TableContext) -> Text:
        return Text(_("Round {round}").format(round=obs.round))

    def draw_completed(self, event: Event, obs: ObservationT, ctx: TableContext) -> Text:
        """The trick or bout ``event`` completed, its winner marked (a symbol, not only
        a colour), as it stays on the table for a moment."""
        return self.draw(obs, ctx)

    def completed_line(self, event: Event, ctx: TableContext) -> Text:
        """What the trick or bout ``event`` came to, in one line: the status line says it
        while the completed trick stays on the table (``Ben takes the trick``)."""
        return ctx.line(event.seat, _("You take the trick"), _("{player} takes the trick"), "bold yellow")

    def winner_mark(self, ctx: TableContext) -> str:
        return "*" if ctx.style.ascii_only else "★"

    # --- questions the game screen asks ---------------------------------------------
    def aim_at(self, card: Card) -> None:
        """Point at ``card`` on the table as the one a move answers (Durak: the attack a
        hint beats); a table whose moves answer no single card has nothing to point at."""

    def sort_hand(self, obs: ObservationT) -> list[Card]:
        return list(obs.hand)

    def in_hand_order(self, obs: ObservationT, cards: Sequence[Card]) -> list[Card]:
        """``cards`` in the order the hand shows them (cards not in the hand last)."""
        shown = [card for card in self.sort_hand(obs) if card in cards]
        return shown + [card for card in cards if card not in shown]

    def move_kind(self, obs: ObservationT, legal: Sequence[Action]) -> str:
        """The kind of action selected cards make now."""
        kinds = {action.kind for action in legal if action.cards}
        return kinds.pop() if len(kinds) == 1 else "play"

    def build_action(self, obs: ObservationT, legal: Sequence[Action], cards: list[Card]) -> Action:
        """The action the selected ``cards`` make; may raise ``MalformedActionError``."""
        return Action(self.move_kind(obs, legal), cards)

    def playable_cards(self, obs: ObservationT, legal: Sequence[Action]) -> set[Card]:
        """Cards of the hand that are part of some legal move now."""
        hand = set(obs.hand)
        return {card for action in legal for card in action.cards if card in hand}

    def seat_status(self, obs: ObservationT, seat: int) -> list[str]:
        """Short words on what ``seat`` is doing (``to act``, ``passed``, ``out 1st``),
        the most specific last: a narrow seat box drops words from the front."""
        return [_("to act")] if obs.current_player == seat else []

    def seat_badges(self, obs: ObservationT, seat: int) -> list[str]:
        """One more fact about ``seat`` (a title, a record), longest wording first;
        the seat box shows the first that fits."""
        return []

    def prompt(self, obs: ObservationT, legal: Sequence[Action], ctx: TableContext) -> Text:
        """The status line when it is the viewer's turn (naming the viewer at a shared keyboard)."""
        return ctx.own_line(obs.seat, _("Your turn."), _("{player}'s turn"))

    def score_text(self, obs: ObservationT, ctx: TableContext) -> Text:
        text = Text()
        for seat, score in enumerate(obs.scores):
            text.append(f"{fit_name(ctx.name(seat), 12, pad=True)} {score:>4}\n")
        return text

    def last_completed(self, obs: ObservationT, ctx: TableContext) -> Text:
        """The last completed trick or bout, for the "last trick" view."""
        return Text(_("Nothing completed yet."))

    def describe_move(self, seat: int | None, move: Action | str, ctx: TableContext) -> Text:
        """A move told as a sentence: ``Ben attacks with A♥``, ``You play 2♣ 2♦``.

        ``move`` is an action or its notation as a seat may see it, where a hidden card
        is ``?`` (``give ? ? ?`` becomes ``Ada passes 3 cards``).
        """
        words = str(move).split()
        kind = words[0] if words and words[0] in KINDS else "play"
        tokens = words[1:] if words and words[0] in KINDS else words
        cards = [Card.parse(token) for token in tokens if token != "?"]
        hidden = sum(1 for token in tokens if token == "?")
        style = ctx.style
        if kind == "defend" and len(cards) == 2:
            return ctx.line(seat, _("You beat {attack} with {cards}"), _("{player} beats {attack} with {cards}"),
                            attack=style.inline(cards[:1]), cards=style.inline(cards[1:]))
        if hidden and kind in self.hidden_lines:
            (mine, mine_many), (theirs, theirs_many) = self.hidden_lines[kind]
            return ctx.line(seat, ngettext(mine, mine_many, hidden), ngettext(theirs, theirs_many, hidden), count=hidden)
        mine, theirs = self.move_lines.get(kind, self.move_lines["play"])
        return ctx.line(seat, _(mine), _(theirs), cards=style.inline(cards))

    def move_phrase(self, action: Action, ctx: TableContext) -> Text:
        """The person's own move as the undo message names it: ``your A♠``, ``your pass``.

        >>> from cardtable.tui.cardstyle import CardStyle, beside, large_cards, lines_text
        >>> ctx = TableContext(("You",), ("You",), CardStyle())
        >>> TableArea().move_phrase(Action.parse("attack AH"), ctx).plain
        'your attack with A♥'
        """
        style = ctx.style
        if action.kind == "defend":
            return fill(_("your {cards} on {attack}"), cards=style.inline(action.cards[1:]),
                        attack=style.inline(action.cards[:1]))
        noun = self.move_nouns.get(action.kind, self.move_nouns["play"])
        return fill(_(noun), cards=style.inline(action.cards))

    #: what one simulation's outcome counts in the figure :meth:`hint_value` shows (Hearts:
    #: the points taken), so that moves are weighed, and their noise shown, in that
    #: figure; ``None``: by the search's own value
    hint_score: Callable[[int], float] | None = None

    def hint_noise(self, move: MoveValue) -> str:
        """`` ± 0.4``: how far chance alone may move the figure of ``move`` over its
        simulations (:meth:`MoveValue.spread`, in the figure's units); empty without
        outcomes to tell.

        >>> from cardtable.bots.search import MoveValue
        >>> table = TableArea()
        >>> table.hint_score = float
        >>> table.hint_noise(MoveValue(Action.parse("play QS"), 4, 0.4, {13: 1, 0: 3}))
        ' ± 6.5'
        """
        score = self.hint_score
        if score is None:
            return ""
        spread = move.spread(score)
        return f" ± {number(spread, 1)}" if spread < float("inf") else ""

    def hint_value(self, move: MoveValue, short: bool = False) -> str:
        """What the search's simulations of one move say, in the game's words: in full
        (``expected 3.1 points this hand``) or ``short`` for a runner-up (``4.6``).  Here
        the search's own value, which every game overrides with what it measures.

        >>> from cardtable.bots.search import MoveValue
        >>> TableArea().hint_value(MoveValue(Action.parse("play 2C"), 10, 0.625))
        'value 0.62 of 1'
        """
        return number(move.value, 2) if short else _("value {value} of 1").format(value=number(move.value, 2))

    def hint_reason(self, decision: Decision) -> str:
        """Why the hard bot chose without the search's numbers, in a few words.

        >>> from cardtable.bots.search import Decision
        >>> TableArea().hint_reason(Decision(Action.parse("play 2C"), "only"))
        'the only legal move'
        """
        reason = self.hint_reasons.get(decision.note) or self.hint_reasons.get(decision.how, "")
        return _(reason) if reason else ""

    def log_line(self, event: Event, ctx: TableContext, viewer: int) -> Text | None:
        """One move-log line for ``event``, or ``None`` to leave it out."""
        if event.kind == "pass":
            return ctx.line(event.seat, _("You pass"), _("{player} passes"), "dim")
        if event.kind in ("play", "attack"):
            return self.describe_move(event.seat, Action(event.kind, event.cards), ctx)
        if event.kind == "take":
            return ctx.line(event.seat, _("You take the cards"), _("{player} takes the cards"), "bold")
        return None

    def round_summary(self, event: Event, obs: ObservationT, ctx: TableContext) -> Text:
        """The body of the end-of-round screen, from the ``round_over`` event."""
        text = Text()
        for seat, score in enumerate(obs.scores):
            text.append(f"{fit_name(ctx.name(seat), 14, pad=True)}{score:>5}\n")
        return text
