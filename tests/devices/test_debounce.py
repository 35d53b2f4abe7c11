"""Our own debounce: a press counts only after the line has been quiet for the window (30 ms here)."""

from __future__ import annotations

from companion.devices.debounce import Debouncer
from tests.devices.pins import FakeClock


def edges(debouncer: Debouncer, clock: FakeClock, train: list[tuple[float, bool]]) -> list[bool]:
    """Feed ``(ms after the previous edge, pressed)`` edges; return what each one answered."""
    answers = []
    for gap, pressed in train:
        clock.step(gap)
        answers.append(debouncer.edge(pressed))
    return answers


def test_a_bouncing_press_counts_once_at_its_first_edge() -> None:
    """Press edge, then five release/press toggles 1 ms apart: the first edge counts, the train adds nothing."""
    clock = FakeClock()
    debouncer = Debouncer(0.03, clock)
    answers = edges(debouncer, clock, [(0, True), (1, False), (1, True), (1, False), (1, True), (1, False)])
    assert answers == [True, False, False, False, False, False]
    assert debouncer.ignored == 2  # the two press edges inside the train


def test_a_press_after_a_quiet_line_counts() -> None:
    """40 ms of quiet after the last release is more than the 30 ms window: the press counts."""
    clock = FakeClock()
    debouncer = Debouncer(0.03, clock)
    assert edges(debouncer, clock, [(0, True), (100, False), (40, True)]) == [True, False, True]
    assert debouncer.ignored == 0


def test_two_presses_100_ms_apart_are_two() -> None:
    clock = FakeClock()
    debouncer = Debouncer(0.03, clock)
    assert edges(debouncer, clock, [(0, True), (50, False), (50, True), (50, False)]) == [True, False, True, False]


def test_a_bouncing_release_gives_no_press() -> None:
    """A button let go after 200 ms bounces closed twice on the way: no extra press, two ignored."""
    clock = FakeClock()
    debouncer = Debouncer(0.03, clock)
    answers = edges(debouncer, clock, [(0, True), (200, False), (1, True), (1, False), (2, True), (1, False)])
    assert answers == [True, False, False, False, False, False]
    assert debouncer.ignored == 2


def test_quiet_is_measured_from_the_last_edge_of_either_kind() -> None:
    """29 ms after a release is still too soon; once 31 ms have passed since that edge, a press counts."""
    clock = FakeClock()
    debouncer = Debouncer(0.03, clock)
    assert edges(debouncer, clock, [(0, True), (100, False), (29, True), (0.5, False), (31, True)]) == [
        True, False, False, False, True]
    assert debouncer.ignored == 1


def test_the_window_is_the_one_given() -> None:
    """With a 5 ms window, a press 10 ms after the release counts; with the 30 ms default it does not."""
    clock = FakeClock()
    short, default = Debouncer(0.005, clock), Debouncer(clock=clock)
    for debouncer in (short, default):
        debouncer.edge(True)
    clock.step(100)
    for debouncer in (short, default):
        debouncer.edge(False)
    clock.step(10)
    assert (short.edge(True), default.edge(True)) == (True, False)
