"""The words made at the edge (render/words.py): a sentence for every event, prompt and outcome of every game, with
the players' names; one words table per concept; no Pillow needed."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from engine import catalogue, new_game
from engine.errors import BadOption
from engine.events import EventKind, PromptKind, ScoreReason
from engine.tiles import Tile
from render import event_words, prompt_words, words
from render.words import Narrator, event_text, log_lines, prompt_line, prompt_text
from tests.engine.test_events import CASES, played
from tests.languages import TRANSLATED

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo", "Kim", "Lu"]


@pytest.mark.parametrize(("key", "seats"), CASES)
def test_every_event_and_prompt_of_random_play_is_a_sentence_with_names(key: str, seats: int) -> None:
    game = played(key, seats, seed=seats + 1, steps=20_000)
    narrator = Narrator.of_game(game, NAMES[:seats])
    for event in game.log:
        said = narrator.event(event)
        assert said and (said[0].isupper() or said[0].isdigit()), (event, said)
        assert said[-1] in ".!?" and "None" not in said and "Seat " not in said, (event, said)
    for seat in [None, *range(seats)]:
        view = game.view(seat)
        lines = log_lines(view, NAMES[:seats])
        assert lines == [narrator.event(entry) for entry in view["log"]]  # a picture says what the bot says
        said = prompt_line(view, NAMES[:seats])
        assert said and said[-1] in ".?" and "Seat " not in said, said
    outcome = game.outcome
    assert outcome is not None and narrator.outcome(outcome)
    if game.round_outcome is not None:
        assert narrator.outcome(game.round_outcome)


def test_every_kind_reason_and_prompt_has_words() -> None:
    assert set(event_words.EVENT_WORDS) == set(EventKind)
    assert set(event_words.SCORE_WORDS) == set(ScoreReason)
    assert set(prompt_words.PROMPT_WORDS) == set(PromptKind)
    assert set(prompt_words.YOUR_PROMPTS) < set(PromptKind)


def test_the_words_players_read_today() -> None:
    """The sentences are the engine's former texts, with names instead of seats."""
    names = ["Ann", "Bo", "Cy", "Di"]
    assert event_text({"kind": "play", "seat": 1, "tile": "6-4", "end": "W"}, names, "draw") == \
        "Bo played 6-4 on the left."
    assert event_text({"kind": "pass", "seat": 0}, names, "tiddle_a_wink") == "Ann says Gee."
    assert event_text({"kind": "play", "seat": 2, "tile": "5-3", "suit": "5"}, names, "texas42") == \
        "Cy led 5-3 (fives)."
    assert event_text({"kind": "bid", "seat": 3, "amount": 84}, names, "texas42", options={"texas_marks": True}) == \
        "Di bid 84 (2 marks)."
    assert event_text({"kind": "score", "side": 1, "points": 2, "reason": "euchred", "seat": 0, "count": 2},
                      names, "euchre", sides=[[0, 2], [1, 3]]) == \
        "Ann & Cy were euchred with 2 tricks: Bo & Di score 2."
    assert event_text({"kind": "accept", "seat": 2, "suit": "4", "seats": [0]}, names, "euchre",
                      sides=[[0, 2], [1, 3]]) == "Cy assisted with fours as trumps."
    assert event_text({"kind": "accept", "seat": 1, "suit": "4", "seats": [0], "alone": True}, names[:2], "euchre",
                      sides=[[0], [1]]) == "Bo accepted fours as trumps, alone."
    assert event_text({"kind": "deal", "count": 91}, names, "bingo") == \
        "91 tiles in a row. Count from 0; a tile matches on either end."
    assert prompt_text({"kind": "bet", "seat": 1, "amount": 3, "count": 17}, names, "poker") == \
        "Bo to call 3 or fold (pot 17)."
    assert prompt_text({"kind": "to_play", "seat": 0, "cross": True}, names, "sebastopol") == \
        "Ann to play. The cross comes first: a six on a free side of the 6-6."


