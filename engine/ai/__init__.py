"""Computer players. Every player sees only what its seat may know: ``game.view(seat)`` and
``game.legal_actions(seat)`` (and may try a legal action on ``game.clone()`` to see its public effect).

``computer_player(key, seed)`` gives the best player this package has for a game: the game's own heuristic when
``engine/ai/<key>.py`` defines ``PLAYER``, else the family heuristic (``line`` games), else the random player.
"""

from __future__ import annotations

from engine.ai.base import HeuristicPlayer, Player, RandomPlayer, SeededPlayer, own_player

__all__ = ["LEVELS", "HeuristicPlayer", "Player", "RandomPlayer", "SeededPlayer", "computer_player", "own_player"]

#: The strengths a person chooses (Easy, Normal, Strong, as the bot names them) and the ``level`` of
#: :func:`computer_player` each one is.
LEVELS = {"easy": "random", "normal": "best", "strong": "search"}


def computer_player(key: str, seed: int = 0, level: str = "best") -> Player:
    """A computer player for game ``key``: ``level`` is ``best`` (the game's own heuristic), ``random``, or
    ``search`` (the determinized Monte Carlo player of :mod:`engine.ai.search`, which searches layout and trick
    games and Domino Poker's bets, and plays the others with their own heuristic)."""
    if level == "search":
        from engine.ai.search import STRONG_SAMPLES, STRONG_SECONDS, SearchPlayer

        return SearchPlayer(seed, samples=STRONG_SAMPLES, max_seconds=STRONG_SECONDS)
    return own_player(key, seed, level)
