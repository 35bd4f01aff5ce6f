"""A Hearts pass chosen ahead of its turn at a hosted table shows as chosen, as in
hot-seat: the chooser's cards leave its hand, every seat sees who chose (never what),
and the chooser is sent one state for it, not two."""

from __future__ import annotations

import json

from cardtable.cards import Card
from tests.net.tables import open_table


async def test_a_pass_sent_early_shows_as_chosen_to_everyone_and_its_cards_to_its_sender_only() -> None:
    sent: dict[int, list[dict[str, object]]] = {0: [], 1: [], 2: [], 3: []}

    def keep(seat: int, data: bytes) -> None:
        sent[seat].append(json.loads(data))

    host, (ann, ben, cleo, dan) = await open_table(
        "hearts", ["remote", "remote", "remote", "remote"], seed=2, on_send=keep, target=1
    )
    try:
        await ben.wait_for(lambda c: c.my_turn)
        assert host.session.state.current_player == 0  # Ann's pass is the engine's to take first
        for seat in sent:
            sent[seat].clear()
        chosen = ben.legal[0]
        cards = {str(card) for card in (Card.parse(word) for word in chosen.split()[1:])}
        await ben.act(chosen)
        await ben.wait_for(lambda c: not c.waiting)
        await ann.wait_for(lambda c: 1 in (c.observation or {}).get("passed_seats", []))
        for other in (cleo, dan):
            await other.wait_for(lambda c: 1 in (c.observation or {}).get("passed_seats", []))
        # Ben (seat 1): the three cards left the hand and are his pass; he is told once.
        mine = ben.view
        assert mine is not None and len(mine.hand) == 10 and {str(card) for card in mine.cards_given} == cards
        assert mine.passed_seats == (1,) and mine.hand_sizes[1] == 10
        assert [message["type"] for message in sent[1]].count("state") == 1
        # The others: Ben chose and holds ten cards; what he chose is in nothing they were sent.
        for client in (ann, cleo, dan):
            view = client.view
            assert view is not None and view.passed_seats == (1,) and view.hand_sizes[1] == 10
            assert view.cards_given == () and len(view.hand) == 13
        for seat in (0, 2, 3):
            written = json.dumps(sent[seat])
            assert not any(f'"{card}"' in written for card in cards)
        # Ann's own pass is still hers to choose.
        assert ann.my_turn and ann.legal
    finally:
        for client in (ann, ben, cleo, dan):
            await client.close()
        await host.close()


async def test_a_pass_sent_early_is_answered_with_one_state() -> None:
    states: list[dict[str, object]] = []

    def keep(seat: int, data: bytes) -> None:
        message = json.loads(data)
        if seat == 1 and message["type"] == "state":
            states.append(message)

    host, clients = await open_table("hearts", ["remote"] * 4, seed=2, on_send=keep, target=1)
    ben = clients[1]
    try:
        await ben.wait_for(lambda c: c.my_turn)
        states.clear()
        await ben.act(ben.legal[0])
        await ben.wait_for(lambda c: not c.waiting)
        await clients[0].wait_for(lambda c: any(status.chose for status in c.seats))
        assert len(states) == 1, [state["observation"] for state in states]
    finally:
        for client in clients:
            await client.close()
        await host.close()


async def test_a_joined_screen_shows_its_pass_made_and_every_screen_who_chose() -> None:
    from tests.net.apps import SeatApp, press_move, screen_text, status, until

    host, _ = await open_table("hearts", ["remote", "remote", "easy", "easy"], seed=2, join=False, target=1)
    ann, ada = SeatApp(host, 0), SeatApp(host, 1)
    try:
        await ann.open()
        await ada.open()
        pilots = [ann.pilot, ada.pilot]
        await until(pilots, lambda: ann.at_table and ada.at_table and ada.screen.session.human_to_act
                    and ann.screen.session.human_to_act)
        assert host.session.state.current_player == 0  # Ann's pass is the engine's to take first
        action = ada.screen.legal[0]
        await press_move(ada.pilot, ada.screen, action)
        await until(pilots, lambda: "Chosen: Ada" in screen_text(ann.app) and "Chosen: Ada" in screen_text(ada.app))
        # Ada: the three cards left her hand, her box says she passed, and what she passed shows.
        hand = ada.screen.query_one("#hand")
        assert len(hand.cards) == 10 and not set(action.cards) & set(hand.cards)  # type: ignore[attr-defined]
        for app in (ann.app, ada.app):
            assert "passed · 10 cards" in screen_text(app).splitlines()[2][20:40], screen_text(app)
        assert "Sent; waiting" not in status(ada.app) and "You pass left to Ben" in screen_text(ada.app)
        # Ann sees that Ada chose, never what.
        shown = screen_text(ann.app)
        assert not any(ada.screen.context.style.label(card) in shown for card in action.cards
                       if card not in ann.screen.query_one("#hand").cards)  # type: ignore[attr-defined]
    finally:
        await ann.close()
        await ada.close()
        await host.close()
