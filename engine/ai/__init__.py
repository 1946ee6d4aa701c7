"""Computer players. Every player sees only what its seat may know: ``game.view(seat)`` and
``game.legal_actions(seat)`` (and may try a legal action on ``game.clone()`` to see its public effect).

``computer_player(key, seed)`` gives the best player this package has for a game: the game's own heuristic when
``engine/ai/<key>.py`` defines ``PLAYER``, else the family heuristic (``line`` games), else the random player.
"""

from __future__ import annotations

from engine.ai import search
from engine.ai.players import HeuristicPlayer, Player, RandomPlayer, SeededPlayer, own_player

#: The strengths a person chooses (Easy, Normal, Strong, as the bot and the terminal table name them) and the
#: ``level`` of :func:`computer_player` each one is.
LEVELS = {"easy": "random", "normal": "best", "strong": "search"}


def computer_player(key: str, seed: int = 0, level: str = "best") -> Player:
    """A computer player for game ``key``: ``level`` is ``best`` (the game's own heuristic), ``random``, or
    ``search`` (the determinized Monte Carlo player of :mod:`engine.ai.search`, which searches layout and trick
    games and Domino Poker's bets, and plays the others with their own heuristic)."""
    if level == "search":
        # (read from the module when called: tests and benchmarks set the Strong budget there)
        return search.SearchPlayer(seed, samples=search.STRONG_SAMPLES, max_seconds=search.STRONG_SECONDS,
                                   endgame=search.STRONG_ENDGAME, skip_doubles=search.STRONG_SKIP_DOUBLES)
    return own_player(key, seed, level)


__all__ = ["LEVELS", "HeuristicPlayer", "Player", "RandomPlayer", "SeededPlayer", "computer_player"]
