"""Work kept off the event loop, in small dedicated thread pools.

Drawing images and computer players' thinking are Python code that holds the GIL; with many such threads the
event loop would wait its turn behind all of them, and every acknowledgement would be late. One thread for images
and one for computer players keep the event loop's share of the GIL (and so click latency) steady under load.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

_pools: dict[str, ThreadPoolExecutor] = {}
SIZES = {"render": 1, "computer": 1}


def configure(render_threads: int = 1, computer_threads: int = 1) -> None:
    """Set the pool sizes (before first use)."""
    SIZES.update(render=max(1, render_threads), computer=max(1, computer_threads))


def _pool(name: str) -> ThreadPoolExecutor:
    pool = _pools.get(name)
    if pool is None:
        pool = _pools[name] = ThreadPoolExecutor(max_workers=SIZES[name], thread_name_prefix=f"domino-{name}")
    return pool


async def run_in(name: str, func: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """Run ``func`` in the ``render`` or ``computer`` pool, like :func:`asyncio.to_thread` (context copied)."""
    loop = asyncio.get_running_loop()
    call = functools.partial(contextvars.copy_context().run, func, *args, **kwargs)
    return await loop.run_in_executor(_pool(name), call)
