"""Star Wars 2015: the board learnt while playing, buying a planet space with a Base, auctions, rent between
allies and enemies (SW-* in docs/rules/star-wars-2015.md). Figures from the made-up box of tests/sw2015/testbox.py
(TEST DATA): Hoth 1 and 2 cost 60 and pay 6, Tatooine 4 and 7 cost 100 and pay 10, Geonosis 22 pays 27."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.engine.errors import CommandRejected
from companion.engine.ledger import BANK
from companion.engine.state import Setup
from companion.rules import new_game as open_game
from companion.rules.mechanics.bases import base_unit
from companion.script import box_answer, parse_script, run_script
from companion.table.presenters import event_line
from tests.rules.helpers import codes, play, refusal

from .testbox import edition, layout_lines, new_game, seats, space


def stock(game, side: str) -> int:
    return game.state.ledger.balance(BANK, base_unit(side))


def needs(game, line: str) -> tuple[str, tuple[str, ...]]:
    """What the box is asked for by ``line`` (its target and fields)."""
    try:
        play(game, line)
    except CommandRejected as refused:
        need = refused.violations[0].need
        assert need is not None
        return need.target, need.fields
    raise AssertionError(f"{line} was not refused")


def test_a_first_game_asks_the_length_before_the_first_move_then_each_space_where_a_token_stops() -> None:
    """SW-BOX-1, SW-BOX-2: nothing of the board is known; the first roll asks how many spaces go round it (one
    number); Luke's 2 + 3 then stops on space 5, whose type is asked; a Hyperdrive there opens the jump."""
    game = new_game("luke", "vader", learnt=False)
    assert needs(game, "roll luke 2 3") == ("board:layout", ("length",))
    play(game, "box board:layout length=24")
    assert needs(game, "roll luke 2 3") == ("space:space-5", ("kind",))
    play(game, "box space:space-5 kind=hyperdrive", "roll luke 2 3")
    assert game.state.player("luke").position == 5
    assert [d.kind for d in game.state.decisions] == ["hyperdrive"]


def test_go_to_jail_asks_where_the_jail_is_when_nobody_has_said() -> None:
    """SW-BOX-3, SW-JAIL-1: a board still being learnt: the Jail's place is asked (counted from GO) when a token is
    sent there."""
    game = new_game("luke", "vader", learnt=False)
    play(game, "box board:layout length=24", "box space:space-7 kind=go-to-jail")
    assert needs(game, "roll luke 3 4") == ("board:layout", ("jail",))
    play(game, "box board:layout jail=6", "roll luke 3 4")
    assert (game.state.player("luke").position, game.state.player("luke").in_jail) == (6, True)


def test_a_token_that_only_stops_on_the_jail_corner_is_just_visiting() -> None:
    """SW-VISIT-1, SW-BOX-2, SW-JAIL-1: on a board learnt in play, Luke's 2 + 4 stops on space 6, described then as
    the Jail corner: the log names it by both its names, as The Mandalorian's board does ("Jail / Just Visiting"),
    and Luke is only visiting (not in Jail, still 1500). Vader's 3 + 4 then stops on Go To Jail (space 7): he goes
    to Jail, on that same corner, and is in Jail."""
    game = new_game("luke", "vader", learnt=False)
    play(game, "box board:layout length=24")
    assert needs(game, "roll luke 2 4") == ("space:space-6", ("kind",))
    play(game, "box space:space-6 kind=jail", "roll luke 2 4")
    assert [line for event in game.entries[-1].events if (line := event_line(game, event))] == [
        "Luke rolls 2 + 4", "Luke moves to Jail / Just Visiting"]
    luke = game.state.player("luke")
    assert (luke.position, luke.in_jail, game.state.cash("luke")) == (6, False, 1500)
    play(game, "end luke", "box space:space-7 kind=go-to-jail", "roll vader 3 4")
    assert [line for event in game.entries[-1].events if (line := event_line(game, event))][-1] == \
        "Vader goes to Jail"
    vader = game.state.player("vader")
    assert (vader.position, vader.in_jail) == (6, True)


