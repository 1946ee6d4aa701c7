"""Work kept off the event loop, in small dedicated thread pools.

Drawing images and computer players' thinking are Python code that holds the GIL; with many such threads the
event loop would wait its turn behind all of them, and every acknowledgement would be late. One thread for images
and one for computer players keep the event loop's share of the GIL (and so click latency) steady under load.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import ParamSpec, TypeVar

from bot import metrics

P = ParamSpec("P")
R = TypeVar("R")

_pools: dict[str, Executor] = {}
SIZES = {"render": 1, "computer": 1}
PROCESSES = {"render": 0}


def configure(render_threads: int = 1, computer_threads: int = 1, render_processes: int = 0) -> None:
    """Set the pool sizes (before first use). ``render_processes`` > 0 draws images in that many worker processes
    instead of a thread: on a machine with a spare core, drawing then no longer competes with the event loop for
    the GIL."""
    SIZES.update(render=max(1, render_threads), computer=max(1, computer_threads))
    PROCESSES.update(render=max(0, render_processes))


def _pool(name: str) -> Executor:
    pool = _pools.get(name)
    if pool is None:
        if PROCESSES.get(name):
            pool = ProcessPoolExecutor(max_workers=PROCESSES[name], mp_context=multiprocessing.get_context("spawn"),
                                       initializer=_exit_with_parent, initargs=(os.getpid(),))
        else:
            pool = ThreadPoolExecutor(max_workers=SIZES[name], thread_name_prefix=f"domino-{name}")
        _pools[name] = pool
    return pool


def _exit_with_parent(parent: int) -> None:
    """In a worker process: leave as soon as the bot process is gone (even if it was killed outright)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="domino-parent-watch", daemon=True).start()


def shutdown() -> None:
    """Stop every pool (worker processes included)."""
    for pool in _pools.values():
        pool.shutdown(wait=False, cancel_futures=True)
    _pools.clear()


async def run_in(name: str, func: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """Run ``func`` in the ``render`` or ``computer`` pool, like :func:`asyncio.to_thread` (context copied)."""
    loop = asyncio.get_running_loop()
    pool = _pool(name)
    if isinstance(pool, ProcessPoolExecutor):
        call = functools.partial(func, *args, **kwargs)
    else:
        call = functools.partial(contextvars.copy_context().run, func, *args, **kwargs)
    with metrics.timed(metrics.PICTURE) if name == "render" else contextlib.nullcontext():
        return await loop.run_in_executor(pool, call)
