"""Each kind of space says once what it holds and how its values are checked: the edition loader and the box setup
run the same check, so a value one accepts the other accepts too. Values are TEST DATA (made up)."""

from __future__ import annotations

import copy

import pytest

from companion.box.checks import check_raw
from companion.box.fields import space_fields
from companion.card_effects import EFFECTS
from companion.edition import edition_from_data, load_edition
from companion.engine.errors import EditionError
from companion.rules import compose, mechanics_of
from companion.rules.mechanics.card_effects import CardEffects
from companion.rules.mechanics.force_cards import ForceCards
from companion.space_kinds import KINDS
from tests.rules.helpers import REPO_ROOT
from tests.rules.helpers import edition as ot


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_the_box_asks_every_value_a_kind_has(kind: str) -> None:
    """The box form of a space offers exactly the values its kind holds (besides its type), so nothing a rule
    reads can be left without a way to enter it."""
    edition = ot()
    asked = {f.key for f in space_fields(edition, kind)} - {"kind"}
    shared = set(edition.kind_values(kind))
    assert asked == set(KINDS[kind].value_keys(edition.separate_hotel_cost)) - shared


def test_a_hideout_has_no_mortgage_and_one_rent() -> None:
    assert KINDS["hideout"].value_keys() == ("name", "group", "price", "rent")
    assert KINDS["street"].value_keys() == ("name", "group", "price", "mortgage", "build_cost", "rent")
    assert "hotel_cost" in KINDS["street"].value_keys(separate_hotel_cost=True)


def broken(space_id: str, **values: object) -> dict:
    """The Original Trilogy's data with one space's values changed."""
    raw = copy.deepcopy(ot().raw)
    space = next(s for s in raw["board"]["spaces"] if s.get("id") == space_id)
    space.update(values)
    return raw


@pytest.mark.parametrize(("space", "values", "key", "words"), [
    ("tatooine-mos-eisley", {"price": 0}, "price", "the price must be more than 0."),
    ("tatooine-mos-eisley", {"rent": [10, 50, 40, 450, 625, 750]}, "rent",
     "amount 3 (40) must be more than amount 2 (50)"),
    ("tatooine-mos-eisley", {"mortgage": 200}, "mortgage", "is not less than the price"),
    ("tatooine-mos-eisley", {"build_cost": 0}, "build_cost", "the cost must be more than 0."),
])
def test_the_loader_and_the_box_check_say_the_same(space: str, values: dict, key: str, words: str) -> None:
    raw = broken(space, **values)
    with pytest.raises(EditionError) as refused:
        edition_from_data(raw)
    assert any(f", {key}: " in p and words in p for p in refused.value.problems)
    assert any(p.field == key and words in p.message and not p.caution for p in check_raw(raw))


def test_a_value_neither_given_nor_unknown_is_missing() -> None:
    raw = broken("tatooine-mos-eisley")
    space = next(s for s in raw["board"]["spaces"] if s.get("id") == "tatooine-mos-eisley")
    del space["build_cost"]
    with pytest.raises(EditionError) as refused:
        edition_from_data(raw)
    assert any("tatooine-mos-eisley" in p and "build_cost: missing." in p for p in refused.value.problems)
    space["unknown"] = ["build_cost"]
    assert edition_from_data(raw).space("tatooine-mos-eisley").missing_printed == ("build_cost",)


def test_a_docking_tax_needs_no_amount_but_a_plain_tax_does() -> None:
    raw = copy.deepcopy(ot().raw)
    taxes = [s for s in raw["board"]["spaces"] if s.get("kind") == "tax"]
    docking = next(s for s in taxes if s.get("tax") == "docking")
    plain = next(s for s in taxes if s.get("tax") != "docking")
    assert "amount" not in docking
    del plain["amount"]
    with pytest.raises(EditionError) as refused:
        edition_from_data(raw)
    assert [p for p in refused.value.problems if "amount" in p] == [
        f"space {plain['id']} (position {raw['board']['spaces'].index(plain)}), amount: missing."]


def test_a_caution_is_not_a_loading_problem() -> None:
    """A mortgage value that is not half the price is possible (the box may print it): the box asks to confirm
    it, the loader plays with it."""
    raw = broken("tatooine-mos-eisley", mortgage=60)
    assert edition_from_data(raw).space("tatooine-mos-eisley").mortgage == 60
    assert [p.caution for p in check_raw(raw) if p.field == "mortgage"] == [True]


def test_every_card_effect_acted_on_when_drawn_has_its_rule() -> None:
    """A card that acts at once is carried out by its own method of a card mechanic (the classic card effects, or
    Star Wars 2015's Force cards for an effect only their decks offer); a kept card or an enemy's card is played
    by the mechanic that keeps or fights it, never drawn into these. Every effect a deck of a shipped edition
    offers for entering a card is one its edition's rules carry out."""
    acting = {e.id for e in EFFECTS.values() if not e.kept and e.heading != "enemy"} | {"jail-free"}
    handled = {e for e in EFFECTS for mechanic in (CardEffects, ForceCards)
               if hasattr(mechanic, "effect_" + e.replace("-", "_"))}
    assert handled == acting
    for folder in sorted((REPO_ROOT / "editions").iterdir()):
        shipped = load_edition(folder)
        rules = compose(mechanics_of(shipped))
        for deck in shipped.decks.values():
            offered = {e for e in deck.effects if e in acting}
            assert {e for e in offered if not hasattr(rules, "effect_" + e.replace("-", "_"))} == set(), deck.id
