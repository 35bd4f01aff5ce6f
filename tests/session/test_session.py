"""The table session, driven as a user interface would, with no Textual at all."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path

import pytest

from cardtable.bots import bot_name
from cardtable.engine.actions import Action
from cardtable.engine.refusals import RuleRefusal
from cardtable.games import available_games, get_rules
from cardtable.session import BotAnswer, Notice, Seat, SeatKind, SlotSaver, TableSession
from cardtable.session.notices import (
    AgainstRules,
    BotReplaced,
    BotSeat,
    CannotUndo,
    Chosen,
    Finished,
    HandHidden,
    Moved,
    NotYourTurn,
    SaveFailed,
    TableClosed,
    Undone,
)
from cardtable.userdata.savefiles import load_save
from cardtable.userdata.slots import GameSlot, unfinished_games
from tests.failing_bots import write_failing_bots

NAMES = ("Ann", "Ada", "Ben", "Cleo", "Dan", "Eve")


def table(game: str, kinds: list[str], seed: int = 1, **options: object) -> tuple[TableSession, list[Notice]]:
    """A session of ``game`` (``human`` or a bot level per seat) and the notices it gives."""
    state = get_rules(game).new_game(players=len(kinds), seed=seed, **options)
    seats = [Seat.from_spec(NAMES[i], kind) for i, kind in enumerate(kinds)]
    state.meta["seats"] = [{"kind": seat.spec, "name": seat.name} for seat in seats]
    session = TableSession(state, seats, hint_iterations=20)
    notices: list[Notice] = []
    session.listen(notices.append)
    return session, notices


def play_out(session: TableSession, rng: random.Random, limit: int = 5000) -> None:
    """Play to the end: bots through their requests, people by random legal moves."""
    for _ in range(limit):
        if session.is_over:
            return
        seat = session.to_act
        assert seat is not None
        if session.handover_due() is not None:
            session.hand_over(seat)
            session.reveal(seat)
        elif session.reveal_due() is not None:
            session.reveal(seat)
        if session.human_to_act:
            assert session.act(seat, rng.choice(list(session.legal_actions()))) is None
        else:
            request = session.bot_request()
            assert request is not None and request.seat == seat
            assert session.bot_answer(request.think()) == "played"
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", available_games())
def test_whole_games_with_bots_driven_by_the_session(game: str) -> None:
    rules = get_rules(game)
    for players in (rules.min_players, rules.max_players):
        session, notices = table(game, ["human"] + ["easy"] * (players - 1), seed=players)
        dealt = list(session.state.events)
        play_out(session, random.Random(players))
        moved = [n for n in notices if isinstance(n, Moved)]
        assert [(n.seat, n.action) for n in moved] == session.state.history
        # Every engine event after the deal was told once, by the move that caused it.
        assert dealt + [event for n in moved for event in n.events] == session.state.events
        assert session.to_act is None and session.bot_request() is None
        assert session.state.outcome().winners


@pytest.mark.parametrize("game", available_games())
def test_bots_alone_play_a_game_to_its_end(game: str) -> None:
    rules = get_rules(game)
    session, notices = table(game, ["normal"] * rules.min_players, seed=5)
    assert not session.hotseat and session.revealed == 0  # nobody is at the keyboard: seat 0's view
    play_out(session, random.Random(0))
    assert session.is_over


def test_a_refused_move_gives_the_engines_reason_and_changes_nothing() -> None:
    session, notices = table("president", ["human", "easy", "easy"], seed=1)
    seat = session.to_act
    assert seat == 0 and session.human_to_act
    before = session.state.to_json()
    reason = session.act(0, "pass")
    # The engine's reason comes as data (a code and its values) for the screen to word.
    assert reason == AgainstRules(RuleRefusal("leader_must_play"))
    assert str(reason.refusal) == session.state.why_illegal("pass")
    assert session.act(0, "jump") == AgainstRules(RuleRefusal("malformed", action="jump", game="President"))
    assert session.state.to_json() == before and not notices


def test_only_the_seat_to_act_moves_and_bots_move_through_their_requests() -> None:
    session, _ = table("durak", ["easy", "human"], seed=2)
    if session.to_act == 1:
        assert session.act(1, session.legal_actions()[0]) is None
    assert session.to_act == 0
    assert session.act(1, "pass") == NotYourTurn(1, 0)  # it is not Ada's turn: Ann is to act
    assert session.act(0, session.legal_actions()[0]) == BotSeat(0)  # Ann is played by a bot


def test_action_text_is_applied_through_the_engine() -> None:
    session, notices = table("hearts", ["human", "easy", "easy", "easy"], seed=3)
    give = session.legal_actions()[5]
    assert session.act(0, str(give)) is None
    assert session.state.history == [(0, give)]
    assert notices[-1] == Moved(0, give, notices[-1].events)


def test_each_bot_is_given_only_its_own_observation() -> None:
    session, _ = table("hearts", ["easy"] * 4, seed=4)
    for _ in range(20):
        request = session.bot_request()
        assert request is not None
        assert request.observation == session.state.observation(request.seat)
        assert request.observation.seat == request.seat
        assert session.bot_answer(request.think()) == "played"


# --- stale answers ---------------------------------------------------------------------


def test_an_answer_after_the_table_moved_on_is_dropped() -> None:
    session, _ = table("hearts", ["human", "easy", "easy", "easy"], seed=5)
    session.act(0, session.legal_actions()[0])
    request = session.bot_request()
    assert request is not None
    answer = request.think()
    session.cancel_thinking()  # an undo, a quit, a new bot: the generation moves on
    assert session.bot_answer(answer) == "stale"
    assert len(session.state.history) == 1
    fresh = session.bot_request()
    assert fresh is not None and session.bot_answer(fresh.think()) == "played"


def test_an_answer_after_undo_is_dropped() -> None:
    session, _ = table("president", ["human", "easy", "easy"], seed=7)
    assert session.act(0, session.legal_actions()[0]) is None
    request = session.bot_request()
    assert request is not None
    answer = request.think()
    assert session.undo() is None
    assert session.bot_answer(answer) == "stale"
    assert session.state.history == [] and session.human_to_act


def test_an_answer_after_close_is_dropped_and_nothing_more_is_played() -> None:
    session, _ = table("durak", ["human", "easy"], seed=1)
    while session.human_to_act:
        session.act(session.to_act, session.legal_actions()[0])  # type: ignore[arg-type]
    request = session.bot_request()
    assert request is not None
    answer = request.think()
    session.close()
    assert session.bot_answer(answer) == "stale"
    assert session.bot_request() is None
    assert session.act(0, "pass") == TableClosed()


def test_thinking_in_a_thread_is_cancelled_at_once() -> None:
    session, _ = table("hearts", ["human", "easy", "easy", "easy"], seed=6)
    session.act(0, session.legal_actions()[0])
    request = session.bot_request()
    assert request is not None
    answers: list[BotAnswer] = []
    worker = threading.Thread(target=lambda: answers.append(request.think(delay=60.0)))
    start = time.monotonic()
    worker.start()
    session.cancel_thinking()
    worker.join(timeout=5)
    assert not worker.is_alive() and time.monotonic() - start < 5
    assert answers[0].cancelled and answers[0].action is None
    assert session.bot_answer(answers[0]) == "stale"


def test_a_worker_flag_cancels_the_thinking_too() -> None:
    session, _ = table("hearts", ["easy"] * 4, seed=6)
    request = session.bot_request()
    assert request is not None
    answer = request.think(delay=60.0, cancelled=lambda: True)
    assert answer.cancelled and session.bot_answer(answer) == "stale"


# --- bots that fail -------------------------------------------------------------------------

@pytest.fixture
def bot_file(tmp_path: Path) -> Path:
    return write_failing_bots(tmp_path)


def test_a_user_bot_that_fails_waits_for_a_built_in_bot(bot_file: Path) -> None:
    session, notices = table("hearts", ["human", f"{bot_file}:Raiser", "easy", "easy"], seed=2)
    session.act(0, session.legal_actions()[0])
    request = session.bot_request()
    assert request is not None and request.seat == 1
    assert session.bot_answer(request.think()) == "failed"
    assert session.bot_failures[1] == f"bot {bot_name(f'{bot_file}:Raiser')} failed: ValueError: my bot broke"
    assert session.failed_bot() == 1 and session.bot_request() is None
    session.replace_bot(1, "normal")
    assert session.seats[1] == Seat.bot_seat("Ada", "normal")
    assert session.state.meta["seats"][1]["kind"] == "normal"
    assert notices[-1] == BotReplaced(1, "normal")
    request = session.bot_request()
    assert request is not None and session.bot_answer(request.think()) == "played"


def test_a_user_bots_illegal_move_is_reported_a_built_in_bots_replaced(bot_file: Path) -> None:
    session, _ = table("hearts", ["human", f"{bot_file}:Jumper", "easy", "easy"], seed=2)
    session.act(0, session.legal_actions()[0])
    request = session.bot_request()
    assert request is not None
    assert session.bot_answer(request.think()) == "failed"
    assert "chose the illegal action 'jump'" in session.bot_failures[1]
    session.replace_bot(1, "easy")
    request = session.bot_request()
    assert request is not None
    # A built-in bot never stalls the table: a bad answer becomes its first legal move.
    wrong = BotAnswer(request.seat, request.generation, request.history, Action.parse("play 2C"))
    first = session.legal_actions()[0]
    assert session.bot_answer(wrong) == "played"
    assert session.state.history[-1] == (1, first)


def test_a_bot_that_cannot_start_is_known_before_its_turn(tmp_path: Path) -> None:
    session, _ = table("durak", ["human", "no_such_module_xyz:Bot"], seed=1)
    assert session.bot_failures[1] == "cannot load bot 'no_such_module_xyz:Bot': no module named 'no_such_module_xyz'"


# --- undo --------------------------------------------------------------------------------------


def test_undo_goes_back_one_move_of_the_person_at_a_time() -> None:
    session, notices = table("president", ["human", "easy", "easy", "easy"], seed=9)
    rng = random.Random(2)
    positions = []
    for _ in range(3):
        while not session.human_to_act:
            request = session.bot_request()
            assert request is not None
            session.bot_answer(request.think())
        positions.append(session.state.to_json())
        action = rng.choice(list(session.legal_actions()))
        session.act(0, action)
    for position in reversed(positions):
        assert session.undo() is None
        assert isinstance(notices[-1], Undone)
        assert session.state.meta["undo_used"] is True
        assert session.human_to_act
        undone = session.state.clone()
        undone.meta = {}
        again = get_rules("president").from_json(position)
        again.meta = {}
        assert undone.to_json() == again.to_json()
    assert session.undo() == CannotUndo("nothing_yet")


def test_the_seed_is_told_only_to_a_person_alone_at_the_table() -> None:
    # With several people at one screen the seed would tell each of them every hand.
    alone, _ = table("hearts", ["human", "easy", "normal", "hard"], seed=5)
    assert alone.people == 1 and alone.seed == 5
    together, _ = table("hearts", ["human", "easy", "human", "easy"], seed=5)
    assert together.people == 2 and together.seed is None
    state = get_rules("durak").new_game(players=2, seed=5)
    with_a_friend_elsewhere = TableSession(state, [Seat.human("Ann"), Seat("Bea", SeatKind.REMOTE)])
    assert with_a_friend_elsewhere.people == 2 and with_a_friend_elsewhere.seed is None
    bots_only, _ = table("durak", ["easy", "hard"], seed=5)
    assert bots_only.people == 0 and bots_only.seed == 5  # nobody's hand to keep from anyone


def test_undo_is_off_with_more_than_one_person_and_once_the_game_is_over() -> None:
    session, _ = table("hearts", ["human", "easy", "human", "easy"], seed=1)
    assert session.undo() == CannotUndo("alone_only")
    session, _ = table("durak", ["human", "easy"], seed=3)
    play_out(session, random.Random(3))
    assert session.undo() == CannotUndo("game_over")


# --- hints ---------------------------------------------------------------------------------------


def test_a_hint_is_a_legal_move_from_the_seats_own_view() -> None:
    session, _ = table("hearts", ["human", "easy", "easy", "easy"], seed=8)
    request = session.hint_request(0)
    assert not isinstance(request, str)
    assert request.observation == session.state.observation(0)
    action = session.hint_answer(request.think())
    assert action is not None and session.state.is_legal(action)
    assert session.act(0, action) is None


def test_a_hint_is_only_for_the_own_turn_and_goes_stale() -> None:
    session, _ = table("president", ["human", "easy", "easy"], seed=1)
    request = session.hint_request(0)
    assert not isinstance(request, str)
    answer = request.think()
    session.act(0, session.legal_actions()[0])
    assert session.hint_answer(answer) is None  # the person moved meanwhile
    assert session.hint_request(0) == "A hint is for your own turn."
    assert session.hint_request(1) == "A hint is for your own turn."


# --- hot-seat ----------------------------------------------------------------------------------


def test_hot_seat_hands_over_between_people_and_hides_the_hand_before_bots() -> None:
    session, notices = table("hearts", ["human", "easy", "human", "easy"], seed=2)
    assert session.hotseat and session.table_only and session.revealed is None
    assert session.handover_due() == 0
    session.hand_over(0)
    assert session.handover_due() == 0  # still covered: until Ann says she is looking
    session.reveal(0)
    assert session.handover_due() is None and session.revealed == 0 and not session.table_only
    session.act(0, session.legal_actions()[0])
    # Everyone chooses their pass at once: Ben's turn comes now, not after Ada's bot, so
    # the keyboard goes to him (Ann's hand is covered by the hand-over).
    assert session.to_act == 2 and session.handover_due() == 2 and session.viewer == 0
    session.hand_over(2)
    assert session.viewer == 2 and session.revealed is None
    session.reveal(2)
    assert session.revealed == session.viewer == 2
    session.act(2, session.legal_actions()[0])
    # Only bots choose after Ben: his hand goes at once.
    assert session.to_act == 1 and session.revealed is None
    assert [type(n) for n in notices[-2:]] == [Chosen, HandHidden]
    request = session.bot_request()
    assert request is not None and session.bot_answer(request.think()) == "played"


def test_hot_seat_keeps_the_hand_when_the_same_person_moves_again() -> None:
    # Durak: the attacker may add cards; three seats so that two people share the table.
    session, notices = table("durak", ["human", "human", "easy"], seed=11)
    rng = random.Random(1)
    seen_again = False
    for _ in range(300):
        if session.is_over:
            break
        seat = session.to_act
        assert seat is not None
        if session.handover_due() is not None:
            session.hand_over(seat)
            session.reveal(seat)
        elif session.reveal_due() is not None:
            session.reveal(seat)
        if session.human_to_act:
            assert session.revealed == seat
            session.act(seat, rng.choice(list(session.legal_actions())))
            if session.to_act == seat:
                assert session.revealed == seat and session.handover_due() is None
                seen_again = True
            elif not session.human_to_act:
                assert session.revealed is None
        else:
            assert session.revealed is None  # nobody's hand while bots move
            request = session.bot_request()
            assert request is not None
            session.bot_answer(request.think())
    assert seen_again


def test_no_hand_over_when_the_person_who_looked_last_is_next_again() -> None:
    # President: once one of the two people is out, the other plays on between bots.
    again = handed = 0
    for seed in range(6):
        session, _ = table("president", ["human", "easy", "easy", "human"], seed=seed)
        rng = random.Random(seed)
        last_seen = None
        while not session.is_over:
            seat = session.to_act
            assert seat is not None
            due, same = session.handover_due(), session.reveal_due()
            assert due is None or same is None
            if due is not None:
                assert due == seat and seat != last_seen  # a hand-over only for someone else
                handed += 1
                session.hand_over(seat)
                assert session.revealed is None and session.handover_due() == seat
                session.reveal(seat)
            elif same is not None:
                assert same == seat == last_seen and session.revealed is None  # only bots moved since
                again += 1
                session.reveal(seat)
            if session.human_to_act:
                assert session.revealed == seat
                last_seen = seat
                session.act(seat, rng.choice(list(session.legal_actions())))
            else:
                assert session.revealed is None
                request = session.bot_request()
                assert request is not None
                session.bot_answer(request.think())
    assert again and handed


def test_received_cards_are_told_once_to_their_receiver() -> None:
    session, _ = table("hearts", ["human", "easy", "easy", "easy"], seed=3)
    session.act(0, session.legal_actions()[0])
    assert session.take_received(0) == []
    while session.state.observation(0).phase == "pass":  # type: ignore[attr-defined]
        request = session.bot_request()
        assert request is not None
        session.bot_answer(request.think())
    received = session.take_received(0)
    assert len(received) == 1 and set(received[0].cards) == set(session.state.observation(0).cards_received)  # type: ignore[attr-defined]
    assert session.take_received(0) == []
    assert session.take_received(1)[0].info["to"] == 1


# --- saving ------------------------------------------------------------------------------------


def test_every_change_is_saved_and_the_game_resumes_from_its_save() -> None:
    session, _ = table("durak", ["human", "easy"], seed=4)
    saver = SlotSaver()
    session.saver = saver
    rng = random.Random(4)
    for _ in range(6):
        if session.human_to_act:
            session.act(session.to_act, rng.choice(list(session.legal_actions())))  # type: ignore[arg-type]
        else:
            request = session.bot_request()
            assert request is not None
            session.bot_answer(request.think())
        assert saver.slot is not None
        assert load_save(saver.slot.path).history == session.state.history
    path = saver.slot.path
    session.close()
    saver.close()
    assert [game.path for game in unfinished_games()[0]] == [path]
    slot, state = GameSlot.open(path)
    resumed = TableSession(state, session.seats, saver=SlotSaver(slot), resumed=True)
    assert resumed.state.history == session.state.history
    assert resumed.take_received(0) == []  # what happened before was told already
    play_out(resumed, rng)
    assert resumed.recorded
    assert unfinished_games()[0] == []  # finished: a record now, no longer a save


def test_a_finished_game_is_recorded_once() -> None:
    session, notices = table("durak", ["human", "easy"], seed=6)
    session.saver = SlotSaver()
    play_out(session, random.Random(6))
    assert [type(n) for n in notices].count(Finished) == 1
    session.autosave()  # a second save must not count the game twice
    assert [type(n) for n in notices].count(Finished) == 1


def test_a_save_that_fails_is_told_once(tmp_path: Path) -> None:
    class Broken:
        def save(self, state: object) -> list[str]:
            raise OSError(28, "No space left on device")

        def finish(self, state: object) -> list[str]:
            raise OSError(28, "No space left on device")

    session, notices = table("hearts", ["human", "easy", "easy", "easy"], seed=1)
    session.saver = Broken()
    session.act(0, session.legal_actions()[0])
    request = session.bot_request()
    assert request is not None
    session.bot_answer(request.think())
    assert [n for n in notices if isinstance(n, SaveFailed)] == [SaveFailed("No space left on device")]


def test_the_bot_speed_is_kept_in_the_save() -> None:
    session, _ = table("hearts", ["human", "easy", "easy", "easy"], seed=1)
    session.saver = SlotSaver()
    session.pace = "slow"
    session.act(0, session.legal_actions()[0])
    assert session.saver.slot is not None
    assert load_save(session.saver.slot.path).meta["settings"]["bot_speed"] == "slow"


# --- a remote seat ------------------------------------------------------------------------------


def test_a_remote_seat_is_waited_for_and_answers_with_text() -> None:
    state = get_rules("durak").new_game(players=3, seed=8)
    seats = [Seat.human("Ann"), Seat("Rob", SeatKind.REMOTE), Seat.bot_seat("Ada", "easy")]
    session = TableSession(state, seats)
    assert not session.hotseat and session.human_seats == (0,)  # a remote player never shares the keyboard
    assert seats[1].waits_for_outside and not seats[1].is_human and seats[1].spec == "remote"
    rng = random.Random(8)
    told_remote = 0
    for _ in range(400):
        if session.is_over:
            break
        seat = session.to_act
        assert seat is not None and session.handover_due() is None
        if seat == 1:
            assert session.bot_request() is None and not session.human_to_act  # the table waits for Rob
            observation = session.observation(1)
            assert observation.seat == 1 and observation.hand == session.state.hand(1)
            told_remote += 1
            text = str(rng.choice(list(session.legal_actions())))  # what a connection would send
            assert session.act(1, text) is None
        elif session.human_to_act:
            session.act(seat, rng.choice(list(session.legal_actions())))
        else:
            request = session.bot_request()
            assert request is not None
            session.bot_answer(request.think())
    assert session.is_over and told_remote
    assert session.act(1, "pass") == AgainstRules(RuleRefusal("game_over"))
