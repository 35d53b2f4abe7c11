"""Ask when needed: a value the box owner has not entered stops exactly the command that reaches it, the table
enters it once (a journaled ``box`` entry, saved to the box profile), and every later game uses it. A journal
replays with the values it learnt, whatever the profile says later. Entered values are TEST DATA (made up)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.box.profile import BoxProfile
from companion.box.store import BoxStore
from companion.box.values import box_words
from companion.engine.commands import Command, parse_command
from companion.engine.errors import CommandRejected
from companion.engine.game import Game
from companion.engine.state import Setup
from companion.rules import new_game
from companion.storage.journal import Journal
from companion.table.box_play import enter_values, start_with_box, stored_values
from companion.table.session import Session
from tests.box.testbox import TEST_ID, gapped_edition
from tests.rules.helpers import play, seat

MOS = "space:tatooine-mos-eisley"
DEED = {"price": 140, "mortgage": 70, "build_cost": 100, "rent": (10, 50, 150, 450, 625, 750)}   # TEST DATA


def setup(players: int = 2, variant: str = "standard") -> Setup:
    return Setup(TEST_ID, variant, [seat(i) for i in range(players)], 0)


def box(target: str, values: dict) -> str:
    return Command("box", box_words(target, values)).to_text()


def refusal(game: Game, line: str) -> CommandRejected:
    before, entries = game.state.snapshot(), len(game.entries)
    with pytest.raises(CommandRejected) as caught:
        game.apply(parse_command(line))
    assert game.state.snapshot() == before and len(game.entries) == entries
    return caught.value


def test_landing_on_a_deed_nobody_has_entered_asks_for_its_price_only_and_changes_nothing() -> None:
    """The lander weighs the price: that is the one value needed now."""
    game = new_game(gapped_edition(), setup())
    exc = refusal(game, "roll luke 5 6")              # GO + 11 = Tatooine: Mos Eisley
    [violation] = exc.violations
    assert violation.code == "box/needed"
    assert violation.need is not None
    assert violation.need.target == MOS
    assert violation.need.fields == ("price",)
    assert violation.message.startswith("Tatooine: Mos Eisley: the price printed in the box is not entered yet.")


def test_buying_asks_nothing_more_than_the_price() -> None:
    """The deed is offered at the price entered and bought at it: what else the Title Deed prints is asked only
    when play needs it (the rent when it is claimed, a building's cost when someone builds...)."""
    game = new_game(gapped_edition(), setup())
    play(game, box(MOS, {"price": 140}), "roll luke 5 6", "buy luke")
    assert game.state.cash("luke") == 1500 - 140
    assert game.state.owner("tatooine-mos-eisley") == "luke"
    assert game.edition.space("tatooine-mos-eisley").missing_printed == ("mortgage", "build_cost", "rent")


def owned_by_luke() -> Game:
    game = new_game(gapped_edition(), setup())
    play(game, box(MOS, {"price": 140}), "roll luke 5 6", "buy luke", "end luke")
    return game


def test_rent_is_asked_when_claimed_and_only_the_amount_for_that_level() -> None:
    """Vader stops on Luke's deed: play goes on (nothing to enter yet). Luke claims: the one amount the rent
    reads is asked (site only: TEST DATA 10), and the rest of the rent table stays optional."""
    game = owned_by_luke()
    play(game, "roll vader 5 6")                                 # Vader lands on Mos Eisley: nothing asked
    assert game.describe()["rent_claims"][0]["to_read"] is True
    exc = refusal(game, "claim luke vader")
    need = exc.violations[0].need
    assert need is not None and need.target == MOS and need.fields == ("rent",) and need.part == 0
    assert "rent for the site alone" in exc.violations[0].message
    play(game, box(MOS, {"rent": (10, 0, 0, 0, 0, 0)}), "claim luke vader")
    assert (game.state.cash("luke"), game.state.cash("vader")) == (1500 - 140 + 10, 1500 - 10)
    assert game.edition.space("tatooine-mos-eisley").missing_printed == ("mortgage", "build_cost", "rent")


def test_a_rent_nobody_claims_is_never_asked() -> None:
    game = owned_by_luke()
    play(game, "roll vader 5 6", "end vader", "roll luke 1 3", "decline luke", "close", "end luke",
         "roll vader 1 3")                                      # two turns on, Vader rolls: the claim has lapsed
    assert game.state.rent_claims == []
    assert game.edition.space("tatooine-mos-eisley").missing_printed == ("mortgage", "build_cost", "rent")


def test_a_rent_table_read_in_parts_adds_up() -> None:
    """Amounts read at different claims join up; once all six are read the table is known."""
    game = new_game(gapped_edition(), setup())
    play(game, box(MOS, {"price": 140, "rent": (10, 0, 0, 0, 0, 0)}),
         box(MOS, {"rent": (0, 50, 150, 450, 625, 0)}))
    assert game.edition.space(MOS.removeprefix("space:")).missing_printed == ("mortgage", "build_cost", "rent")
    play(game, box(MOS, {"rent": (0, 0, 0, 0, 0, 750)}))
    assert game.edition.space(MOS.removeprefix("space:")).rent == (10, 50, 150, 450, 625, 750)
    exc = refusal(game, box(MOS, {"rent": (0, 0, 40, 0, 0, 0)}))  # less than the 50 read before it
    assert exc.violations[0].code == "box/value"


def test_a_partly_read_rent_table_must_still_rise() -> None:
    game = new_game(gapped_edition(), setup())
    exc = refusal(game, box(MOS, {"rent": (60, 0, 50, 0, 0, 0)}))
    assert "amount 3 (50) must be more than amount 1 (60)" in exc.violations[0].message


def test_once_entered_the_same_roll_plays_on_with_the_values_from_the_box() -> None:
    game = new_game(gapped_edition(), setup())
    play(game, box(MOS, DEED), "roll luke 5 6", "buy luke")
    assert game.state.cash("luke") == 1500 - 140
    assert game.edition.space("tatooine-mos-eisley").owner == {"price", "mortgage", "build_cost", "rent"}
    assert [e.text for e in game.entries[1:3]] == [box(MOS, DEED), "roll luke 5 6"]


def test_rent_on_an_entered_deed_follows_its_table() -> None:
    game = new_game(gapped_edition(), setup())
    play(game, box(MOS, DEED), "roll luke 5 6", "buy luke", "end luke", "roll vader 5 6", "claim luke vader")
    assert game.state.cash("vader") == 1500 - 10            # TEST DATA rent, site only: 10


def test_a_tax_amount_is_asked_when_someone_first_lands_there() -> None:
    game = new_game(gapped_edition(), setup())
    play(game, "roll luke 4 6", "correct luke star-destroyer",   # the table agrees Luke is on 35 ...
         "decline luke", "close", "end luke", "roll vader 4 6", "end vader")   # ... and leaves it to the bank
    exc = refusal(game, "roll luke 1 2")                   # 35 + 3 = 38, Bounty
    assert exc.violations[0].need is not None
    assert exc.violations[0].need.target == "space:bounty"
    assert exc.violations[0].need.fields == ("amount",)


def test_bad_values_are_refused_naming_the_space_and_field_and_nothing_is_journaled() -> None:
    game = new_game(gapped_edition(), setup())
    exc = refusal(game, box(MOS, {**DEED, "rent": (10, 50, 40, 450, 625, 750)}))
    assert [v.code for v in exc.violations] == ["box/value"]
    assert exc.violations[0].message.startswith("Space 11 (Tatooine: Mos Eisley), rent: amount 3 (40)")
    assert refusal(game, box(MOS, {"group": "hoth"})).violations[0].message.endswith(
        "cannot change during a game.")
    assert [v.code for v in refusal(game, "box space:tatooine-mos-eisley price").violations] == ["box/syntax"]


def test_undoing_the_box_entry_forgets_the_values_again() -> None:
    game = new_game(gapped_edition(), setup())
    play(game, box(MOS, DEED), "undo 1 'typed the wrong deed'")
    assert game.edition.space("tatooine-mos-eisley").unknown == {"price", "mortgage", "build_cost", "rent"}
    assert refusal(game, "roll luke 5 6").violations[0].code == "box/needed"


def test_a_card_not_entered_yet_is_entered_when_drawn() -> None:
    game = new_game(gapped_edition(), setup())
    play(game, "roll luke 3 4")                            # GO + 7 = Imperial card space
    exc = refusal(game, "card luke fine")
    assert exc.violations[0].need is not None
    assert exc.violations[0].need.target == "card:imperial"
    play(game, box("card:imperial/fine", {"title": "A fine", "effect": "pay", "amount": 15, "count": 1}),
         "card luke fine")                                 # TEST DATA: a made-up card
    assert game.state.cash("luke") == 1500 - 15
    assert game.edition.decks["imperial"].missing == 5


def test_a_full_deck_does_not_ask_for_cards() -> None:
    from tests.rules.helpers import new_game
    game = new_game()
    play(game, "roll luke 3 4")
    assert [v.code for v in refusal(game, "card luke fine").violations] == ["card/unknown"]


def test_a_game_starts_while_the_layout_is_missing_and_learns_it_where_a_token_stops() -> None:
    """Moves count spaces, so a board whose space 6 nobody has described plays at once: a token passing it asks
    nothing; one stopping there asks what it is (its type, and a deed's group with it) and then its price, and
    the same roll plays on. A space's name is never needed; until the box gives one it is called by its group
    and place ("Hoth, no. 1" while the group's own name is not entered either)."""
    game = new_game(gapped_edition(layout_gaps=True), setup())
    play(game, "roll luke 4 6", "end luke")                     # past space 6 to Just Visiting: nothing asked
    assert game.edition.space("space-6").name == "Space 6"
    exc = refusal(game, "roll vader 2 4")                       # GO + 6: the space nobody described
    assert exc.violations[0].need is not None
    assert (exc.violations[0].need.target, exc.violations[0].need.fields) == ("space:space-6", ("kind",))
    play(game, box("space:space-6", {"kind": "street", "group": "hoth"}))
    assert game.edition.space("space-6").name == "Hoth, no. 1"
    assert refusal(game, "roll vader 2 4").violations[0].need.fields == ("price",)
    play(game, box("space:space-6", {"price": 100}), "roll vader 2 4", "decline vader", "close")
    assert game.state.player("vader").position == 6
    assert refusal(game, box("space:space-6", {"kind": "tax"})).violations[0].message.endswith(
        "cannot change during a game.")


def test_a_way_to_play_that_deals_deeds_needs_every_deed_first() -> None:
    with pytest.raises(CommandRejected) as caught:
        new_game(gapped_edition(), setup(variant="short"))
    assert [v.code for v in caught.value.violations] == ["setup/box"]
    assert "3 still lack values (Tatooine: Mos Eisley, Tatooine: Spaceport, Tatooine: Lars Homestead" in \
        caught.value.violations[0].message


# ---------------------------------------------------------------------------- with the journal and the store


@pytest.fixture
def store(tmp_path: Path) -> BoxStore:
    return BoxStore(tmp_path / "boxes")


@pytest.fixture
def journal(tmp_path: Path) -> Journal:
    return Journal(tmp_path / "games.sqlite3")


def test_a_value_entered_once_is_saved_and_the_next_game_does_not_ask(store: BoxStore, journal: Journal) -> None:
    edition = gapped_edition()
    first = start_with_box(journal, store, edition, setup())
    needed = first.submit("roll luke 5 6")
    assert [n.target for n in needed.needs] == [MOS]
    entered = enter_values(store, first, MOS, DEED)
    assert entered.saved and entered.answer.accepted
    assert first.submit("roll luke 5 6").accepted
    assert store.current(edition).value(MOS)["price"] == 140
    second = start_with_box(journal, store, edition, setup())
    answer = second.submit("roll luke 5 6")
    assert answer.accepted, answer.reasons
    assert second.edition.box["version"] == 2


def test_a_game_started_before_the_value_was_entered_finds_it_in_the_box(store: BoxStore, journal: Journal) -> None:
    edition = gapped_edition()
    older = start_with_box(journal, store, edition, setup())
    newer = start_with_box(journal, store, edition, setup())
    enter_values(store, newer, MOS, DEED)
    need = older.submit("roll luke 5 6").needs[0]
    assert stored_values(store, older, need) == {"price": 140}  # what this need asks; buying takes the rest


def test_a_journal_replays_with_its_box_after_the_profile_changes(store: BoxStore, journal: Journal) -> None:
    edition = gapped_edition()
    session = start_with_box(journal, store, edition, setup())
    enter_values(store, session, MOS, DEED)
    for line in ("roll luke 5 6", "buy luke", "end luke", "roll vader 5 6", "claim luke vader"):
        assert session.submit(line).accepted
    before = session.game.state.snapshot()
    profile = store.current(edition)
    store.save(profile.with_values(MOS, {**DEED, "price": 160, "mortgage": 80}))   # TEST DATA: a later correction
    resumed = Session.resume(journal, session.game_id)
    assert resumed.game.state.snapshot() == before
    assert resumed.edition.space("tatooine-mos-eisley").price == 140
    assert resumed.game.state.cash("luke") == 1500 - 140 + 10


def test_a_box_the_table_chose_is_recorded_with_the_game(store: BoxStore, journal: Journal) -> None:
    edition = gapped_edition()
    chosen = store.save(BoxProfile(TEST_ID, "attic", "Attic box", 0, "1").with_values(MOS, DEED))
    store.save(store.new(edition, "Other box"))
    session = start_with_box(journal, store, edition, setup(), box="attic")
    assert session.edition.box == chosen.meta()
    assert session.submit("roll luke 5 6").accepted


def test_a_rent_claimed_in_time_can_wait_for_its_card_and_stays_owed() -> None:
    """Luke claims in time but the Title Deed is not at hand: the claim is deferred and play goes on past the
    deadline; when the amount is read (TEST DATA 10), claiming again collects it."""
    game = owned_by_luke()
    play(game, "roll vader 5 6")
    assert [v.code for v in refusal(game, "claim luke vader").violations] == ["box/needed"]
    play(game, "defer luke vader", "end vader", "roll luke 1 3", "decline luke", "close", "end luke",
         "roll vader 1 3")                                      # past the deadline: still owed
    assert [(c.owner, c.payer, c.deferred) for c in game.state.rent_claims] == [("luke", "vader", True)]
    play(game, box(MOS, {"rent": (10, 0, 0, 0, 0, 0)}), "claim luke vader")
    assert game.state.rent_claims == []
    assert game.state.cash("vader") == 1500 - 10


def test_only_a_rent_waiting_for_its_amount_can_be_deferred() -> None:
    game = new_game(gapped_edition(), setup())
    play(game, box(MOS, {**DEED}), "roll luke 5 6", "buy luke", "end luke", "roll vader 5 6")
    assert [v.code for v in refusal(game, "defer luke vader").violations] == ["rent/known"]
    assert [v.code for v in refusal(game, "defer vader luke").violations] == ["rent/no-claim"]
