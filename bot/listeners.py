"""The listeners of a service (the table store, tournaments, their schedule): told of each update in the order they
were added, a failing listener logged and the others still told."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Generic, TypeVar

log = logging.getLogger("domino_hall")
Update = TypeVar("Update")


class Listeners(Generic[Update]):
    """Callables told of every ``Update``; each must not block (it schedules work instead)."""

    def __init__(self) -> None:
        self._listeners: list[Callable[[Update], None]] = []

    def add(self, listener: Callable[[Update], None]) -> None:
        """Tell ``listener`` of every update from now on."""
        self._listeners.append(listener)

    def tell(self, update: Update, about: str) -> None:
        """Tell every listener of ``update``; ``about`` names it in the log when a listener fails."""
        for listener in list(self._listeners):
            try:
                listener(update)
            except Exception:
                log.exception("%s: a listener failed", about)
