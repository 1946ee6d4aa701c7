"""How the bot process starts talking to Discord and how it stops: a stop asked for by a signal, a login that
Discord never answers, and the close that releases every thread and worker process.

A requested stop (SIGTERM from ``docker stop``, Ctrl-C) closes the Discord connection for at most
:data:`CLOSE_SECONDS`, then the database and the worker pools, and exits 0. Each part is closed once, even when
the close is asked for twice or its waiting is cancelled: an SQLite connection left half-closed keeps its worker
thread, and with it the whole process, alive. If anything still hangs :data:`EXIT_SECONDS` after the signal, the
process leaves anyway (every acknowledged move is committed before it is acknowledged, so nothing is lost).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import threading
import time
from typing import Protocol

from bot.settings import Settings, StartError

log = logging.getLogger("domino_hall")

#: How long the Discord side of a stop (the gateway's goodbye, the HTTP session) may take.
CLOSE_SECONDS = 3.0
#: How long the database may take to close after that (its last writes are already committed or refused).
RELEASE_SECONDS = 1.0
#: The promise: the process is gone this long after the signal, whatever hangs.
EXIT_SECONDS = 4.7
#: Seconds between "still waiting for Discord" lines while logging in (the first comes after the first interval).
NOTICE_SECONDS = 5.0


class Closable(Protocol):
    """What :func:`shut_down` needs of the bot."""

    async def close(self) -> None: ...

    async def release(self) -> None: ...


class StopRequest:
    """SIGTERM and SIGINT, caught on the event loop: the first asks for a clean stop (:attr:`asked` is set) and arms
    the last-resort exit :data:`EXIT_SECONDS` later."""

    def __init__(self) -> None:
        self.asked = asyncio.Event()
        self.signal_name = ""
        self.at = 0.0

    def install(self) -> None:
        """Catch the two signals on the running loop (where the platform allows it)."""
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, self.request, sig)

    def request(self, sig: signal.Signals) -> None:
        """The handler: a clean stop the first time; later signals only say it is under way."""
        if self.asked.is_set():
            log.info("%s: already stopping", sig.name)
            return
        self.signal_name, self.at = sig.name, time.monotonic()
        log.info("%s: stopping", sig.name)
        self.asked.set()
        guard = threading.Timer(EXIT_SECONDS, _exit_now, args=(sig.name,))
        guard.daemon = True  # never what keeps the process alive
        guard.start()


def _exit_now(signal_name: str) -> None:
    """The last resort, in a timer thread: the clean stop hangs, so the process leaves at once."""
    hanging = sorted(t.name for t in threading.enumerate() if not t.daemon and t is not threading.main_thread())
    log.warning("stopped: %s did not finish within %g s (still running: %s); exiting now", signal_name,
                EXIT_SECONDS, ", ".join(hanging) or "the main thread")
    logging.shutdown()
    os._exit(0)


async def shut_down(bot: Closable, session: asyncio.Task[None]) -> None:
    """Close the bot: the session task first (a login under way stops there, instead of failing on the connection
    closed under it), then Discord for at most :data:`CLOSE_SECONDS`, then what the process holds (the database
    for at most :data:`RELEASE_SECONDS`, the worker pools). Never raises."""
    session.cancel()
    await asyncio.gather(session, return_exceptions=True)
    if not await _within(asyncio.ensure_future(bot.close()), CLOSE_SECONDS):
        log.warning("Discord did not close within %g s; stopping without its goodbye", CLOSE_SECONDS)
    if not await _within(asyncio.ensure_future(bot.release()), RELEASE_SECONDS):
        log.warning("the database did not close within %g s", RELEASE_SECONDS)


async def _within(task: asyncio.Future[None], seconds: float) -> bool:
    """Wait for ``task`` at most ``seconds``; cancel it if it is not done by then. True if it ended on its own
    (an error it ended with is logged, not raised)."""
    done, _ = await asyncio.wait({task}, timeout=seconds)
    if not done:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        return False
    if not task.cancelled() and task.exception() is not None:
        log.warning("while stopping: %s", task.exception())
    return True


class Answered(Protocol):
    """What :func:`watch_login` needs of the bot: whether Discord has answered (READY) and how far it got."""

    answered: asyncio.Event

    def login_stage(self) -> str: ...


async def watch_login(bot: Answered, settings: Settings) -> None:
    """Until Discord answers: a log line every :data:`NOTICE_SECONDS` saying what the bot waits for, and after
    ``settings.connect_timeout`` seconds (0: never) a :class:`StartError` that ends the process with one line."""
    started = time.monotonic()
    limit = settings.connect_timeout or float("inf")
    notice = NOTICE_SECONDS
    while not bot.answered.is_set():
        waited = time.monotonic() - started
        if waited >= limit:
            raise StartError(f"gave up after {limit:g} s {bot.login_stage()}: check the network (and "
                             "DISCORD_GATEWAY_URL or DISCORD_API_BASE if set); DISCORD_CONNECT_TIMEOUT sets how long "
                             "to wait")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(bot.answered.wait(), min(notice, limit) - waited)
        if not bot.answered.is_set() and time.monotonic() - started >= notice:
            log.warning("still %s (%.0f s so far)", bot.login_stage(), time.monotonic() - started)
            notice += NOTICE_SECONDS

