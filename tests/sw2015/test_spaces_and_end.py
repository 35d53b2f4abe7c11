"""Star Wars 2015: nobody goes bankrupt (a Base is lost instead), Hyperdrive, the Bounty Hunter and the end when
every planet space holds a Base (SW-* in docs/rules/star-wars-2015.md). Figures from the made-up box of
tests/sw2015/testbox.py (TEST DATA): Tatooine 4 and 7 cost 100 and pay 10, Endor 8 and 11 cost 120 and pay 12,
Geonosis 22 costs 260; Hyperdrive 5 and 16, Bounty Hunter 10, Trade Federation Tax 9 (200)."""

from __future__ import annotations

from dataclasses import replace

from companion.engine.events import GameEnded, Noted
from companion.engine.ledger import BANK
from companion.engine.state import Setup
from companion.rules import new_game as open_game
from companion.rules.mechanics.bases import base_unit
from tests.rules.builders_assets import set_cash
from tests.rules.helpers import codes, play, refusal, rejected

from .testbox import edition, layout_lines, new_game, place_bases, seats, space


def stock(game, side: str) -> int:
    return game.state.ledger.balance(BANK, base_unit(side))


def test_short_of_cash_towards_an_enemy_the_most_valuable_base_changes_sides() -> None:
    """SW-CASH-1, SW-CASH-3: Vader holds Endor 1 (8) and 5 credits; Luke claims 12 on his Endor 2 (11). Vader keeps his
    5, his Base goes back to the Empire's stock, and a Rebel Base takes the hexagon: Endor 1 is Luke's."""
    game = new_game("luke", "vader")
    play(game, "roll luke 1 3", "buy luke", "end luke", "roll vader 3 5", "buy vader", "end vader",
         "roll luke 3 4", "buy luke", "end luke")
    set_cash(game, "vader", 5)                                         # TEST-ONLY
    events = play(game, "roll vader 1 2", "claim luke vader", "let-stand vader")
    assert (game.state.owner(space(8)), game.state.cash("vader"), game.state.cash("luke")) == ("luke", 5, 1280)
    assert (stock(game, "rebel"), stock(game, "empire")) == (12 - 3, 12)  # Tatooine 1, Endor 2, Endor 1
    assert any("most valuable" in getattr(e, "text", "") for e in events)


def test_short_of_cash_towards_the_bank_the_base_goes_and_the_space_is_empty_again() -> None:
    """SW-CASH-2, SW-TAX-1: Vader buys Tatooine 1 (4) on doubles, then, with 150 credits, stops on the Trade
    Federation Tax (200): he keeps his 150, and Tatooine 1 is the bank's again, its Base back in the Empire's
    stock."""
    game = new_game("luke", "vader")
    play(game, "roll luke 1 2", "card luke collect-10-rebel", "end luke", "roll vader 2 2", "buy vader")
    set_cash(game, "vader", 150)                                       # TEST-ONLY
    play(game, "roll vader 2 3")
    assert (game.state.owner(space(4)), game.state.cash("vader"), stock(game, "empire")) == (BANK, 150, 12)


def test_short_of_cash_with_no_base_nothing_happens() -> None:
    """SW-CASH-6: Luke, with no Base and 100 credits, stops on the tax: he keeps his 100 and plays on."""
    game = new_game("luke", "vader")
    set_cash(game, "luke", 100)                                        # TEST-ONLY
    events = play(game, "roll luke 4 5")
    assert game.state.cash("luke") == 100 and game.state.debts == []
    assert any("nothing happens" in getattr(e, "text", "") for e in events)


def test_a_claim_on_a_player_with_no_cash_and_no_base_asks_no_just_say_no() -> None:
    """SW-CASH-6, SW-FORCE-4: Luke buys Tatooine 1 (4) for 100; Vader, with 5 credits, no Base and three cards
    dealt unseen, stops on it and Luke claims its 10. Nothing can be taken from Vader, so nothing is asked of him:
    he keeps his 5, Luke keeps 1400, and Vader ends his turn at once. A game stamped before rules version 3 still
    asked Vader to answer the claim first."""
    lines = ("roll luke 1 3", "buy luke", "end luke", "roll vader 1 3")
    game = new_game("luke", "vader")
    play(game, *lines[:3])
    set_cash(game, "vader", 5)                                         # TEST-ONLY
    play(game, lines[3], "claim luke vader")
    assert game.state.decisions == [] and (game.state.cash("vader"), game.state.cash("luke")) == (5, 1400)
    play(game, "end vader")
    old = open_game(edition(), replace(Setup("star-wars-2015", "standard", seats("luke", "vader")), rules_version=2))
    play(old, *layout_lines(), *lines[:3])
    set_cash(old, "vader", 5)                                          # TEST-ONLY
    play(old, lines[3], "claim luke vader")
    assert [(d.kind, d.player) for d in old.state.decisions] == [("just-say-no", "vader")]