def test_the_base_stock_is_asked_the_first_time_a_planet_space_is_for_sale() -> None:
    """SW-BOX-4, SW-BOX-5: the count of each colour's Bases is asked when a planet space is first offered."""
    game = new_game("luke", "vader", learnt=False)
    play(game, "box board:layout length=24", "box space:space-4 kind=planet group=tatooine price=100 rent=10")
    assert needs(game, "roll luke 1 3") == ("board:layout", ("bases",))
    play(game, "box board:layout bases=12", "roll luke 1 3")
    assert needs(game, "buy luke") == ("board:layout", ("planets",))  # is the galaxy full? asked once per box
    play(game, "box board:layout planets=14", "buy luke")
    assert game.state.owner(space(4)) == "luke"
    assert game.state.cash("luke") == 1400
    assert (stock(game, "rebel"), stock(game, "empire")) == (11, 12)


def test_the_planet_count_is_at_least_the_planet_spaces_already_described() -> None:
    """SW-BOX-5: with two planet spaces described, a board of 1 planet space is refused with the count it needs;
    2 is taken."""
    game = new_game("luke", "vader", learnt=False)
    play(game, "box board:layout length=24", "box space:space-4 kind=planet group=tatooine price=100 rent=10",
         "box space:space-5 kind=planet group=tatooine price=100 rent=10")
    with pytest.raises(CommandRejected) as refused:
        play(game, "box board:layout planets=1")
    assert "2 planet spaces are already described, so it has at least 2" in str(refused.value)
    play(game, "box board:layout planets=2")
    assert game.edition.raw["board"]["planets"] == 2


def test_buying_a_planet_space_sets_a_base_and_an_enemy_pays_the_full_rent() -> None:
    """SW-SETUP-1, SW-BUY-1, SW-RENT-1: Luke (Rebel) buys Tatooine 4 for 100 with a Rebel Base from the bank's 12;
    Vader (Empire) stops there and Luke claims the full 10."""
    game = new_game("luke", "vader")
    play(game, "roll luke 1 3", "buy luke", "end luke", "roll vader 1 3", "claim luke vader", "let-stand vader")
    assert game.state.owner(space(4)) == "luke"
    assert (stock(game, "rebel"), stock(game, "empire")) == (11, 12)
    assert (game.state.cash("luke"), game.state.cash("vader")) == (1500 - 100 + 10, 1500 - 10)


def test_an_ally_pays_half_the_rent() -> None:
    """SW-RENT-2: Finn, Luke's ally, stops on Luke's Tatooine 4 (rent 10) and pays half: 5."""
    game = new_game("luke", "vader", "finn", "kylo")
    play(game, "roll luke 1 3", "buy luke", "end luke",
         "roll vader 1 2", "card vader collect-10-empire", "end vader",          # 3: a Rebel card: collect 10
         "roll finn 1 3", "claim luke finn", "let-stand finn")
    assert (game.state.cash("luke"), game.state.cash("finn")) == (1400 + 5, 1500 - 5)


def test_half_of_an_odd_rent_is_rounded_up() -> None:
    """SW-RENT-2: half of Geonosis's 27 is 14 (a table cannot pay half a credit)."""
    from companion.engine.state import Unread

    assert Unread("rent", 0, percent=50).amount(27) == 14
    assert Unread("rent", 0, times=2, percent=50).amount(27) == 27


def test_a_side_holding_a_whole_planet_doubles_its_rent() -> None:
    """SW-RENT-3: Luke holds Tatooine 4 and his ally Finn Tatooine 7, the whole planet: Vader pays 2 x 10 on 4."""
    game = new_game("luke", "vader", "finn", "kylo")
    play(game, "roll luke 1 3", "buy luke", "end luke", "roll vader 1 2", "card vader collect-10-empire", "end vader",
         "roll finn 3 4", "buy finn", "end finn", "roll kylo 4 5", "end kylo",     # 9: the tax, 200
         "roll luke 5 6", "decline luke", "close", "end luke",                      # 15: nobody bids
         "roll vader 1 3")
    assert game.state.player("vader").position == 7
    play(game, "claim finn vader", "let-stand vader")
    assert game.state.cash("vader") == 1500 + 10 - 20            # his Force card paid 10


