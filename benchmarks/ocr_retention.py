"""How many of the words a picture draws can be read back by OCR once Discord shrinks it to a phone's 400 px.

Every game at every seat count it allows is played at random (seeded, as ``tests/render/test_phone.py`` does) and
drawn at its start, a few moves in, mid-match, the end of its first hand and the end of the match: the table and the
hand of the seat to act, and the score table where the bot shows one (at the end of the first hand and of the match;
``--every-scores``: at every moment); the recap of the first and of the last hand, and the final standings. Each
drawing records the texts it writes (``render.canvas.recording``); the picture is scaled to 400 px wide (Lanczos,
as a phone shows it), read by tesseract (``--psm 11``: sparse text, the pictures being labels scattered over a
table; one page segmentation mode for every picture), and each drawn word counts as kept when the OCR output has
it (case and accents aside; each word of the OCR output matches one drawn word at most).

Run: nice -n 10 .venv/bin/python benchmarks/ocr_retention.py [--language es] [--games draw,bingo] [--worst 15]

Needs the ``tesseract`` program with its English data (Spanish and Portuguese pictures are read with it too:
accents are set aside in the comparison, so the English data reads their words fairly).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image

from engine import catalogue, new_game
from engine.game import Game
from render.canvas import recording
from render.drawing import table_image
from render.hand import hand_image
from render.language import speaking
from render.recap import ends_a_hand, hand_recap, hands_won, recap_image, standings_image, tie_breaks
from render.scores import scores_image
from render.theme import PHONE
from render.words import Narrator
from tests.render.views import NAMES, playable, quick_options

WORKERS = 2  # tesseract processes at once: the machine is shared
MOMENTS = (0, 4, 25, 120)  # moves into the match at which the table, scores and hand are drawn
MAX_MOVES = 30_000


@dataclass(frozen=True)
class Picture:
    """One drawn picture: its game, seat count, kind (table, scores, hand, recap, standings), moment, the image
    and the words it wrote."""

    game: str
    seats: int
    kind: str
    moment: str
    image: Image.Image
    words: tuple[str, ...]


def words_of(text: str) -> list[str]:
    """The words of ``text`` as they are compared: letters and digits, lower case, accents set aside."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return re.findall(r"\w+", plain.lower())


def drawn(kind: str, moment: str, game: Game, draw: Callable[[], Image.Image]) -> Picture:
    """Draw a picture while recording its texts."""
    with recording() as record:
        image = draw()
    words = tuple(w for text in record.texts for w in words_of(text.text))
    return Picture(game.key, game.view(None)["seats"], kind, moment, image, words)


def views(game: Game, moment: str, names: Sequence[str], scores: bool) -> Iterator[Picture]:
    """The table, the hand of the seat to act and (with ``scores``) the score table, at one moment."""
    seat = game.to_act[0] if game.to_act else 0
    own = game.view(seat)
    own["playable"] = playable(game, seat)
    spectator = game.view(None)
    yield drawn("table", moment, game, lambda: table_image(spectator, names))
    if scores:
        yield drawn("scores", moment, game, lambda: scores_image(spectator, names))
    yield drawn("hand", moment, game, lambda: hand_image(own, names))


def pictures(key: str, seats: int, names: Sequence[str], language: str | None,
             every_scores: bool = False) -> Iterator[Picture]:
    """Every picture of one seeded random match of ``key`` at ``seats`` seats: the score table where the bot shows
    it, when a hand has ended (at every moment with ``every_scores``, as tests/render/test_phone.py draws it)."""
    game = new_game(key, seats, seats, quick_options(key))
    rng = random.Random(seats)
    narrator = Narrator(key, names, game.sides, game.options, language=language)
    recaps: list[int] = []
    step = 0
    first_hand_over = False
    while True:
        if step in MOMENTS or game.is_over or first_hand_over:
            scores = every_scores or game.is_over or first_hand_over
            yield from views(game, "end" if game.is_over else f"move {step}", names, scores)
        if game.is_over or step >= MAX_MOVES:
            break
        before = len(game.log)
        seat = rng.choice(game.to_act)
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        ended = [i for i in range(before, len(game.log)) if ends_a_hand(game.log[i])]
        first_hand_over = bool(ended) and not recaps
        recaps += ended
        step += 1
    for name, end in {"first recap": recaps[0], "last recap": recaps[-1]}.items() if recaps else ():
        recap = hand_recap(key, game.sides, game.log, end)
        words = narrator.recap(recap, tally=False)
        yield drawn("recap", name, game, partial(recap_image, recap, names, words, narrator.marks()))
    outcome = game.outcome
    if outcome is not None:
        words = narrator.standings(outcome)
        yield drawn("standings", "end", game, lambda: standings_image(
            key, game.sides, outcome, names, words, hands_won(game.log, len(game.sides)),
            tie_breaks(key, game.log, game.sides)))


