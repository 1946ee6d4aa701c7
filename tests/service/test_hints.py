"""Issue 14 (hints) at the table service: a hint is the strongest offered computer player's advice for the seat on
its turn, changes nothing, and is refused to spectators, out of turn, on an earlier turn and where a server turned
hints off."""

from __future__ import annotations

import pytest

from bot.table import NotAllowed, StaleClick
from bot.tables import TableService
from engine.ai import computer_player
from engine.hints import advise
from tests.service.test_tables import ALICE, BOB, CAROL, lobby, until


@pytest.fixture(autouse=True)
def repeatable_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Strong player searches a fixed number of samples with no clock, so its advice can be compared."""
    import engine.ai.search as search

    monkeypatch.setattr(search, "STRONG_SAMPLES", 8)
    monkeypatch.setattr(search, "STRONG_SECONDS", None)


async def started(service: TableService, game: str) -> int:
    tid = await lobby(service, game, BOB)
    await service.lobbies.start_game(tid, service.store.get(tid).version, ALICE)
    return tid


@pytest.mark.parametrize("game", ["muggins", "texas42", "poker"])
async def test_a_hint_is_the_computer_players_advice_for_the_seat_and_changes_nothing(service: TableService,
                                                                                      game: str) -> None:
    tid = await (started(service, game) if game != "texas42" else _texas(service))
    table = service.store.get(tid)
    await until(lambda: table.game is not None and table.seats[table.game.to_act[0]].user_id is not None)
    assert table.game is not None
    seat = table.game.to_act[0]
    member = table.seats[seat].user_id
    assert member is not None
    version, state = table.version, table.game.to_dict()
    advice = await service.driver.hint(tid, version, member)
    expected = advise(table.game, seat, computer_player(game, table.row.seed * 16 + seat + 1, "search"))
    assert advice == expected and table.game.is_legal(seat, advice.action)
    assert table.version == version and table.game.to_dict() == state  # a hint changes nothing


async def _texas(service: TableService) -> int:
    tid = await lobby(service, "texas42", BOB)
    for _ in range(2):
        await service.lobbies.add_computer(tid, ALICE)
    await service.lobbies.start_game(tid, service.store.get(tid).version, ALICE)
    return tid


async def test_hints_are_refused_to_spectators_out_of_turn_on_an_earlier_turn_and_when_off(
        service: TableService) -> None:
    tid = await started(service, "muggins")
    table = service.store.get(tid)
    assert table.game is not None
    seat = table.game.to_act[0]
    mover, waiting = (ALICE, BOB) if table.seats[seat].user_id == ALICE else (BOB, ALICE)
    with pytest.raises(NotAllowed, match="Only the players"):
        await service.driver.hint(tid, table.version, CAROL)
    with pytest.raises(NotAllowed, match="your turn"):
        await service.driver.hint(tid, table.version, waiting)
    drawn = table.version
    action = table.game.legal_actions(seat)[0]
    await service.play.act(tid, drawn, mover, str(action))
    while table.game.to_act and table.seats[table.game.to_act[0]].user_id != mover:
        other = table.game.to_act[0]
        await service.play.act(tid, table.version, table.seats[other].user_id or 0,
                               str(table.game.legal_actions(other)[0]))
    if table.status == "playing":
        with pytest.raises(StaleClick, match="earlier turn"):
            await service.driver.hint(tid, drawn, mover)
    await service.settings.set_hints(1, False)
    current = table.game.to_act[0]
    with pytest.raises(NotAllowed, match="turned off"):
        await service.driver.hint(tid, table.version, table.seats[current].user_id or 0)
    assert not await service.settings.hints_on(1) and await service.settings.hints_on(2)
