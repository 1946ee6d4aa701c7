"""The /rules texts of the trick, poker and bingo games: each registry summary states the rules a player needs
(checked against RULES 3.8, 3.9 and 4.4-4.7 fact by fact) and fits the lobby, and every option's help reads as a
sentence fragment the bot can follow with ". Choices: ..."."""

from __future__ import annotations

import random

import pytest

from engine import catalogue, new_game
from tests.engine.words_support import prompt

LOBBY_SUMMARY = 600  # cogs/text.py shows the first 600 characters in the lobby
GAMES = ("texas42", "seventy_nine", "euchre", "black_tile", "poker", "bingo")

FACTS = {
    # RULES 4.4: partners, 7 tiles, single round from 30, limit 42 doubled, trumps, counts, set rule, TEX-7, 250
    # and the bidders' tie-break, TEX-3 throw-in.
    "texas42": ["Partners sit opposite", "7 tiles", "30 to 42", "84, 168, 336", "doubles or no-trump",
                "higher end", "5-5 and 6-4 count 10", "5-0, 4-1, 3-2 count 5", "42 in all",
                "theirs plus the bid", "needs every trick and scores the bid", "250", "the bidders win",
                "all pass: new deal"],
    # RULES 4.5 and SEV-1, SEV-3, SEV-4, SEV-5.
    "seventy_nine": ["teams of three seated alternately", "two double-six sets", "9 tiles each, 2 unused",
                     "50 to 79", "all pass: new deal", "trump number", "first of two identical tiles wins",
                     "make 79", "the bid plus theirs", "79 bid may play Nel-O", "teammates sit out",
                     "lose every trick", "250", "bidders win a tie"],
    # RULES 4.6 and EU-1, EU-2, EU-5.
    "euchre": ["5 tiles each", "partners sit opposite", "higher end would be trumps", "accepts or passes",
               "Alone", "up to three turn-ups, then a new deal", "takes up the turn-up and discards",
               "the double below (6-6 when blanks are trumps)", "name its suit", "5 tricks 2 points (4 alone)",
               "3-4 tricks 1", "each opponent scores 2", "First to 5"],
    # RULES 4.7 and EPB-1, EPB-2.
    "black_tile": ["9 tiles each at three players (one dead), 7 at four", "Pass 3 tiles to the left",
                   "pass the lead once", "its number or the doubles", "no trumps", "0-0 is 4",
                   "every tile with a 3 is 1", "all 11", "add 0, everyone else 22", "reaches 61",
                   "the lowest total wins", "share the win"],
    # RULES 3.8 and POK-2.
    "poker": ["Five tiles each from 20", "antes 1 chip", "dealer's left", "bet 1 to 10", "at most 3 raises",
              "Royal, Six Straight, Fours, Five Straight, Full Hand, Four Straight, Threes, Flush, Pair, High Tile",
              "doubles rank above all other tiles", "100 chips", "biggest stack when the players stop"],
    # RULES 3.9 and BIN-1, BIN-2.
    "bingo": ["All 91 tiles face up in a row", "Count 0 to 12", "without starting over", "either end",
              "gaps close", "Clear the row to win", "13 passes along the row with no removal lose"],
}


@pytest.mark.parametrize("key", GAMES)
def test_summary_states_the_rules_and_fits_the_lobby(key: str) -> None:
    summary = catalogue()[key].summary
    assert len(summary) <= LOBBY_SUMMARY, f"{key}: {len(summary)} characters, the lobby cuts at {LOBBY_SUMMARY}"
    missing = [fact for fact in FACTS[key] if fact not in summary]
    assert not missing, f"{key} summary lacks {missing}"


@pytest.mark.parametrize("key", GAMES)
def test_option_help_is_a_short_fragment_with_its_rule(key: str) -> None:
    for option in catalogue()[key].options:
        assert option.help and option.help[0].isupper(), option.name
        assert not option.help.endswith("."), f"{option.name}: the bot adds '. Choices: ...'"
        assert len(option.help) <= 120, option.name
        assert option.rule, f"{option.name} names no RULES section or decision"
        assert option.default in option.choices


def test_section_7_flags_of_these_games_are_all_offered() -> None:
    """Every RULES section 7 house-rule flag that applies to these six games is an option of the right game."""
    flags = {
        "texas42": {"forced_dealer_bid", "texas_marks", "no_trump_doubles_suit", "texas_nello"},
        "seventy_nine": {"seventy_nine_42_contracts", "seventy_nine_marks", "nel_o_any_bid", "nel_o_one_partner_out",
                         "nel_o_doubles_suit", "no_trump_doubles_suit"},
        "euchre": {"euchre_higher_end_leads", "euchre_turnup_stays"},
        "black_tile": {"pass_direction", "epbt_tie_break_round", "moon_all_dealt_counters"},
        "poker": {"poker_draw"},
        "bingo": {"bingo_auto_remove", "bingo_pip_total"},
    }
    for key, names in flags.items():
        offered = {option.name for option in catalogue()[key].options}
        assert names <= offered, f"{key} lacks {names - offered}"
    auto = catalogue()["bingo"].option("bingo_auto_remove")
    assert auto.default is True  # RULES 3.9: "the UI default should be ON"
    assert all(catalogue()[key].option(name).default is False
               for key, names in flags.items() for name in names if name not in ("bingo_auto_remove",
                                                                                  "pass_direction"))
    assert catalogue()["black_tile"].option("pass_direction").default == "left"


def test_sev_0_display_names() -> None:
    assert catalogue()["seventy_nine"].title == "Seventy-Nine"
    assert catalogue()["texas42"].title.startswith("Four Hand Texas")


RICH_OPTIONS: dict[str, dict[str, object]] = {
    "texas42": {"texas_marks": True, "texas_nello": True, "forced_dealer_bid": True, "no_trump_doubles_suit": True},
    "seventy_nine": {"seventy_nine_42_contracts": True, "nel_o_any_bid": True, "nel_o_one_partner_out": True},
    "euchre": {},
    "black_tile": {"pass_direction": "right"},
    "poker": {"poker_draw": True},
    "bingo": {"bingo_auto_remove": False},
}


@pytest.mark.parametrize("key", GAMES)
def test_labels_and_prompts_read_as_words_for_buttons(key: str) -> None:
    """Every legal action's label is under 80 characters and in words, never the raw action syntax ("trump:5",
    "call:check", "bid:34"); every prompt is a short sentence."""
    spec = catalogue()[key]
    seats = 3 if key in ("euchre", "poker", "black_tile") else spec.seats[0]
    game = new_game(key, seats, 7, RICH_OPTIONS[key])
    rng = random.Random(7)
    for _ in range(400):
        if game.is_over:
            break
        seat = game.to_act[0]
        said = prompt(game)
        assert said and len(said) < 200 and said[-1] in ".?"
        for action in game.legal_actions(seat):
            label = game.describe(action)
            assert 0 < len(label) < 80 and (label[0].isupper() or label[0].isdigit()), label
            assert ":" not in label.split(" ")[0] and "_" not in label, label
        game.apply(seat, rng.choice(game.legal_actions(seat)))