def read(image: Image.Image, folder: str, index: int, psm: int = 11) -> list[str]:
    """The words tesseract reads in ``image`` scaled to a phone's width (page segmentation mode ``psm``)."""
    small = image.convert("RGB").resize((PHONE, max(1, round(image.height * PHONE / image.width))),
                                        Image.Resampling.LANCZOS)
    path = os.path.join(folder, f"{index}.png")
    small.save(path)
    done = subprocess.run(["nice", "-n", "10", "tesseract", path, "-", "--psm", str(psm), "-l", "eng"],
                          capture_output=True, text=True, check=True,
                          env={**os.environ, "OMP_THREAD_LIMIT": "1"})
    return words_of(done.stdout)


def kept(wanted: Sequence[str], found: Sequence[str]) -> int:
    """How many of the ``wanted`` words are in ``found`` (each found word matching one wanted word at most)."""
    have = Counter(found)
    count = 0
    for word in wanted:
        if have[word]:
            have[word] -= 1
            count += 1
    return count


def share(pairs: Sequence[tuple[int, int]]) -> str:
    kept_words, total = sum(p[0] for p in pairs), sum(p[1] for p in pairs)
    return f"{100 * kept_words / total:5.1f}% ({kept_words}/{total})" if total else "    -"


def main() -> None:
    """Draw, read and print the shares kept per game, per kind, overall, and the worst pictures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--language", default=None, help="a translated language (es, pt_BR); English by default")
    parser.add_argument("--games", default="", help="comma-separated game keys (all by default)")
    parser.add_argument("--seats", default="", help="comma-separated seat counts (all by default)")
    parser.add_argument("--psm", type=int, default=11, help="tesseract's page segmentation mode (11: sparse text)")
    parser.add_argument("--every-scores", action="store_true",
                        help="draw the score table at every moment, not only when a hand has ended")
    parser.add_argument("--worst", type=int, default=15, help="how many of the worst pictures to list")
    parser.add_argument("--save", default="", help="a folder to save every 400 px picture in, by score")
    args = parser.parse_args()
    keys = [k for k in catalogue() if not args.games or k in args.games.split(",")]
    start = time.perf_counter()
    with speaking(args.language):
        found = [p for key in keys for seats in catalogue()[key].seats
                 if not args.seats or str(seats) in args.seats.split(",") or len(catalogue()[key].seats) == 1
                 for p in pictures(key, seats, NAMES[:seats], args.language, args.every_scores) if p.words]
    drawn_s = time.perf_counter() - start
    with tempfile.TemporaryDirectory() as folder, ThreadPoolExecutor(WORKERS) as pool:
        read_words = list(pool.map(lambda ip: read(ip[1].image, folder, ip[0], args.psm), enumerate(found)))
    results = [(p, kept(p.words, r), len(p.words), r) for p, r in zip(found, read_words, strict=True)]
    report(results, args.worst)
    if args.save:
        save(results, args.save)
    print(f"\n{len(found)} pictures, drawn in {drawn_s:.0f} s, read in {time.perf_counter() - start - drawn_s:.0f} s"
          f" ({WORKERS} tesseract processes); load {os.getloadavg()[0]:.1f}")


Result = tuple[Picture, int, int, list[str]]


def longer(words: Sequence[str]) -> list[str]:
    """The words of two characters or more (tesseract's sparse mode mostly drops a lone digit, such as a 0 in a
    score column, however large it is drawn: this share shows what is read apart from them)."""
    return [w for w in words if len(w) > 1]


def report(results: Sequence[Result], worst: int) -> None:
    """Print the shares per game and per kind, overall, and the ``worst`` pictures with the words they lost."""
    groups: dict[str, list[Result]] = defaultdict(list)
    for result in results:
        groups[result[0].game].append(result)
    for result in results:
        groups[" " + result[0].kind].append(result)  # kinds after the games
    groups["overall"] = list(results)
    print(f"{'':<16}{'all words kept':>24}{'words of 2+ characters':>28}")
    for name, rows in groups.items():
        every = share([(k, t) for _, k, t, _ in rows])
        long = share([(kept(longer(p.words), r), len(longer(p.words))) for p, _, _, r in rows])
        print(f"{name.strip():<16}{every:>24}{long:>28}")
    print()
    for picture, kept_words, total, read_words in sorted(results, key=lambda r: r[1] / r[2])[:worst]:
        have = Counter(read_words)
        lost = []
        for word in picture.words:
            if have[word]:
                have[word] -= 1
            else:
                lost.append(word)
        print(f"{kept_words:>3}/{total:<3} {picture.game} {picture.seats} seats {picture.kind} ({picture.moment}):"
              f" lost {' '.join(lost[:14])}")


def save(results: Sequence[Result], folder: str) -> None:
    """Save each picture at 400 px wide, named by its share kept (worst first in a listing)."""
    os.makedirs(folder, exist_ok=True)
    for index, (picture, kept_words, total, _) in enumerate(results):
        small = picture.image.convert("RGB").resize(
            (PHONE, max(1, round(picture.image.height * PHONE / picture.image.width))), Image.Resampling.LANCZOS)
        name = f"{100 * kept_words // total:03d}_{picture.game}_{picture.seats}_{picture.kind}_{index}.png"
        small.save(os.path.join(folder, name))


if __name__ == "__main__":
    main()