def test_an_ally_owed_turns_the_same_base_over() -> None:
    """SW-CASH-4: Finn holds Tatooine 2 and Luke Tatooine 1 (the whole planet for the Rebels). Luke, with 3
    credits, owes Finn half of 2 x 10: the Base on Tatooine 1 simply becomes Finn's (no Base used)."""
    game = new_game("luke", "vader", "finn", "kylo")
    play(game, "roll luke 1 3", "buy luke", "end luke", "roll vader 1 2", "card vader collect-10-empire", "end vader",
         "roll finn 3 4", "buy finn", "end finn", "roll kylo 1 2", "card kylo collect-10-empire", "end kylo")
    set_cash(game, "luke", 3)                                          # TEST-ONLY
    play(game, "roll luke 1 2", "claim finn luke", "let-stand luke")
    assert (game.state.owner(space(4)), game.state.cash("luke"), stock(game, "rebel")) == ("finn", 3, 10)


def test_an_enemy_side_with_no_base_left_leaves_the_hexagon_empty() -> None:
    """SW-CASH-5: one Base of each colour. Luke holds Tatooine 1; Vader stops there on doubles, then buys Endor 1.
    With 5 credits he cannot pay Luke's 10: his Base goes back, and with no Rebel Base in the bank the hexagon
    stays empty; the log says why Luke does not get it."""
    game = new_game("luke", "vader", bases=1)
    play(game, "roll luke 1 3", "buy luke", "end luke", "roll vader 2 2", "roll vader 2 2", "buy vader")
    set_cash(game, "vader", 5)                                         # TEST-ONLY
    events = play(game, "claim luke vader", "let-stand vader")
    assert (game.state.owner(space(8)), stock(game, "empire"), stock(game, "rebel")) == (BANK, 1, 0)
    assert any(isinstance(e, Noted) and e.text.endswith(
        "; the Rebels have no Base left in the Bank to set there, so Endor 1 is empty again") for e in events)


def test_hyperdrive_jumps_to_an_unowned_planet_space_before_the_next_hyperdrive() -> None:
    """SW-HYPER-1: Luke stops on Hyperdrive 5: he may jump to Tatooine 2, Endor 1 and 2, Kamino 1 and 2 (up to
    Hyperdrive 16), not to Coruscant 1 beyond it; he jumps to Endor 1 and may buy it."""
    game = new_game("luke", "vader")
    play(game, "roll luke 2 3")
    assert codes(game, "hyperdrive luke space-17") == ["hyperdrive/target"]
    play(game, "hyperdrive luke space-8", "buy luke")
    assert (game.state.player("luke").position, game.state.owner(space(8))) == (8, "luke")


def test_hyperdrive_leaps_to_the_next_stretch_when_this_one_is_owned_without_go_money() -> None:
    """SW-HYPER-2, SW-GO-2: every planet space between the Hyperdrives is owned: Luke leaps past Hyperdrive 16 and past
    GO to Hoth 1, and collects no 200 on the way."""
    game = new_game("luke", "vader")
    place_bases(game, "vader", 7, 8, 11, 14, 15, 17, 19, 20, 21, 22, 23)       # TEST-ONLY
    play(game, "roll luke 2 3")
    assert codes(game, "hyperdrive luke space-8") == ["hyperdrive/target"]
    play(game, "hyperdrive luke space-1")
    assert (game.state.player("luke").position, game.state.cash("luke")) == (1, 1500)


def test_the_bounty_hunter_sets_a_free_base_in_place_of_an_enemys() -> None:
    """SW-BOUNTY-1: Vader holds Endor 1; Luke stops on the Bounty Hunter and sets a Rebel Base there for free: Vader's
    Base goes back to the Empire's stock."""
    game = new_game("luke", "vader")
    play(game, "roll luke 1 2", "card luke collect-10-rebel", "end luke", "roll vader 3 5", "buy vader", "end vader",
         "roll luke 3 4", "bounty luke space-8", "let-stand vader")
    assert (game.state.owner(space(8)), game.state.cash("luke")) == ("luke", 1500 + 10)  # the Base cost nothing
    assert (stock(game, "rebel"), stock(game, "empire")) == (11, 12)


