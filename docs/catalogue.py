"""Print the games table of README.md from the engine's registry: `python docs/catalogue.py`."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import catalogue
from engine.game import option_text


def seats_text(seats: tuple[int, ...]) -> str:
    """2 to 6, or 4."""
    return str(seats[0]) if len(seats) == 1 else f"{seats[0]}–{seats[-1]}"


def main() -> None:
    print("| game | key | players | tiles | house rules (default) |")
    print("|---|---|---|---|---|")
    for key, spec in catalogue().items():
        rules = ", ".join(f"`{o.name}` ({option_text(o.default)})" for o in spec.options)
        print(f"| {spec.title} | `{key}` | {seats_text(spec.seats)} | {spec.tile_set} | {rules} |")


if __name__ == "__main__":
    main()
