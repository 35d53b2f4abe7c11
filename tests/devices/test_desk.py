"""The dice desk: a roll reaches the engine once, only when one is wanted, and only if it fits the dice."""

from __future__ import annotations

import threading
from random import Random

from hypothesis import given
from hypothesis import strategies as st

from companion.devices.desk import DiceDesk
from companion.devices.protocol import DeviceDie
from companion.devices.rolls import DiceRoll, RollRequest, draw, fit, unable
from companion.dice import load_dice
from companion.paths import editions_dir
from tests.go.testbox import start

CLASSIC = load_dice(editions_dir() / "original-trilogy")
MANDO = load_dice(editions_dir() / "mandalorian")
SILVER, GREEN, D6 = DeviceDie(1, 6, "silver"), DeviceDie(1, 3, "green"), DeviceDie(1, 6)


class Table:
    """Records what the desk hands on and what it refuses."""

    def __init__(self) -> None:
        self.delivered: list[tuple[str, tuple[int, ...], str]] = []
        self.refused: list[tuple[str, tuple[str, ...]]] = []
        self.desk = DiceDesk(self.deliver, self.refuse)

    def deliver(self, request: RollRequest, roll: DiceRoll, values: tuple[int, ...]) -> None:
        self.delivered.append((request.command, values, roll.source))

    def refuse(self, roll: DiceRoll, reasons: tuple[str, ...]) -> None:
        self.refused.append((roll.source, reasons))


def luke_to_roll(table: Table) -> None:
    table.desk.expect(RollRequest(CLASSIC.need(), "roll luke", "Luke"))


def test_a_roll_while_none_is_wanted_is_refused_with_the_reason() -> None:
    """Pressing Roll while Luke must still decide about the Swamp does nothing but say why."""
    table = Table()
    table.desk.expect(None, "Luke must buy Dagobah: Swamp or put it up for auction first.")
    outcome = table.desk.offer(DiceRoll((3, 4), "gpio"))
    assert not outcome.taken and table.delivered == []
    assert table.refused == [("gpio", ("Luke must buy Dagobah: Swamp or put it up for auction first.",))]


def test_the_first_roll_is_taken_and_the_next_refused_until_it_is_recorded() -> None:
    """Two sources rolling at once: only the first roll counts; after it is recorded the desk listens again."""
    table = Table()
    luke_to_roll(table)
    assert table.desk.offer(DiceRoll((3, 4), "serial", (D6, D6))).taken
    second = table.desk.offer(DiceRoll((6, 6), "screen"))
    assert table.delivered == [("roll luke", (3, 4), "serial")]
    assert second.reasons == ("The last roll is still being recorded.",)
    luke_to_roll(table)  # the game moved on while the roll was being recorded: still closed
    assert not table.desk.offer(DiceRoll((6, 6), "screen")).taken
    table.desk.recorded()
    assert table.desk.offer(DiceRoll((6, 6), "screen")).taken
    assert [d[1] for d in table.delivered] == [(3, 4), (6, 6)]


def test_impossible_values_are_refused_and_the_roll_stays_wanted() -> None:
    """A typed 7 is refused with the reason; a correct roll afterwards is still taken."""
    table = Table()
    luke_to_roll(table)
    assert table.desk.offer(DiceRoll((7, 2), "typed")).reasons == ("The first die shows 1 to 6, not 7.",)
    assert table.desk.offer(DiceRoll((5, 2), "typed")).taken
    assert table.delivered == [("roll luke", (5, 2), "typed")]


def test_many_threads_rolling_at_once_give_exactly_one_roll() -> None:
    """Twenty threads offer a roll at the same moment: the engine gets one."""
    table = Table()
    luke_to_roll(table)
    start = threading.Barrier(20)

    def roll() -> None:
        start.wait()
        table.desk.offer(DiceRoll((2, 2), "gpio"))

    threads = [threading.Thread(target=roll) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(table.delivered) == 1 and len(table.refused) == 19


def test_a_device_roll_is_put_in_the_order_of_the_wanted_dice() -> None:
    """A Grogu battle wants silver then green; a device that reports green first still gives (silver, green)."""
    need = MANDO.need("battle-with-grogu")
    assert fit(need, DiceRoll((2, 5), "serial", (GREEN, SILVER))) == ((5, 2), [])


def test_a_device_roll_must_throw_exactly_the_wanted_dice() -> None:
    """Moving without Grogu is the silver die alone: throwing both, or only the green, is refused."""
    need = MANDO.need("move")
    assert fit(need, DiceRoll((4,), "serial", (SILVER,))) == ((4,), [])
    assert fit(need, DiceRoll((4, 2), "serial", (SILVER, GREEN)))[1] == [
        "The move is the silver die (1 to 6); the green die was thrown as well."]
    assert fit(need, DiceRoll((2,), "serial", (GREEN,)))[1] == [
        "The move needs the silver die, and it was not thrown.",
        "The move is the silver die (1 to 6); the green die was thrown as well."]


def test_a_two_player_monopoly_go_roll_from_a_four_dice_tray_ignores_the_unseated_colours() -> None:
    """GO-ROUND-2 (I-GO-12): ann (red) and ben (yellow) play; the tray throws all four coloured dice, reported
    blue 6, green 5, yellow 4, red 3: the roll is red 3 then yellow 4, and the green and blue dice count for
    nothing. Without the yellow die the roll is refused."""
    game = start(2)
    red, yellow, green, blue = (DeviceDie(1, 6, c) for c in ("red", "yellow", "green", "blue"))
    need = game.roll_need("ann")
    assert [d.colour for d in need.dice] == ["red", "yellow"] and need.spare == ("green", "blue")
    assert fit(need, DiceRoll((6, 5, 4, 3), "serial", (blue, green, yellow, red))) == ((3, 4), [])
    assert fit(need, DiceRoll((6, 3), "serial", (blue, red)))[1] == [
        "The round's roll needs the yellow die, and it was not thrown."]


def test_a_device_says_which_wanted_dice_it_lacks() -> None:
    """A two-d6 dice tower cannot roll the Mandalorian's green die, nor all four MONOPOLY GO! dice."""
    tower = (D6, D6)
    assert unable(MANDO.need("move"), tower, "dice tower") == []  # an uncoloured d6 will do for the silver die
    assert unable(MANDO.need("move-with-grogu"), tower, "dice tower") == ["The dice tower has no green die (1 to 3)."]
    go = load_dice(editions_dir() / "monopoly-go").need()
    assert unable(go, tower, "dice tower") == ["The dice tower has no green die (1 to 6).",
                                               "The dice tower has no blue die (1 to 6)."]
    assert unable(CLASSIC.need(), tower, "dice tower") == []


@given(st.integers(0, 2**32))
def test_on_screen_dice_only_show_values_their_die_has(seed: int) -> None:
    """Every drawn roll is one the engine accepts, for every edition's every roll."""
    rng = Random(seed)
    for dice in (CLASSIC, MANDO, load_dice(editions_dir() / "monopoly-go")):
        for need in dice.rolls.values():
            assert need.problems(draw(need, rng)) == []


def test_on_screen_dice_are_fair() -> None:
    """6,000 draws of the green die: each of 1, 2, 3 comes up about a third of the time (within 5 points)."""
    need = MANDO.need("move-with-grogu")
    rng = Random(4)
    counts = {v: 0 for v in (1, 2, 3)}
    for _ in range(6000):
        counts[draw(need, rng)[0]] += 1
    assert all(1700 < c < 2300 for c in counts.values()), counts