def test_the_bounty_hunter_may_take_a_space_nobody_has_described_yet() -> None:
    """SW-BOUNTY-1, SW-BOX-2 (third red-team pass: on a board still being learnt, the Bounty Hunter gave nothing
    while the box knew no free planet space, though the board has them): only the length and the Bounty Hunter
    (10) are entered. Luke stops there first: he may choose space 20, nobody has described it yet; what it is, is
    asked then (a planet space of Dagobah), then how many planet spaces the board has (14), and his Base is set
    there, free (1500)."""
    game = new_game("luke", "vader", learnt=False)
    play(game, "box board:layout length=24 jail=6 bases=12", "box space:space-10 kind=bounty-hunter",
         "roll luke 4 6")
    assert [d.kind for d in game.state.decisions] == ["bounty"]
    assert codes(game, "bounty luke space-20") == ["box/needed"]
    play(game, "box space:space-20 kind=planet group=dagobah")
    assert rejected(game, "bounty luke space-20") == ["box/needed"]
    play(game, "box board:layout planets=14", "bounty luke space-20")
    assert (game.state.owner(space(20)), game.state.cash("luke"), stock(game, "rebel")) == ("luke", 1500, 11)


def test_a_game_saved_before_rules_version_2_keeps_the_bounty_hunter_to_known_spaces() -> None:
    """SW-BOUNTY-1: a game stamped with rules version 1 replays as it was played: with no planet space known,
    the Bounty Hunter gives nothing and Luke may end his turn; once every planet space of the board is known, a
    space nobody has described is no choice in a new game either."""
    old = open_game(edition(), replace(Setup("star-wars-2015", "standard", seats("luke", "vader")), rules_version=1))
    play(old, "box board:layout length=24 jail=6 bases=12", "box space:space-10 kind=bounty-hunter",
         "roll luke 4 6", "end luke")
    game = new_game("luke", "vader", learnt=False)
    play(game, "box board:layout length=24 jail=6 bases=12 planets=1", "box space:space-10 kind=bounty-hunter",
         "box space:space-4 kind=planet group=tatooine price=100 rent=10", "roll luke 4 6")
    assert [v.message for v in refusal(game, "bounty luke space-20").violations] == [
        "Space 20 is not one of the planet spaces the box knows: the free Base goes on a planet space nobody owns or "
        "on another player's Base."]


def test_once_every_planet_space_is_known_an_undescribed_space_is_no_jump() -> None:
    """SW-HYPER-1 (third red-team pass): the box says the board has one planet space, Endor 8, and knows it: a
    space nobody has described cannot be a planet space, so Luke's jump from Hyperdrive 5 may go to Endor 8 alone
    (space 7 is refused with that one choice), and he is not asked what space 7 is."""
    game = new_game("luke", "vader", learnt=False)
    play(game, "box board:layout length=24 jail=6 bases=12 planets=1", "box space:space-5 kind=hyperdrive",
         "box space:space-8 kind=planet group=endor price=120 rent=12", "roll luke 2 3")
    assert [v.message for v in refusal(game, "hyperdrive luke space-7").violations] == [
        "The jump goes to an unowned planet space of the stretch ahead: Endor 1."]
    play(game, "hyperdrive luke space-8")
    assert game.state.player("luke").position == 8


def test_the_game_ends_when_every_planet_space_holds_a_base() -> None:
    """SW-END-1, SW-END-2, SW-END-3: fourteen planet spaces; the Rebels hold 7 (Luke 4, Finn 3), the Empire 6 (Kylo
    3, Vader 3). Vader leaps by Hyperdrive to Geonosis, the last empty one, and buys it: 7 to 7, and the highest-
    placed Base (Geonosis, 260) is the Empire's: the Empire wins, and Vader, with 4 Bases, is the ultimate
    winner."""
    game = new_game("luke", "vader", "finn", "kylo")
    place_bases(game, "luke", 1, 2, 4, 7)                                       # TEST-ONLY
    place_bases(game, "finn", 8, 11, 14)
    place_bases(game, "kylo", 15, 17, 19)
    place_bases(game, "vader", 20, 21, 23)
    play(game, "roll luke 1 2", "card luke collect-10-rebel", "end luke", "roll vader 1 4", "hyperdrive vader space-22")
    events = play(game, "buy vader")
    ended = next(e for e in events if isinstance(e, GameEnded))
    assert game.state.over
    assert [(r["player"], r["worth"]) for r in ended.ranking] == [("vader", 4), ("kylo", 3), ("luke", 4),
                                                                  ("finn", 3)]
    assert ended.reason == ("every planet space holds a Base: victory to the Empire, 7 to 7 in Bases, a draw won by "
                            "the highest-placed Base (Geonosis 1); Vader is the ultimate winner")
