"""A whole 2 v 2 game of Star Wars 2015 scripted in tests/scripts/star-wars-2015-full-game.txt, from the deal to
the moment every planet space holds a Base, on a made-up box given by the script's ``box`` set-up lines (TEST
DATA: the board of tests/sw2015/testbox.py and a made-up set of Force card halves). Every command must be
accepted; the final figures below are worked out by hand from the script (its comments keep the running totals)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.engine.events import GameEnded
from companion.engine.game import Game
from companion.engine.ledger import BANK, CREDITS
from companion.rules import replay_game
from companion.rules.mechanics.bases import base_unit
from companion.rules.mechanics.force_cards import discard_account, hand_unit
from companion.script import Script, parse_script, run_script

SCRIPT_PATH = Path(__file__).resolve().parents[1] / "scripts" / "star-wars-2015-full-game.txt"


@pytest.fixture(scope="module")
def script() -> Script:
    return parse_script(SCRIPT_PATH.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def game(script: Script) -> Game:
    outcome = run_script(script)
    assert outcome.rejected is None, outcome.rejected
    return outcome.game


def bases_of(game: Game, player: str) -> list[int]:
    """The positions of the planet spaces a player's Bases stand on."""
    s = game.state
    return [d.position for d in game.edition.deeds if s.owner(d.id) == player]


def test_the_game_ends_the_moment_the_last_planet_space_is_taken(script: Script, game: Game) -> None:
    """SW-END-1, SW-GO-2: one command before the end, Hoth 1 is the one planet space without a Base and the game
    goes on; Finn reaches it by Hyperdrive from space 5 (the stretch up to Hyperdrive 16 is all owned), passing
    GO without collecting, and buys it: the game is over at once."""
    before = run_script(Script(script.setup, script.commands[:-1], script.box_lines)).game
    unowned = [d.id for d in before.edition.deeds if before.state.owner(d.id) == BANK]
    assert (unowned, before.state.over) == (["space-1"], False)
    assert [c.to_text() for _, c in script.commands[-2:]] == ["hyperdrive finn space-1", "buy finn"]
    assert game.state.over and not game.state.decisions
    ended = [ev for e in game.entries for ev in e.events if isinstance(ev, GameEnded)]
    assert len(ended) == 1 and game.entries[-1].events[-1] == ended[0]


def test_each_players_cash_at_the_end(game: Game) -> None:
    """SW-RENT-1, SW-RENT-2, SW-RENT-3, SW-BUY-2, SW-TAX-1, SW-JAIL-2, SW-FORCE-1, SW-FORCE-3, SW-GO-1: the
    cash at the end, from 1500 each (TEST DATA prices and rents):

    - Luke: 1500 - 100 (Tatooine 1) + 5 (Finn, an ally: half of 10) - 90 (Tatooine 2 at auction) - 200 (tax)
      - 100 (Jail fine) - 140 (Kamino 1) + 20 (Vader, an enemy, on the whole of Tatooine: 2 x 10) - 10 (half of
      Finn's 20) + 50 (a card from his hand) - 220 (Dagobah 1) = 715;
    - Vader: 1500 - 120 (Endor 1) - 140 (Kamino 2) - 200 (Coruscant 2) - 260 (Geonosis) + 200 (GO) - 20 (to
      Luke) + 6 (Kylo: half of 12) - 120 (Endor 2) + 7 (Kylo: half of 14) = 853;
    - Finn: 1500 - 5 (to Luke) - 30 (Empire card, the Rebel half) - 200 (Coruscant 1) - 220 (Dagobah 2) + 10
      (Luke) + 200 (GO) - 60 (Hoth 2) - 60 (Hoth 1; no GO money on the Hyperdrive jump) = 1135;
    - Kylo: 1500 - 240 (Kashyyyk) + 200 (GO) - 30 (Rebel card, the Empire half) - 6 - 7 (to Vader) = 1417.

    Every credit came from the bank: it is 715 + 853 + 1135 + 1417 = 4120 short."""
    s = game.state
    assert {p.id: s.cash(p.id) for p in s.players} == {"luke": 715, "vader": 853, "finn": 1135, "kylo": 1417}
    assert s.ledger.total(CREDITS) == 0 and s.ledger.balance(BANK) == -4120


def test_each_players_bases_and_the_bank_stock_at_the_end(game: Game) -> None:
    """SW-BUY-1, SW-FORCE-4, SW-END-2: Luke holds Tatooine 1 and 2 (4, 7), Kamino 1 (14) and Dagobah 1 (20); Finn
    Hoth 1 and 2 (1, 2), Coruscant 1 (17) and Dagobah 2 (23); Vader Endor 1 and 2 (8, 11), Kamino 2 (15),
    Coruscant 2 (19) and Geonosis (22); Kylo Kashyyyk (21). Kylo's free Base from the Bounty Hunter was
    cancelled by Luke's Just say no!, so it never left the bank: 12 - 8 = 4 Rebel and 12 - 6 = 6 Empire Bases
    are left there."""
    assert {p: bases_of(game, p) for p in ("luke", "finn", "vader", "kylo")} == {
        "luke": [4, 7, 14, 20], "finn": [1, 2, 17, 23], "vader": [8, 11, 15, 19, 22], "kylo": [21]}
    ledger = game.state.ledger
    assert (ledger.balance(BANK, base_unit("rebel")), ledger.balance(BANK, base_unit("empire"))) == (4, 6)


def test_the_rebels_win_and_finn_is_the_ultimate_winner(game: Game) -> None:
    """SW-END-2, SW-END-3: the Rebels hold 8 Bases, the Empire 6: the Rebels win. Luke and Finn hold 4 each, so
    the highest-placed Base decides: Luke's best is Dagobah 1 (220, rent 22, space 20) and Finn's Dagobah 2
    (220, rent 22, space 23); level on price and rent, Finn's lies further from GO: Finn is the ultimate winner,
    then Luke; then the Empire, Vader (5) before Kylo (1)."""
    s = game.state
    assert s.end_reason == ("every planet space holds a Base: victory to the Rebels, 8 to 6 in Bases; Finn is the "
                            "ultimate winner, level with Luke on 4 Bases but holding the highest-placed one "
                            "(Dagobah 2)")
    assert [(r["player"], r["worth"], r["side"]) for r in s.ranking] == [
        ("finn", 4, "rebel"), ("luke", 4, "rebel"), ("vader", 5, "empire"), ("kylo", 1, "empire")]


def test_every_force_card_is_in_a_deck_a_hand_or_a_discard_pile(game: Game) -> None:
    """SW-SETUP-2, SW-FORCE-5: 18 cards a deck, 3 dealt to each player of its side: 12 left face down. Rebel deck:
    Luke said no once and played one card (1 left in his hand), Kylo drew one (pay 30): 11 face down, 3 face up,
    Luke 1, Finn 3. Empire deck: Finn drew one: 11 face down, 1 face up, Vader 3, Kylo 3."""
    ledger = game.state.ledger
    assert dict(ledger.holders(hand_unit("rebel"))) == {BANK: 11, discard_account("rebel"): 3, "luke": 1, "finn": 3}
    assert dict(ledger.holders(hand_unit("empire"))) == {BANK: 11, discard_account("empire"): 1, "vader": 3,
                                                         "kylo": 3}


def test_replaying_the_journal_gives_the_same_final_state(game: Game) -> None:
    """SW-END-1 (as replayed): the entries of the finished game replay to the identical final state."""
    again = replay_game(game.edition, game.setup, [(e.command, e.at) for e in game.entries[1:] if e.command])
    assert again.state.snapshot() == game.state.snapshot()
