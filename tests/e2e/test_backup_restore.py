"""A backup of the running bot, restored (issue 27): ``python -m bot backup FILE`` while the bot plays a table on
SQLite; the bot is killed; the copy is put where a new process's DATABASE_URL points, and that process reloads the
table as it was at the backup and plays on. The bot also logs its own invite link at start."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import sys
from pathlib import Path

from bot.invite import invite_url
from tests.e2e.conftest import WIRE_TEST, BotProcess, running
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.table_play import ALICE, Player, open_table, shows_the_saved_table

pytestmark = WIRE_TEST
HOUSE_RULES = (("target", "50"), ("set", "6"))  # Block to 50 on double-six: a few deals, the match goes on


async def backup_while_running(bot: BotProcess, target: Path) -> str:
    """``python -m bot backup target`` with the bot's own settings, as an operator runs it beside the bot."""
    done = await asyncio.to_thread(subprocess.run, [sys.executable, "-m", "bot", "backup", str(target)],
                                   cwd=bot.workdir, env=bot.environment(), capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


async def test_a_backup_of_the_running_bot_restores_its_table(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, backup = fake_discord, tmp_path / "hall-backup.db"
    fake.user(ALICE, "alice")
    live = BotProcess(fake, tmp_path / "live", name="live")
    async with running(live):
        await live.start_and_connect()
        assert f"invite link: {invite_url(fake.APP_ID)}" in live.log_text()
        tid, table = await open_table(fake, live.db, HOUSE_RULES)
        alice = await Player.seated(fake, live, tid, table)
        await alice.play(1)
        before = await live.db.saved_actions(tid)
        said = await backup_while_running(live, backup)
        assert live.running and f"to {backup}: 1 tables" in said, said
        live.kill()
        at_kill = await live.db.saved_actions(tid)
        assert not live.errors(), "\n".join(live.errors())

    restored = BotProcess(fake, tmp_path / "restored", name="restored")
    shutil.copyfile(backup, restored.workdir / "hall.db")  # the restore: the copy where DATABASE_URL points
    async with running(restored):
        in_backup = await restored.db.saved_actions(tid)
        assert in_backup[:len(before)] == before and at_kill[:len(in_backup)] == in_backup
        await restored.start_and_connect()
        log = await fake.wait_for(lambda: "table service started" in restored.log_text() and restored.log_text(),
                                  10, "the restored bot's tables")
        assert "table service started: 1 open tables reloaded" in log, log
        await shows_the_saved_table(fake, restored.db, tid, table)
        alice = await Player.seated(fake, restored, tid, table)
        await alice.play(1)  # the game goes on from the restored state
        assert len(await restored.db.saved_actions(tid)) > len(in_backup)
        assert not restored.errors(), "\n".join(restored.errors())
