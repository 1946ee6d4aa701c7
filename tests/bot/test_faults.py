"""Faults a member can meet (issue 25): the database away during a slash command, and a forged id in a control.

With the database unreachable (as the PostgreSQL layer reports a restart: StorageUnavailable), /play, /leaderboard
and /history answer "try again" privately and log one line, no traceback. A Download button whose custom id names a
table past 64 bits gets the same answer as any unknown table, not an OverflowError and silence.
"""

from __future__ import annotations

import logging
from typing import Any

import pytest

from bot.storage import StorageUnavailable
from tests.bot.test_i18n import member_locale  # noqa: F401 - a fixture this module uses
from tests.bot.test_previous_ids import old_message

FORGED = "9" * 23  # a table id past what a 64-bit column holds


def database_away(bot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every statement of the bot's database fails as a lost PostgreSQL connection does."""

    async def away(*args: object, **kwargs: object) -> Any:
        raise StorageUnavailable() from ConnectionRefusedError(111, "Connect call failed")

    def transaction() -> Any:
        raise StorageUnavailable() from ConnectionRefusedError(111, "Connect call failed")

    for name in ("fetchall", "fetchone", "write"):
        monkeypatch.setattr(bot.storage.db, name, away)
    monkeypatch.setattr(bot.storage.db, "transaction", transaction)


@pytest.mark.parametrize("command, options", [("play", {"game": "block"}), ("leaderboard", {}), ("history", {}),
                                              ("leaderboard", {"game": "block"}), ("stats", {})])
async def test_a_slash_command_with_the_database_away_says_try_again(simcord_env, monkeypatch, caplog,
                                                                     command: str, options: dict[str, str]) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    await alice.slash(channel, "games")  # the bot is up
    database_away(simcord_env.bot, monkeypatch)
    caplog.clear()
    with caplog.at_level(logging.INFO):
        result = await alice.slash(channel, command, **options)
    assert result.ephemeral and "Try again in a moment" in result.response.content, result.response.content
    assert "Something went wrong" not in result.response.content
    problems = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(problems) == 1 and problems[0].exc_info is None, [r.getMessage() for r in problems]
    assert f"/{command} by user {alice.id}: the database is not reachable" in problems[0].getMessage()
    handled = simcord_env.errors  # what the tree's error handler was given (simcord records it): the database's
    assert [type(getattr(e, "original", e)) for e in handled] == [StorageUnavailable]


async def test_a_forged_download_id_is_an_unknown_table(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    await alice.slash(channel, "games")
    forged = await old_message(simcord_env, channel, [(f"dhrd:{FORGED}", []), (f"dhr:{FORGED}:{FORGED}:last", [])])
    for custom_id in (f"dhrd:{FORGED}", f"dhr:{FORGED}:{FORGED}:last"):
        refused = (await alice.click(forged, custom_id=custom_id)).response
        assert refused.ephemeral and f"no table #{FORGED}" in refused.content, refused.content


@pytest.mark.parametrize("locale, words", [("es-ES", "Vuelve a intentarlo en un momento"),
                                           ("pt-BR", "Tente de novo daqui a pouco")])
async def test_the_database_away_is_said_in_the_members_language(simcord_env, monkeypatch, member_locale,  # noqa: F811
                                                                 locale: str, words: str) -> None:
    """Issue 29: the "try again" a member reads is words as data (StorageUnavailable.phrase), said in their
    language like every refusal, never the English of the exception."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    await alice.slash(channel, "games")
    member_locale[alice.id] = locale
    database_away(simcord_env.bot, monkeypatch)
    result = await alice.slash(channel, "play", game="block")
    assert result.ephemeral and words in result.response.content, result.response.content
    assert "Try again" not in result.response.content
    assert [type(getattr(e, "original", e)) for e in simcord_env.errors] == [StorageUnavailable]  # handled
