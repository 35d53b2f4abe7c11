"""The table layer words every game term through the edition: a copy of the Original Trilogy with Boba Fett-style
terms substituted reads with those words and never the classic ones.

Figures from editions/original-trilogy (the copy keeps them): Dagobah: Swamp costs 60, base rent 4, mortgage value
30, a fighter costs 50 (sold back for 25); lifting a mortgage costs the value plus 10 % interest rounded up
(30 + 3 = 33); start cash 1,500, the Docking Tax is 200 flat; the bank holds 32 fighters and 12 freighters.
"""

from __future__ import annotations

import copy
import re
from functools import cache

from companion.edition import Edition, a_or_an, edition_from_data
from companion.engine.commands import parse_command
from companion.engine.events import Event, Posted
from companion.engine.game import Game
from companion.engine.state import Setup
from companion.rules import new_game as open_game
from companion.table.actions import (
    Action,
    bankruptcy_lines,
    debt_lines,
    deed_actions,
    mortgage_choice_words,
    sell_all_actions,
    trade_offer,
    turn_actions,
)
from companion.table.history import ranking
from companion.table.presenters import event_line
from companion.table.setup_choices import variant_notes
from companion.table.views import deed_card_rows, deed_view, player_views, stock
from tests.rules.helpers import edition, give_deeds, seat

# TEST DATA: the words a Boba Fett-style edition gives itself in [terms]; every other edition value is the
# Original Trilogy's.
BOBA_TERMS = {
    "bank": "Depository", "banker": "Expeditor", "buy": "collect", "buys": "collects", "rent": "payment",
    "mortgage": "make inactive", "mortgaged": "inactive", "mortgage_value": "inactive value",
    "unmortgage": "reinstate", "interest": "10 % fee", "house": "Sigil", "houses": "Sigils", "hotel": "Skull",
    "hotels": "Skulls", "building": "armour symbol", "buildings": "armour symbols", "street": "character",
    "streets": "characters", "group": "colour set", "bankrupt": "out of the game",
    "declare_bankruptcy": "leave the game",
}
# The classic words that must not show where the edition has its own (word starts, case-insensitive).
CLASSIC = re.compile(r"\b(mortgag|lift|bank|rent|buy|interest|house|hotel|building|street|colour group|fighter"
                     r"|freighter)", re.IGNORECASE)


@cache
def boba() -> Edition:
    """The Original Trilogy data with the Boba Fett-style terms in place of its own."""
    raw = copy.deepcopy(edition().raw)
    raw["edition"]["terms"].update(BOBA_TERMS)
    return edition_from_data(raw)


def new_game(players: int = 2, variant: str = "standard") -> Game:
    """A game of the Boba-worded edition with the usual seats (luke has the dice first)."""
    return open_game(boba(), Setup(boba().id, variant, [seat(i) for i in range(players)], 0))


def play(game: Game, *lines: str) -> list[Event]:
    """Apply each command line; every one must be accepted."""
    return [event for line in lines for event in game.apply(parse_command(line))]


def said(game: Game, events: list[Event]) -> list[str]:
    """The table's lines for ``events``, leaving out ledger postings (their reasons are the ruleset's words)."""
    return [w for ev in events if not isinstance(ev, Posted) and (w := event_line(game, ev))]


def classic_words(*texts: str) -> list[str]:
    """Every classic game word found in ``texts``."""
    return [m.group(0) for t in texts for m in CLASSIC.finditer(t)]


def labels(actions: list[Action]) -> dict[str, str]:
    return {a.key: a.label for a in actions}


def test_terms_take_the_article_their_first_letter_calls_for() -> None:
    assert [a_or_an(w) for w in ("Sigil", "armour symbol", "Imperial", "inactive", "utility", "freighter")] == [
        "a Sigil", "an armour symbol", "an Imperial", "an inactive", "a utility", "a freighter"]


def test_the_offer_to_buy_uses_the_edition_verb() -> None:
    """Luke lands on Dagobah: Swamp (1 + 2): he may collect it for 60 or leave it to the auction."""
    game = new_game()
    events = play(game, "roll luke 1 2")
    offered = labels(turn_actions(game))
    assert offered["buy"] == "Luke: collect Dagobah: Swamp for 60 IC"
    assert offered["decline"] == "Don't collect: auction it"
    lines = said(game, events)
    assert "Dagobah: Swamp is for sale: Luke may collect it, or it goes up for auction" in lines
    assert classic_words(offered["buy"], offered["decline"], *lines) == []