def test_a_missing_or_blank_name_is_the_seat() -> None:
    assert Narrator("draw", ["Ann", ""]).seat(1) == "Seat 2" and Narrator("draw", []).seat(0) == "Seat 1"


def test_words_tables_live_in_one_place() -> None:
    """ARM_WORDS and SUIT_WORDS are defined once, as phrases in their sense (the engine's action labels use them
    too); render re-exports them and says them in a language."""
    from engine.layout import ARM_WORDS
    from engine.tricks import SUIT_WORDS
    from render import context

    assert words.ARM_WORDS is ARM_WORDS and context.ARM_WORDS is ARM_WORDS
    assert words.SUIT_WORDS is SUIT_WORDS
    assert {phrase.context for phrase in [*ARM_WORDS.values(), *SUIT_WORDS.values()]} == {"end of the line", "suit"}


def test_importing_the_words_does_not_import_pillow() -> None:
    code = "import sys, render.words; assert 'PIL' not in sys.modules, 'PIL was imported'"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


def test_a_poker_stop_is_told() -> None:
    game = new_game("poker", 2, seed=1)
    events = game.apply(1, game.requests(1)[0])
    assert Narrator.of_game(game, ["Ann", "Bo"]).event(events[0]) == \
        "Bo stops the session: it ends after this deal."
    assert catalogue()["poker"].family == "poker" and isinstance(Tile.of(1, 0), Tile)


ENGLISH_TELLS = re.compile(r"\b(the|and|played|passed|trumps?|tiles?|points?|wins?|won|Seat|hand|round|bid|"
                           r"deals|leads|pot|chips?|tricks?|nobody|double|turn-up|lead|play|pass|draw|to|of|"
                           r"left|right|across|blank|one|two|three|four|five|six|fives|sixes|doubles|marks?|"
                           r"contract|bidding|scores?|your|turn)\b", re.IGNORECASE)


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize(("key", "seats"), CASES)
def test_every_sentence_of_random_play_is_said_in_every_language(key: str, seats: int, language: str) -> None:
    """Issues 14 and 29: everything the narrator says of a game (events, prompts, each seat's own prompt, outcomes)
    has its words in each translated language, not an English sentence or an English word left in a translated
    one."""
    from render.words import your_prompt

    game = played(key, seats, seed=seats + 2, steps=20_000)
    english = Narrator.of_game(game, NAMES[:seats])
    translated = Narrator(game.key, NAMES[:seats], game.sides, game.options, language=language)
    said: list[tuple[str, str]] = [(translated.event(e), english.event(e)) for e in game.log]
    for seat in [None, *range(seats)]:
        prompt = game.view(seat)["prompt"]
        said.append((translated.prompt(prompt), english.prompt(prompt)))
        if seat is not None:
            said.append((your_prompt(translated, prompt, seat), your_prompt(english, prompt, seat)))
    for outcome in (game.outcome, game.round_outcome):
        if outcome is not None:
            said.append((translated.outcome(outcome), english.outcome(outcome)))
    for said_in, en in said:
        assert said_in != en, f"{key}: {en!r} has no {language}"
        stripped = re.sub(r"\b(Nel-O|Gee|Muggins|Bingo|Bergen|Tiddle-a-Wink|Domino)\b", "", said_in)
        assert not ENGLISH_TELLS.search(stripped), f"{key}: {said_in!r} (from {en!r}) keeps an English word"


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize(("key", "seats"), CASES)
def test_every_move_label_is_said_in_every_language(key: str, seats: int, language: str) -> None:
    """Issue 14: a move's button says the engine's phrase (engine/phrases.py) in the member's language; English
    stays as it was (``describe``)."""
    import random

    from render.language import label_in
    from tests.engine.test_rules_summaries import RICH_OPTIONS

    rng = random.Random(seats)
    labels: dict[str, str] = {}
    try:
        game = new_game(key, seats, 5, RICH_OPTIONS.get(key, {}))
    except BadOption:  # the rich options do not suit every player count (draw poker with four)
        game = new_game(key, seats, 5)
    for _ in range(600):
        if game.is_over:
            break
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        for action in [*legal, *game.requests(seat)]:
            assert label_in(game.phrase(action), None) == game.describe(action)
            labels[game.describe(action)] = label_in(game.phrase(action), TRANSLATED[language])
        game.apply(seat, rng.choice(legal))
    assert labels
    for en, said_in in labels.items():
        if re.fullmatch(r"[\d\-, ]+", en):  # a tile or a number is the same in every language
            continue
        assert said_in != en, f"{key}: the label {en!r} has no {language}"
        stripped = re.sub(r"\b(Nel-O|Gee|Muggins|Bingo)\b", "", said_in)
        assert not ENGLISH_TELLS.search(stripped), f"{key}: {said_in!r} (from {en!r}) keeps an English word"
        assert said_in[:1] == said_in[:1].upper()


