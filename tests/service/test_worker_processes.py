"""Computer players thinking in a worker process (``COMPUTER_PROCESSES``, bot/offload.py): the same moves as in a
thread, the player's own state carried from move to move, and the worker at a lower priority than the bot."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot import offload
from bot.storage import Storage
from bot.tables import TableService
from tests.service.test_tables import ALICE, lobby, until


async def solo_match(path: Path, computer_processes: int) -> list[tuple[int | None, str, str]]:
    """A Draw match of one member (handing the play to the computer at once) and three Normal computers, to the
    end; the saved action log."""
    offload.configure(computer_processes=computer_processes)
    storage = await Storage.open(path)
    service = TableService(storage, computer_pause=0.0, turn_time_limit=0.0)
    await service.start()
    try:
        tid = await lobby(service, "draw")
        for _ in range(3):
            await service.lobbies.add_computer(tid, ALICE)
        await service.lobbies.set_option(tid, ALICE, "target", "50")
        await service.lobbies.set_computer_level(tid, ALICE, "normal")  # Strong thinks on a clock: not repeatable
        table = service.store.get(tid)
        await service.lobbies.start_game(tid, table.version, ALICE)
        await service.play.set_autopilot(tid, ALICE, True)
        await until(lambda: table.status == "finished", timeout=60)
        return [(a.seat, a.actor, a.action) for a in await storage.actions.for_table(tid)]
    finally:
        await service.close()
        await storage.close()
        offload.shutdown()
        offload.configure(computer_processes=0)


async def test_computer_moves_in_a_worker_process_are_the_moves_made_in_a_thread(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.lobby.secrets.randbelow", lambda _: 1234)  # both tables deal the same
    in_thread = await solo_match(tmp_path / "thread.db", 0)
    in_process = await solo_match(tmp_path / "process.db", 1)
    assert len(in_thread) > 20 and {actor for _, actor, _ in in_thread} == {"computer"}
    assert in_process == in_thread


def test_the_player_comes_back_with_its_state_after_choosing() -> None:
    from bot.autoplay import choose_keeping
    from engine import new_game
    from engine.ai import computer_player

    game = new_game("draw", 4, seed=5)
    seat = game.to_act[0]
    player = computer_player("draw", 7, "random")
    twin = computer_player("draw", 7, "random")
    action, after = choose_keeping(twin, game, seat)
    assert action == player.choose(game, seat) and after is twin
    assert after.choose(game, seat) == player.choose(game, seat)  # both generators went on the same way


def test_worker_processes_run_at_a_lower_priority() -> None:
    if not hasattr(os, "nice"):
        pytest.skip("no process priorities on this platform")
    offload.configure(computer_processes=1)
    try:
        pool = offload._pool("computer")
        assert pool.submit(os.nice, 0).result(timeout=60) == os.nice(0) + offload.WORKER_NICENESS
    finally:
        offload.shutdown()
        offload.configure(computer_processes=0)


async def test_a_worker_process_that_dies_is_replaced_and_the_next_move_is_made() -> None:
    """A computer worker killed (kill -9, out of memory) breaks its pool: the call that finds it broken, and every
    later one, runs in a new worker instead of failing for good."""
    import signal

    from engine import new_game
    from engine.ai import computer_player

    offload.configure(computer_processes=1)
    try:
        first = await offload.run_in("computer", os.getpid)
        os.kill(first, signal.SIGKILL)
        game = new_game("draw", 4, seed=5)
        seat = game.to_act[0]
        action = await offload.run_in("computer", computer_player("draw", 1, "normal").choose, game, seat)
        assert game.is_legal(seat, action)
        assert await offload.run_in("computer", os.getpid) not in (first, os.getpid())
    finally:
        offload.shutdown()
        offload.configure(computer_processes=0)
