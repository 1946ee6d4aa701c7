"""The command line (issue 27): ``--version``, and a start without discord.py's voice notices."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import discord
import pytest
from discord.voice_client import VoiceClient

from bot.__main__ import _NoVoiceNotice, quiet_voice_notices, version

ROOT = Path(__file__).resolve().parents[2]


def test_version_prints_the_installed_version_without_settings(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-m", "bot", "--version"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0 and done.stdout == f"domino-hall {metadata.version('domino-hall')}\n"
    assert version() == metadata.version("domino-hall") and version()[0].isdigit()


def test_the_voice_notices_are_silenced_and_nothing_else(monkeypatch: pytest.MonkeyPatch,
                                                          caplog: pytest.LogCaptureFixture) -> None:
    """discord.py warns at every start that PyNaCl and davey are missing; the bot never uses voice, so they are
    dropped, while any other warning of the same logger still gets through."""
    monkeypatch.setattr(VoiceClient, "warn_nacl", True)  # as on a fresh start of a process without them
    monkeypatch.setattr(VoiceClient, "warn_dave", True)
    client_log = logging.getLogger("discord.client")
    # as before any start in this process (undone after the test)
    monkeypatch.setattr(client_log, "filters", [f for f in client_log.filters if not isinstance(f, _NoVoiceNotice)])
    with caplog.at_level(logging.WARNING, logger="discord"):
        discord.Client(intents=discord.Intents(guilds=True))
    assert any("voice will NOT be supported" in r.getMessage() for r in caplog.records), "the check sees them"
    caplog.clear()
    monkeypatch.setattr(VoiceClient, "warn_nacl", True)
    monkeypatch.setattr(VoiceClient, "warn_dave", True)
    quiet_voice_notices()
    quiet_voice_notices()  # twice is once
    with caplog.at_level(logging.WARNING, logger="discord"):
        discord.Client(intents=discord.Intents(guilds=True))
        client_log.warning("something else is wrong")
    assert [r.getMessage() for r in caplog.records] == ["something else is wrong"]
    assert sum(isinstance(f, _NoVoiceNotice) for f in client_log.filters) == 1
