"""Play seeded random matches of every game and print one digest of everything they did.

Run once with the compiled engine and once with ``DOMINO_HALL_PURE=1``: the two builds must print the same digest
(``tests/engine/test_build.py``). The digest covers every action, every event's words and data, every score, and
each seat's view after every action.

    python tests/engine/build_parity.py [matches per game]
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import engine
from engine import catalogue, new_game

QUICK = ("target", "stack")


def digest(matches: int) -> str:
    sha = hashlib.sha256()
    for key, spec in catalogue().items():
        options = {o.name: min(o.choices) for o in spec.options
                   if o.name in QUICK and all(isinstance(c, int) for c in o.choices)}
        for seed in range(matches):
            seats = spec.seats[seed % len(spec.seats)]
            game = new_game(key, seats, seed, options)
            rng = random.Random(seed)
            steps = 0
            while not game.is_over and steps < 3000:
                seat = rng.choice(game.to_act)
                legal = game.legal_actions(seat)
                events = game.apply(seat, rng.choice(legal))
                record = [key, seed, seat, [str(a) for a in legal], game.score,
                          [e.to_json() for e in events],
                          game.view(steps % seats)]
                sha.update(json.dumps(record, sort_keys=True, default=str).encode())
                steps += 1
            sha.update(json.dumps([game.to_dict(), game.winner, game.is_over]).encode())
    return sha.hexdigest()


if __name__ == "__main__":
    print(engine.NATIVE, digest(int(sys.argv[1]) if len(sys.argv) > 1 else 2))