def test_an_owner_in_jail_collects_no_rent() -> None:
    """SW-RENT-5, SW-TURN-2: Luke buys Hoth 2 and Tatooine 4 on two doubles; his third doubles send him to Jail.
    Vader stops on Tatooine 4: no rent may be claimed, and the table is told why (and told again if Luke asks, even
    once Luke has paid his way out of Jail)."""
    game = new_game("luke", "vader")
    play(game, "roll luke 1 1", "buy luke", "roll luke 1 1", "buy luke", "roll luke 2 2", "end luke")
    assert game.state.player("luke").in_jail
    events = play(game, "roll vader 1 3")
    assert game.state.rent_claims == []
    assert "Luke is in Jail: no rent for Tatooine 1" in [getattr(e, "text", "") for e in events]
    assert [v.message for v in refusal(game, "claim luke vader").violations] == [
        "Vader owes Luke no rent right now: Luke is in Jail and collects no rent."]
    play(game, "end vader", "fine luke")  # out of Jail before his roll: Vader's stop still earned nothing
    assert [v.message for v in refusal(game, "claim luke vader").violations] == [
        "Vader owes Luke no rent right now: Vader stands on Tatooine 1, but no rent was due when they stopped "
        "there."]


def test_a_player_in_jail_takes_no_part_in_an_auction() -> None:
    """SW-BUY-2, SW-BUY-3, SW-BUY-5: Vader declines Endor 2 while Luke is in Jail: Luke's bid is refused; Vader, the
    lander, may bid from 10; he passes too, and with no bid the space stays empty."""
    game = new_game("luke", "vader")
    play(game, "roll luke 1 1", "buy luke", "roll luke 1 1", "buy luke", "roll luke 2 2", "end luke",
         "roll vader 5 6", "decline vader")
    assert "auction/in-jail" in codes(game, "bid luke 20")
    assert codes(game, "bid vader 9") == ["auction/too-low"] and codes(game, "bid vader 10") == []  # the lander too
    play(game, "pass vader")
    assert game.state.auction is None and game.state.owner(space(11)) == BANK   # no bid: the space stays empty


def test_a_side_with_no_base_left_cannot_buy_or_bid() -> None:
    """SW-BUY-4: with one Base of each colour, Luke takes the Rebels' only one on Tatooine 4; Finn cannot
    buy Tatooine 7 nor bid for it; Vader wins it for 10."""
    game = new_game("luke", "vader", "finn", "kylo", bases=1)
    play(game, "roll luke 1 3", "buy luke", "end luke", "roll vader 1 2", "card vader collect-10-empire", "end vader",
         "roll finn 3 4")
    assert codes(game, "buy finn") == ["bases/none-left"]
    play(game, "decline finn")
    assert "bases/none-left" in codes(game, "bid finn 10")
    play(game, "bid vader 10", "pass kylo")
    assert game.state.owner(space(7)) == "vader"


def test_sides_are_even_or_one_alone_sits_first() -> None:
    """SW-SIDE-1, SW-SIDE-2, SW-SIDE-3: two Rebels against nobody is refused; three players: the one alone sits
    first."""
    def setup(*players: str) -> Setup:
        return Setup("star-wars-2015", "standard", seats(*players))

    for players in (("luke", "finn"), ("luke", "finn", "vader")):
        try:
            open_game(edition(), setup(*players))
        except CommandRejected as refused:
            assert [v.code for v in refused.violations] == ["setup/sides"]
        else:
            raise AssertionError(players)
    assert open_game(edition(), setup("vader", "luke", "finn")).state.turn.player == "vader"


