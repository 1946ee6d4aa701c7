"""Names shown in messages (issue 13): markdown is shown as typed, bidi and zero-width controls are stripped, and a
name never closes the leaderboard's code block."""

from __future__ import annotations

import pytest

from bot.names import clean_name, in_code_block, in_text
from bot.storage import Seat, Standing
from cogs.stats import standings_table


def test_bidi_zero_width_and_control_characters_are_stripped() -> None:
    assert clean_name("\u202eevil\u200b\u200d  na\tme\n") == "evil na me"
    assert clean_name("\u2066\u2069") == "player"
    assert len(clean_name("x" * 100)) == 32
    assert Seat("\u202ealice\u200b", 1).name == "alice"  # a seat keeps the clean name, stored or new


@pytest.mark.parametrize("name", ["**bold**", "__u__", "~~s~~", "||spoiler||", "> quote", "# title", "[x](http://e)",
                                  "<@123>", "@everyone", "`code`"])
def test_markdown_and_mentions_in_a_name_are_escaped(name: str) -> None:
    shown = in_text(name)
    unescaped = shown.replace("\\\\", "").replace("\\", "\x00")
    specials = set("*_~|>#[]()<@`")
    # every special character of the name is preceded by a backslash
    for index, ch in enumerate(unescaped):
        if ch in specials:
            assert index > 0 and unescaped[index - 1] == "\x00", (name, shown)


def test_a_code_fence_in_a_name_cannot_close_the_leaderboard_block() -> None:
    evil = "```\n[click](http://evil.example)"
    rows = [Standing(user_id=1, name=evil, game="block", games=3, wins=2, best=10)]
    text = standings_table(rows, "player")
    assert text.count("```") == 2 and text.startswith("```") and text.rstrip().endswith("```")
    assert "`" not in in_code_block(evil)