def test_the_claim_and_its_journal_line_say_payment() -> None:
    """Vader lands on Luke's Swamp: Luke may claim the printed 4 as a payment."""
    game = new_game()
    play(game, "roll luke 1 2", "buy luke", "end luke")
    events = play(game, "roll vader 1 2")
    claim = labels(turn_actions(game))["claim:luke:vader"]
    assert claim == "Luke: claim 4 IC payment from Vader"
    lines = said(game, events)
    assert "Luke may claim 4 IC payment from Vader for Dagobah: Swamp" in lines
    assert classic_words(claim, *lines) == []


def test_the_deed_card_rows_use_the_edition_words() -> None:
    """Swamp's card: price 60, payments 4 / 20 / 60 / 180 / 320 / 450, inactive value 30, each symbol 50."""
    e = boba()
    deed = deed_view(new_game(), e.space("dagobah-swamp"))
    rows = deed_card_rows(e, deed)
    assert rows == (("Price", "60 IC"), ("Payment", "4 IC"), ("With 1 Sigil", "20 IC"), ("With 2 Sigils", "60 IC"),
                    ("With 3 Sigils", "180 IC"), ("With 4 Sigils", "320 IC"), ("With a Skull", "450 IC"),
                    ("Inactive value", "30 IC"), ("Each armour symbol", "50 IC"))
    assert deed.owner_name == "Depository"
    assert classic_words(*(label for label, _ in rows), deed.owner_name) == []


def test_building_and_mortgage_buttons_and_marks_use_the_edition_words() -> None:
    """Luke holds the Dagobah pair (test shortcut): a Sigil costs 50 and sells back for 25; the bare Swamp is made
    inactive for +30 and reinstated for 30 + 3 = 33."""
    game = new_game()
    give_deeds(game, "luke", "dagobah-yodas-hut", "dagobah-swamp")  # TEST-ONLY shortcut
    play(game, "build luke dagobah-swamp")
    swamp = labels(list(deed_actions(game, "luke")[1].actions))
    assert swamp["build:dagobah-swamp"] == "Build a Sigil (50 IC)"
    assert swamp["sell:dagobah-swamp"] == "Sell a Sigil (+25 IC)"
    assert [a.label for a in sell_all_actions(game, "luke")] == ["Sell every armour symbol on Dagobah"]
    play(game, "sell luke dagobah-swamp")
    swamp = labels(list(deed_actions(game, "luke")[1].actions))
    assert swamp["mortgage:dagobah-swamp"] == "Make inactive (+30 IC)"
    play(game, "mortgage luke dagobah-swamp")
    held = deed_actions(game, "luke")[1]
    assert labels(list(held.actions))["unmortgage:dagobah-swamp"] == "Reinstate it (33 IC)"
    assert held.deed.marks == "inactive"
    dagobah = player_views(game)[0].groups[0]
    assert [d.marks for d in dagobah.deeds] == ["", "inactive"]
    assert classic_words(*(a.label for a in held.actions), held.deed.marks) == []


def test_a_mortgaged_deed_changing_hands_is_reinstated_or_kept_inactive() -> None:
    """Luke trades his inactive Swamp to Vader: Vader reinstates it for 33 or keeps it inactive, paying the
    10 % fee of 3 now."""
    game = new_game()
    play(game, "roll luke 1 2", "buy luke", "mortgage luke dagobah-swamp",
         "propose luke vader give=deed:dagobah-swamp get=")
    offer = trade_offer(game)
    assert offer is not None and offer.gives == ("Dagobah: Swamp (inactive)",)
    events = play(game, "accept vader")
    choices = {a.key.split(":")[0]: a.label for a in turn_actions(game) if a.key.startswith(("lift:", "keep:"))}
    assert choices == {"lift": "Vader: reinstate Dagobah: Swamp (33 IC)",
                       "keep": "Vader: keep Dagobah: Swamp inactive (10 % fee 3 IC)"}
    heading, explanation = mortgage_choice_words(game.edition)
    assert heading == "An inactive deed changed hands"
    assert explanation == ("Its new owner chooses: reinstate it now, or keep it inactive and pay the 10 % fee now "
                           "(and again to reinstate it later).")
    lines = said(game, events)
    assert "Vader chooses to reinstate Dagobah: Swamp or keep it inactive" in lines
    assert classic_words(*choices.values(), heading, explanation, *offer.gives, *lines) == []