# ----- a sentence's verb agrees with its subject: one player, or a side of several ---------------------------------
#: Each language's verbs of the narrator's sentences, in their one-player and several-player forms.
VERBS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "es": (("anota", "ganó", "falló", "cumplió", "llegó", "hizo", "se quedó", "puede", "no se llevó"),
           ("anotan", "ganaron", "fallaron", "cumplieron", "llegaron", "hicieron", "se quedaron", "pueden",
            "no se llevaron")),
    "pt_BR": (("marca", "ganhou", "caiu", "cumpriu", "chegou", "derrubou", "bateu", "pode", "não levou"),
              ("marcam", "ganharam", "caíram", "cumpriram", "chegaram", "derrubaram", "bateram", "podem",
               "não levaram")),
}
#: Games with sides of several players, besides each seat count's own game: the line games' ``partners``.
PARTNERED = [("draw", 4, {"partners": True}), ("block", 4, {"partners": True}),
             ("muggins", 4, {"muggins_partners": True})]


def disagreements(said: str, names: list[str], language: str = "es") -> list[str]:
    """Where a sentence's verb does not agree with the names before it: a lone name followed by a verb for
    several, or names joined by ``&``, ``y``/``e`` or commas followed by a verb for one."""
    one, many = VERBS[language]
    name = "(?:" + "|".join(names) + ")"
    wrong = []
    for match in re.finditer(rf"(?<!& |y |e |, )\b{name} ({'|'.join(many)})\b", said):
        wrong.append(match.group(0))
    for match in re.finditer(rf"\b{name}(?:(?: &| y| e|,) {name})+ ({'|'.join(one)})\b", said):
        wrong.append(match.group(0))
    return wrong


def test_the_agreement_check_can_fail() -> None:
    assert disagreements("Ann anotan 5. Ann & Cy ganó la partida. Bo y Di llegó a 61. Ed, Flo no se llevó nada.",
                         NAMES) == ["Ann anotan", "Ann & Cy ganó", "Bo y Di llegó", "Ed, Flo no se llevó"]
    assert disagreements("Ann anota 5. Ann & Cy ganaron la partida. Mano 2: ganó Bo.", NAMES) == []
    assert disagreements("Ann marcam 5. Ann & Cy ganhou a partida. Bo e Di chegou a 61.", NAMES, "pt_BR") == \
        ["Ann marcam", "Ann & Cy ganhou", "Bo e Di chegou"]
    assert disagreements("Ann marca 5. Ann & Cy ganharam a partida. Bo e Di bateram.", NAMES, "pt_BR") == []


