"""A service's listeners (bot/listeners.py): a listener that fails is logged and the ones after it are still told."""

from __future__ import annotations

import logging

import pytest

from bot.listeners import Listeners


def test_a_failing_listener_is_logged_and_the_others_are_still_told(caplog: pytest.LogCaptureFixture) -> None:
    heard: list[tuple[str, int]] = []

    def broken(update: int) -> None:
        raise RuntimeError("boom")

    listeners: Listeners[int] = Listeners()
    listeners.add(lambda update: heard.append(("first", update)))
    listeners.add(broken)
    listeners.add(lambda update: heard.append(("last", update)))
    with caplog.at_level(logging.ERROR, logger="domino_hall"):
        listeners.tell(7, "table 3 (moved)")
    assert heard == [("first", 7), ("last", 7)]
    assert [r.getMessage() for r in caplog.records] == ["table 3 (moved): a listener failed"]
    assert caplog.records[0].exc_info is not None


def test_a_listener_added_while_telling_hears_the_next_update_only() -> None:
    heard: list[int] = []
    listeners: Listeners[int] = Listeners()
    listeners.add(lambda update: listeners.add(heard.append) if update == 1 else None)
    listeners.tell(1, "first")
    listeners.tell(2, "second")
    assert heard == [2]
