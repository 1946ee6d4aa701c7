"""Issue 11 (POK-2 session length): a poker table at the table service, four seats played by computer players
(the host's seat on Run), with the default house rules finishes: at most 80 deals, the biggest stack or the last
player with chips winning, and every deal ends with the event a recap is drawn from."""

from __future__ import annotations

import pytest

import engine.ai.search as search
from bot.tables import TableService, TableUpdate
from engine.events import EventKind
from render.recap import ends_a_hand
from tests.service.test_tables import ALICE, lobby, until


@pytest.fixture(autouse=True)
def quick_strong(monkeypatch: pytest.MonkeyPatch) -> None:
    """The computers are Strong (Poker's default level): a few samples and no clock, so 80 deals play quickly."""
    monkeypatch.setattr(search, "STRONG_SAMPLES", 4)
    monkeypatch.setattr(search, "STRONG_SECONDS", None)


async def test_a_poker_table_with_the_default_session_length_finishes(service: TableService,
                                                                       updates: list[TableUpdate]) -> None:
    tid = await lobby(service, "poker")
    for _ in range(3):
        await service.lobbies.add_computer(tid, ALICE)
    await service.lobbies.start_game(tid, service.store.get(tid).version, ALICE)
    await service.play.set_autopilot(tid, ALICE, True)
    table = service.store.get(tid)
    game = table.game
    assert game is not None and game.options["deals"] == 80 and game.options["ante_rise"] == 10
    await until(lambda: table.status != "playing", timeout=300.0)
    game = table.game  # each move is applied to a copy: the game now
    assert game is not None and game.is_over and game.round_no <= 80
    assert game.outcome is not None and game.outcome.termination in ("session_ended", "all_chips")
    ends = [e for u in updates if u.table.id == tid for e in u.events if ends_a_hand(e)]
    assert len(ends) == game.round_no and all(e.kind == EventKind.POT for e in ends)  # a recap for every deal
