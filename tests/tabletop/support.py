"""What the terminal table's tests share."""

from __future__ import annotations

import re

#: What a Python dict, list, tuple or constant looks like when printed (a tile drawn as [6|4] is none of them).
REPRS = re.compile(r"\{'|\['|\[\[|\[\d+, |\{\}|\[\]|\(\d+, \d+\)|': |\bNone\b|\bTrue\b|\bFalse\b")


def plain(text: str) -> None:
    """No Python reprs, and no seat counted from 0."""
    found = REPRS.search(text)
    assert found is None, text[max(0, found.start() - 200):found.end() + 200]
    assert "Seat 0" not in text and "seat 0" not in text