def test_rey_has_no_side_of_her_own_so_plays_for_the_side_her_player_names() -> None:
    """SW-SIDE-1, SW-SIDE-4: Rey's token has no side in the box data; sat down as a Rebel (or as the Empire) she
    plays for that side; with no side named the set-up is refused, saying she must fight for one; Darth Vader is refused
    as a Rebel, in the sides' own names."""
    rey = {"id": "rey", "name": "Rey", "token": "rey", "side": "rebel"}
    game = open_game(edition(), Setup("star-wars-2015", "standard", [rey, *seats("vader")]))
    assert game.state.player("rey").side == "rebel"
    game = open_game(edition(), Setup("star-wars-2015", "standard", [*seats("luke"), {**rey, "side": "empire"}]))
    assert game.state.player("rey").side == "empire"
    for players, words in (([{**rey, "side": ""}, *seats("vader")], "Rey must fight for a side"),
                           ([*seats("luke"), {**seats("vader")[0], "side": "rebel"}],
                            "Darth Vader fights for the Empire, not the Rebels.")):
        try:
            open_game(edition(), Setup("star-wars-2015", "standard", players))
        except CommandRejected as refused:
            assert any(words in v.message for v in refused.violations), refused.violations
        else:
            raise AssertionError(players)


def test_the_youngest_rebel_goes_first() -> None:
    """SW-SIDE-5: in an even game a Rebel sits first: Vader first against Luke, or Vader and Kylo before Luke and
    Finn, is refused; Luke first, then Vader, Finn and Kylo, starts with Luke's roll."""
    for players in (("vader", "luke"), ("vader", "luke", "kylo", "finn")):
        try:
            open_game(edition(), Setup("star-wars-2015", "standard", seats(*players)))
        except CommandRejected as refused:
            assert [v.code for v in refused.violations] == ["setup/sides"]
            assert "Rebels sits first" in refused.violations[0].message
        else:
            raise AssertionError(players)
    assert new_game("luke", "vader", "finn", "kylo").state.turn.player == "luke"


def test_go_pays_200_when_a_token_lands_on_it() -> None:
    """SW-GO-1, SW-TURN-1, SW-TURN-2, SW-FORCE-1, SW-VISIT-1: Luke rolls 6 + 6 to Free Parking (nothing happens),
    again 6 + 6 round onto GO (200), and a third roll without doubles onto the Rebel cards."""
    game = new_game("luke", "vader")
    play(game, "roll luke 6 6")
    assert (game.state.cash("luke"), game.state.decisions) == (1500, [])   # Free Parking: nothing
    play(game, "roll luke 6 6")
    assert (game.state.player("luke").position, game.state.cash("luke")) == (0, 1700)
    play(game, "roll luke 1 2", "card luke collect-10-rebel", "end luke")


def test_a_rent_not_claimed_before_the_next_player_rolls_is_lost() -> None:
    """SW-RENT-4: Vader stops on Luke's Tatooine 1 and ends his turn; once Luke rolls, the claim is gone."""
    game = new_game("luke", "vader")
    play(game, "roll luke 1 3", "buy luke", "end luke", "roll vader 1 3", "end vader", "roll luke 1 2")
    assert codes(game, "claim luke vader") != []
    assert game.state.cash("vader") == 1500


def test_the_jail_fine_is_100_before_rolling() -> None:
    """SW-JAIL-1, SW-JAIL-2: three doubles send Luke to Jail; on his next turn he pays 100 and rolls."""
    game = new_game("luke", "vader")
    play(game, "roll luke 1 1", "decline luke", "close", "roll luke 1 1", "decline luke", "close",
         "roll luke 2 2", "end luke", "roll vader 1 2", "card vader collect-10-empire", "end vader", "fine luke")
    assert (game.state.player("luke").in_jail, game.state.cash("luke")) == (False, 1400)