def narrated(key: str, seats: int, options: dict[str, object], seed: int, language: str = "es") -> list[str]:
    """Everything the narrator says in ``language`` of a match played by computer players: its events, each hand's recap
    and the match's standings."""
    from engine.ai import computer_player
    from render.recap import ends_a_hand, hand_recap

    game = new_game(key, seats, seed, options)
    players = [computer_player(key, seed + s) for s in range(seats)]
    narrator = Narrator(key, NAMES[:seats], game.sides, game.options, language=language)
    said: list[str] = []
    for _ in range(5000):
        if game.is_over:
            break
        seat = game.to_act[0]
        game.apply(seat, players[seat].choose(game, seat))
    for index, event in enumerate(game.log):
        said.append(narrator.event(event))
        if ends_a_hand(event):
            said.append(narrator.recap(hand_recap(key, game.sides, game.log, index)))
    for seat in [None, *range(seats)]:
        said.append(narrator.prompt(game.view(seat)["prompt"]))
    if game.outcome is not None:
        said.extend([narrator.outcome(game.outcome), narrator.standings(game.outcome)])
    return said


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize(("key", "seats", "options"),
                         [*((key, seats, {}) for key, seats in CASES), *PARTNERED])
def test_verbs_agree_with_one_player_or_a_side(key: str, seats: int, options: dict[str, object],
                                               language: str) -> None:
    """"Ana anota", "Ana & Cy anotan": a player alone and a side of several each get their own verb form, in every
    game and seat count (two- and three-handed Euchre, where each player is a side of one, and the line games with
    ``partners`` too)."""
    said = narrated(key, seats, options, seed=seats + 11, language=language)
    assert said
    wrong = [(text, bad) for text in said for bad in disagreements(text, NAMES[:seats], language)]
    assert not wrong, wrong


@pytest.mark.parametrize(("sides", "english", "spanish", "portuguese"), [
    ([[0], [1]], "Ann was euchred with 2 tricks: Bo scores 2.", "Ann falló con 2 bazas: Bo anota 2.",
     "Ann caiu com 2 vazas: Bo marca 2."),
    ([[0, 2], [1, 3]], "Ann & Cy were euchred with 2 tricks: Bo & Di score 2.",
     "Ann & Cy fallaron con 2 bazas: Bo & Di anotan 2.", "Ann & Cy caíram com 2 vazas: Bo & Di marcam 2."),
])
def test_euchred_makers_agree_with_their_number(sides: list[list[int]], english: str, spanish: str,
                                                portuguese: str) -> None:
    event = {"kind": "score", "seat": 0, "side": 1, "points": 2, "reason": "euchred", "count": 2}
    assert event_text(event, NAMES[:len(sides) * len(sides[0])], "euchre", sides=sides) == english
    assert Narrator("euchre", NAMES[:4], sides, language="es").event(event) == spanish
    assert Narrator("euchre", NAMES[:4], sides, language="pt_BR").event(event) == portuguese


@pytest.mark.parametrize(("sides", "english", "spanish", "portuguese"), [
    ([[0], [1]], "Round 2: Ann went out (Ann +12).", "Ronda 2: Ann se quedó sin fichas (Ann +12).",
     "Rodada 2: Ann bateu (Ann +12)."),
    ([[0, 2], [1, 3]], "Round 2: Ann & Cy went out (Ann & Cy +12).",
     "Ronda 2: Ann & Cy se quedaron sin fichas (Ann & Cy +12).", "Rodada 2: Ann & Cy bateram (Ann & Cy +12)."),
])
def test_a_rounds_winner_agrees_with_their_number(sides: list[list[int]], english: str, spanish: str,
                                                  portuguese: str) -> None:
    from engine.events import Outcome, Termination

    outcome = Outcome(Termination.DOMINO, winners=tuple(sides[0]), sides=(0,), points=(12, 0), round=2)
    assert Narrator("draw", NAMES[:4], sides).outcome(outcome) == english
    assert Narrator("draw", NAMES[:4], sides, language="es").outcome(outcome) == spanish
    assert Narrator("draw", NAMES[:4], sides, language="pt_BR").outcome(outcome) == portuguese
