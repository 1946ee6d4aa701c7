"""Issue 11, controls and words: Fold is red, many bids take two taps, house rules by their names for players with
full descriptions, plurals, the hand in the second person, the message's chips as the picture's, duplicate tiles."""

from __future__ import annotations

import discord

from cogs import base, hand, house_rules, table_message, text
from engine import Bid, Call, new_game
from engine.events import Event, EventKind, ScoreReason
from render.poker import chips
from render.words import Narrator, option_label, your_prompt
from tests.bot.test_controls import check_limits, table_for


def test_fold_is_red_and_call_is_not() -> None:
    """POK-2: a fold gives up the pot, so it is the danger style; Call and the bets stay green."""
    game = new_game("poker", 2, 1)
    seat = game.to_act[0]
    game.apply(seat, Bid(5))
    seat = game.to_act[0]
    items = hand.move_controls(table_for("poker", 2), seat, game.legal_actions(seat), game.describe)
    styles = {item.item.label: item.item.style for item in items if isinstance(item, base.TableButton)}
    assert styles["Fold"] == discord.ButtonStyle.danger
    assert styles["Call 5"] == discord.ButtonStyle.success


def test_seventy_nine_bids_take_at_most_two_taps() -> None:
    """SEV: 30 bids (50 to 79) and Pass: Pass is a button, the bids two menus of even ranges, named by the bids."""
    legal = [Call("pass"), *(Bid(n) for n in range(50, 80))]
    items = hand.move_controls(table_for("seventy_nine", 6), 0, legal, lambda a: str(a))
    check_limits(hand.hand_view(items) or discord.ui.View())
    buttons = [i for i in items if isinstance(i, base.TableButton)]
    menus = [i.item for i in items if isinstance(i, base.TableSelect)]
    assert [b.item.label for b in buttons] == ["call:pass"]
    assert [m.placeholder for m in menus] == ["Bid 50 to 64", "Bid 65 to 79"]
    assert sum(len(m.options) for m in menus) == 30 and all("Moves" not in (m.placeholder or "") for m in menus)


def test_house_rules_show_names_for_players_and_full_descriptions() -> None:
    table = table_for("muggins", 2)
    table.row.status = "lobby"
    view = house_rules.rules_view(table)
    labels = [o["label"] for row in view.to_components() for c in row["components"] for o in c.get("options", [])]
    assert labels and not any("_" in label for label in labels)  # no flag names
    assert any(label.startswith(f"{option_label('muggins_no_voluntary_draw')}:") for label in labels)
    panel = house_rules.rules_text(table, 0)
    manual = table.spec.option("manual_muggins")
    assert len(manual.help) > 100 and manual.help in panel  # the whole description, not cut at 100
    assert "muggins_no_voluntary_draw" not in text.options_text(table.spec, {})


def test_plurals_are_right() -> None:
    narrator = Narrator("poker", ["Ann", "Bo"])
    assert narrator.event(Event(EventKind.SCORE, 0, 0, 1, reason=ScoreReason.CHIPS)) == "Ann wins 1 chip."
    assert narrator.event(Event(EventKind.SCORE, 1, 1, -2, reason=ScoreReason.CHIPS)) == "Bo loses 2 chips."
    black = Narrator("black_tile", ["Ann", "Bo", "Cy"])
    assert black.event(Event(EventKind.SCORE, 0, 0, 1, reason=ScoreReason.PENALTY)) == "Ann adds 1 penalty point."


def test_the_hand_speaks_to_its_player_in_the_second_person() -> None:
    game = new_game("texas42", 4, 2)
    seat = game.to_act[0]
    narrator = Narrator.of_game(game, ["Ann", "Bo", "Cy", "Di"])
    mine = your_prompt(narrator, game.prompt(), seat)
    assert mine.startswith("Bid ") and narrator.names[seat] not in mine
    other = (seat + 1) % 4
    assert your_prompt(narrator, game.prompt(), other) == narrator.prompt(game.prompt())  # not their turn


def test_the_message_shows_the_chips_the_picture_shows() -> None:
    """During a hand the picture shows the chips behind (after the ante); the Scores line says the same."""
    game = new_game("poker", 2, 1)
    table = table_for("poker", 2)
    table.game = game
    view = game.view(None)
    line = table_message.score_line(table, view)
    assert all(f"**{stack}**" in line for stack in chips(view)) and chips(view) == [99, 99]