def test_the_script_shows_the_box_line_that_enters_a_force_card_drawn_or_played() -> None:
    """SW-FORCE-2, SW-FORCE-3: a Force card nobody has entered is asked for by the deck; the script's ``answer
    with`` line names it as ``box`` does, under the id the ``card`` line drew or the ``DECK/CARD`` the ``play``
    line named, and asks for the half's side with its effect (a half entered without its side is refused). The
    line filled in (collect 100, Luke's Rebel half) is taken, and the card then pays Luke 100."""
    head = ("edition star-wars-2015\nplayer luke token=luke-skywalker side=rebel\n"
            "player vader token=darth-vader side=empire\n" + "\n".join(
                line for line in layout_lines() if not line.startswith("box card:")) + "\n")
    for line, answer in (("roll luke 1 2\ncard luke windfall", "box card:rebel/windfall effect=? side=?"),
                         ("play luke rebel/windfall", "box card:rebel/windfall effect=? side=?")):
        outcome = run_script(parse_script(head + line + "\n"))
        assert outcome.rejected is not None
        _, cmd, [violation] = outcome.rejected
        assert violation.need is not None and box_answer(violation.need, cmd) == answer
        filled = answer.replace("effect=?", "effect=collect amount=100").replace("side=?", "side=rebel")
        outcome = run_script(parse_script(head + line.replace("play", f"{filled}\nplay").replace(
            "card luke", f"{filled}\ncard luke") + "\n"))
        assert outcome.rejected is None and outcome.game.state.cash("luke") == 1500 + 100
    outcome = run_script(parse_script(head + "roll luke 1 2\nbox card:rebel/windfall effect=collect amount=100\n"))
    assert outcome.rejected is not None and outcome.rejected[2][0].code == "box/value"


def test_a_half_the_table_has_seen_keeps_its_side() -> None:
    """SW-FORCE-2: Luke draws a Rebel card whose Rebel half collects 50 (TEST DATA), entered as ``x-wing``: 1550.
    When Vader draws the same card, its Empire half (pay 20) entered under the same id would turn Luke's half
    into Vader's: refused, saying to give it an id of its own; entered as ``x-wing-empire`` Vader pays 20 (1480).
    A game stamped before rules version 3 took the second line."""
    board = [line for line in layout_lines() if not line.startswith("box card:")]
    lines = ("roll luke 1 2", "box card:rebel/x-wing effect=collect amount=50 side=rebel", "card luke x-wing",
             "end luke", "roll vader 1 2")
    game = new_game("luke", "vader", learnt=False)
    play(game, *board, *lines)
    assert game.state.cash("luke") == 1550
    assert codes(game, "box card:rebel/x-wing effect=pay amount=20 side=empire") == ["box/value"]
    play(game, "box card:rebel/x-wing-empire effect=pay amount=20 side=empire", "card vader x-wing-empire")
    assert game.state.cash("vader") == 1480
    old = open_game(edition(), replace(Setup("star-wars-2015", "standard", seats("luke", "vader")), rules_version=2))
    play(old, *board, *lines, "box card:rebel/x-wing effect=pay amount=20 side=empire")


def test_a_force_card_is_carried_out_by_the_half_of_the_drawers_side() -> None:
    """SW-FORCE-1, SW-FORCE-2: Luke (Rebel) stops on the Rebel cards (3) of a box whose Force cards nobody has
    entered: the card is asked, by what its Rebel half does (pay 50, TEST DATA), and carried out: Luke pays 50.
    Vader (Empire) draws the same kind of card later: the Empire half is not the Rebel one, so it is asked again
    (collect 30), and a Rebel half cannot be named for him."""
    game = new_game("luke", "vader", learnt=False)
    board = [line for line in layout_lines() if not line.startswith("box card:")]
    play(game, *board, "roll luke 1 2")
    assert needs(game, "card luke pay-50") == ("card:rebel", ("effect", "side"))
    play(game, "box card:rebel/pay-50 effect=pay amount=50 side=rebel", "card luke pay-50", "end luke")
    assert game.state.cash("luke") == 1500 - 50
    play(game, "roll vader 1 2")
    assert codes(game, "card vader pay-50") == ["card/other-half"]
    play(game, "box card:rebel/collect-30 effect=collect amount=30 side=empire", "card vader collect-30")
    assert game.state.cash("vader") == 1500 + 30
