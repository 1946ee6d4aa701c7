"""Members' names as the bot keeps and shows them: control characters out, markdown shown rather than applied.

A display name is the member's own text. Kept as it is, a right-to-left override turns the rest of a line around, a
zero-width character makes two names look the same, a ``*`` or ``|`` formats the table message, and a code fence
closes the leaderboard's code block. Names are cleaned once when a seat is made (:func:`clean_name`) and escaped
for the place they are shown in (:func:`in_text`, :func:`in_code_block`).
"""

from __future__ import annotations

import re
import unicodedata

MAX_NAME = 32
_MARKDOWN = re.compile(r"([\\*_~`|>#\[\]()<:@-])")


def clean_name(raw: object) -> str:
    """``raw`` without control, format (bidi, zero-width) or private-use characters, spaces collapsed, at most
    :data:`MAX_NAME` characters; ``player`` when nothing is left.

    >>> clean_name("\\u202eevil\\u200b  name\\n")
    'evil name'
    """
    text = "".join(" " if ch.isspace() else ch for ch in str(raw)
                   if ch.isspace() or unicodedata.category(ch) not in ("Cc", "Cf", "Co", "Cs"))
    text = " ".join(text.split())[:MAX_NAME].strip()
    return text or "player"


def in_text(name: str) -> str:
    """A name inside message text: markdown and mention syntax escaped, so it shows as typed.

    >>> in_text("**bob** <@1>")
    '\\\\*\\\\*bob\\\\*\\\\* \\\\<\\\\@1\\\\>'
    """
    return _MARKDOWN.sub(r"\\\1", clean_name(name))


def in_code_block(name: str) -> str:
    """A name inside a code block, where escapes do not work: a backtick (which could close the block) becomes a
    look-alike accent."""
    return clean_name(name).replace("`", "\u02cb")