def test_a_debt_to_a_player_and_the_bankruptcy_read_in_the_edition_words() -> None:
    """Three players. Luke collects the Swamp; Vader holds the inactive Echo Base (test shortcut, +50), gives
    Luke all but 2 of his 1,550 and lands on the Swamp: he owes Luke the 4 and could raise 2 + 0 = 2 at most."""
    game = new_game(3)
    play(game, "roll luke 1 2", "buy luke", "end luke")
    give_deeds(game, "vader", "hoth-echo-base")  # TEST-ONLY shortcut
    play(game, "mortgage vader hoth-echo-base", "propose vader luke give=cash:1548 get=", "accept luke",
         "roll vader 1 2", "claim luke vader")
    offered = labels(turn_actions(game))
    assert offered["bankrupt:vader"] == "Vader: leave the game"
    debts = debt_lines(game, "vader")
    assert debts[1] == "Could raise 2 IC at most, cash included, with every armour symbol sold and every deed inactive"
    lines = bankruptcy_lines(game, "vader")
    assert "Luke then chooses, for each inactive deed received, to reinstate it or keep it inactive." in lines
    events = play(game, "bankrupt vader")
    said_now = said(game, events)
    assert "Vader is out of the game and takes no more turns" in said_now
    assert classic_words(offered["bankrupt:vader"], debts[1], *lines, *said_now) == []


def test_a_debt_to_the_bank_in_the_short_game_names_the_depository() -> None:
    """Short game, three players: Luke gives Vader 1,490 and lands on the Docking Tax (1 + 3): he owes the
    Depository 200, and the first player out of the game ends the short game."""
    game = new_game(3, "short")
    play(game, "propose luke vader give=cash:1490 get=", "accept vader", "roll luke 1 3")
    offered = labels(turn_actions(game))
    assert offered["pay:luke"] == "Luke: pay 200 IC to the Depository"
    assert debt_lines(game, "luke")[0] == "Owes the Depository 200 IC (Docking Tax)"
    lines = bankruptcy_lines(game, "luke")
    assert lines[-1] == "In the short game the game ends as soon as one player is out of the game."
    assert "Ends as soon as one player is out of the game." in variant_notes(game.edition, "short")
    assert classic_words(offered["pay:luke"], *debt_lines(game, "luke"), *lines,
                         *variant_notes(game.edition, "short")) == []


def test_stock_and_worth_labels_use_the_edition_words() -> None:
    """The Depository's 32 Sigils and 12 Skulls; the ranking of a time-limit game names inactive deeds and armour
    symbols."""
    game = new_game(2, "time-limit")
    assert stock(game) == (("Sigils", 32), ("Skulls", 12))
    play(game, "time-up")
    parts = [label for label, _ in ranking(game)[0].parts]
    assert parts == ["Cash", "Deeds", "Inactive deeds (half)", "Armour symbols"]
    assert classic_words(*parts) == []


def test_the_original_trilogy_keeps_its_own_words() -> None:
    """The same positions with the Original Trilogy's terms (classic words where it names none)."""
    e = edition()
    game = open_game(e, Setup(e.id, "standard", [seat(0), seat(1)], 0))
    play(game, "roll luke 1 2")
    offered = labels(turn_actions(game))
    assert (offered["buy"], offered["decline"]) == ("Luke: buy Dagobah: Swamp for 60 IC", "Don't buy: auction it")
    rows = deed_card_rows(e, deed_view(game, e.space("dagobah-swamp")))
    assert (rows[1], rows[-2], rows[-1]) == (("Rent", "4 IC"), ("Mortgage value", "30 IC"),
                                             ("Each starship", "50 IC"))
    play(game, "buy luke", "mortgage luke dagobah-swamp")
    held = labels(list(deed_actions(game, "luke")[0].actions))
    assert held["unmortgage:dagobah-swamp"] == "Lift the mortgage on it (33 IC)"
    assert mortgage_choice_words(e)[0] == "A mortgaged deed changed hands"
