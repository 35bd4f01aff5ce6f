"""The game screen's view model, without Textual running: a table's facts in, what to
draw out (cardtable.tui.viewmodel)."""

from __future__ import annotations

from cardtable.engine.actions import PASS, TAKE
from cardtable.engine.events import Event
from cardtable.engine.payloads import EventKind
from cardtable.games import get_rules
from cardtable.session import Seat, TableSession
from cardtable.tui.cardstyle import CardStyle
from cardtable.tui.tables import table_for
from cardtable.tui.viewmodel import LogFeed, TableFacts, TableViewModel


def table(game: str, seats: list[Seat], seed: int = 1, players: int | None = None) -> TableSession:
    return TableSession(get_rules(game).new_game(players=players or len(seats), seed=seed), seats)


def model(game: str) -> TableViewModel:
    return TableViewModel(game, table_for(game), CardStyle(ascii_only=True))


def play_bots_until_viewer(session: TableSession) -> None:
    """Play the first legal move for every seat until seat 0 is to act."""
    while session.to_act not in (0, None):
        session.act(session.to_act, session.legal_actions()[0])


def test_the_viewers_turn_enables_play_and_marks_what_cannot_be_played() -> None:
    session = table("president", [Seat.human("Ann"), Seat.human("Ben"), Seat.human("Cy")])
    session.hotseat = False  # one person's view of the table
    play_bots_until_viewer(session)
    facts = TableFacts.read(session)
    view = model("president").view(facts)
    assert facts.my_turn and view.enabled["play-button"]
    assert view.hand.cursor and view.hand.playable is not None
    assert set(view.hand.cards) == set(facts.obs.hand)
    assert view.enabled["pass-button"] == (PASS in facts.legal)
    assert not view.shown["take-button"] and not view.keys["take"]
    assert [seat.card_count for seat in view.seats] == list(facts.obs.hand_sizes)
    assert [seat.viewer for seat in view.seats] == [True, False, False]
    assert "Ann" not in view.prompt.plain  # "you", to one person alone at the table


def test_out_of_turn_nothing_is_playable_and_the_prompt_names_who_acts() -> None:
    session = table("president", [Seat.human("Ann"), Seat.human("Ben"), Seat.human("Cy")])
    session.hotseat = False
    session.viewer = (session.to_act or 0) + 1  # the seat after the one to act
    facts = TableFacts.read(session)
    view = model("president").view(facts)
    assert not facts.my_turn and facts.legal == ()
    assert not view.enabled["play-button"] and view.hand.playable is None and not view.hand.cursor
    assert view.prompt.plain == f"{facts.labels[facts.to_act or 0]} to act."
    assert view.title.plain.startswith(" President ")


def test_hot_seat_names_the_player_where_a_prompt_says_you() -> None:
    session = table("president", [Seat.human("Ann"), Seat.human("Ben"), Seat.human("Cy")])
    assert session.hotseat
    session.reveal(session.to_act or 0)  # the person to act has the keyboard
    facts = TableFacts.read(session)
    view = model("president").view(facts)
    name = facts.names[facts.viewer]
    assert facts.my_turn and name in view.prompt.plain and "You" not in view.prompt.plain.split()
    assert f"{name}'s view" in view.title.plain
    assert view.prompt.plain.startswith(f"{name}'s lead: "), view.prompt.plain


def test_durak_offers_take_to_the_defender_and_a_key_to_pick_the_card_to_beat() -> None:
    session = table("durak", [Seat.human("Ann"), Seat.human("Ben")], seed=3)
    session.hotseat = False
    vm = model("durak")
    while True:
        facts = TableFacts.read(session)
        if TAKE in session.legal_actions() or session.is_over:
            break
        session.act(session.to_act, next(a for a in session.legal_actions() if a.kind == "attack"))
        session.viewer = session.to_act or 0
    facts = TableFacts.read(session)
    view = vm.view(facts)
    assert view.keys["next_target"]
    assert view.keys["take"] and view.enabled["take-button"] and view.shown["take-button"]


def test_undo_and_the_seats_key_follow_what_the_table_offers() -> None:
    session = table("president", [Seat.human("Ann"), Seat.bot_seat("Ben", "easy"), Seat.bot_seat("Cy", "easy")])
    facts = TableFacts.read(session)
    keys = model("president").view(facts).keys
    assert keys["undo"] == session.undo_offered and keys["seats"] is False
    read_only = TableFacts.read(session, read_only=True)
    assert not read_only.my_turn and read_only.legal == ()


def test_a_refusal_and_received_cards_are_worded_in_the_screens_voice() -> None:
    session = table("president", [Seat.human("Ann"), Seat.bot_seat("Ben", "easy"), Seat.bot_seat("Cy", "easy")])
    vm = model("president")
    facts = TableFacts.read(session)
    refused = vm.refusal(facts, "10D does not beat QS")
    assert refused.plain.startswith("Refused: ")
    card = facts.obs.hand[0]
    received = vm.received(facts, Event(EventKind.EXCHANGE, seat=1, cards=(card,)))
    assert received.plain.startswith("Ben gave you ") and str(card) in received.plain


def test_the_log_takes_each_event_once_and_starts_afresh_each_round() -> None:
    feed = LogFeed()
    first = [Event(EventKind.DEAL, round=1), Event(EventKind.ROUND_OVER, round=1)]
    assert feed.take(first) == (False, first)
    assert feed.take(first) == (False, [])
    later = [*first, Event(EventKind.DEAL, round=2)]
    assert feed.take(later) == (True, [later[2]])
    over = [*later, Event(EventKind.ROUND_OVER, round=2), Event(EventKind.GAME_OVER, round=2)]
    assert feed.take(over) == (False, over[3:])  # the last round's log stays at the game's end
    feed.restart()
    fresh, events = feed.take(over)
    assert fresh and events == over[2:]


def test_the_log_of_a_screen_opened_on_a_long_game_reads_only_its_last_round() -> None:
    """A screen opened at move 100,000 must not walk the whole game's log to find the
    round being played (issue 38: a move costs the same at move 100,000 as at move 100)."""
    class CountedEvents(list[Event]):
        reads = 0

        def __getitem__(self, index):  # type: ignore[no-untyped-def]
            CountedEvents.reads += 1
            return super().__getitem__(index)

    events = CountedEvents()
    for number in range(1, 5001):
        events += [Event(EventKind.DEAL, round=number), Event(EventKind.ROUND_OVER, round=number)]
    events += [Event(EventKind.DEAL, round=5001), Event(EventKind.DEAL, round=5001)]
    fresh, new = LogFeed().take(events)
    assert fresh and [event.round for event in new] == [5001, 5001]
    assert CountedEvents.reads < 20
