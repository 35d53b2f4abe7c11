"""Star Wars 2015: what the box status says of the Force cards still to enter, in cards the family can count. Each
deck has 18 two-sided cards (cards.toml), and each half is entered on its own (SW-FORCE-2): an untouched deck is
18 cards to enter, not 36 halves. The halves entered here are TEST DATA."""

from __future__ import annotations

from companion.box.overlay import apply_values
from companion.box.status import box_status, cards_to_enter
from companion.box.values import parse_values
from companion.edition import Edition, edition_from_data
from companion.rules import asked_during_play

from .testbox import edition


def with_cards(*lines: str) -> Edition:
    """The shipped edition with some Force card halves entered (``DECK/ID FIELD=VALUE ...``, TEST DATA)."""
    raw = edition().raw
    for line in lines:
        target, *values = line.split()
        raw = apply_values(raw, f"card:{target}", parse_values(values))
    return edition_from_data(raw)


def card_lines(e: Edition) -> list[tuple[str, int]]:
    """Each deck's line of the status (what is missing, and how many cards)."""
    status = box_status(e, asked_during_play(e))
    return [(m.where, m.count) for m in status.during_play if m.target.startswith("card:")]


def test_an_untouched_force_deck_is_18_cards_to_enter_not_36_halves() -> None:
    """SW-FORCE-2: nothing entered: each deck is 18 of 18 cards to enter, with 18 halves of each side; the status
    line says 18 + 18 = 36 cards for both decks."""
    e = edition()
    assert card_lines(e) == [
        ("Rebel deck (18 of 18 cards: 18 Rebel halves and 18 Empire halves to enter)", 18),
        ("Empire deck (18 of 18 cards: 18 Rebel halves and 18 Empire halves to enter)", 18)]
    assert "; 36 cards not yet entered." in box_status(e, asked_during_play(e)).lines()[0]


def test_a_deck_with_some_halves_entered_counts_the_cards_still_incomplete() -> None:
    """SW-FORCE-2: in the Rebel deck every Rebel half is entered (collect 10, 18 copies) and 5 Empire halves (pay
    20): 18 - 5 = 13 Empire halves are left, so at least 13 cards are not entered in full; with the Empire deck's
    18, the status says 13 + 18 = 31 cards. Once every half of both decks is entered, no card is missing."""
    e = with_cards("rebel/c10 effect=collect amount=10 side=rebel count=18",
                   "rebel/p20 effect=pay amount=20 side=empire count=5")
    assert card_lines(e)[0] == ("Rebel deck (13 of 18 cards: 13 Empire halves to enter)", 13)
    assert cards_to_enter(e.decks["rebel"]) == 13
    assert "; 31 cards not yet entered." in box_status(e, asked_during_play(e)).lines()[0]
    whole = with_cards(*(f"{deck}/{half} effect=collect amount=10 side={side} count=18"
                         for deck in ("rebel", "empire") for half, side in (("r", "rebel"), ("e", "empire"))))
    assert card_lines(whole) == []
