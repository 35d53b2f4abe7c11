"""The GPIO panel on gpiozero's mock pins: debounced presses, lamps and buzzer, releasing pins, opening safely.

Mock pins call back synchronously on the thread that drives them and do not simulate bounce, so the tests drive
bounce trains themselves while a fake clock steps by milliseconds (the panel's debounce window is 30 ms).
"""

from __future__ import annotations

import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero import BadPinFactory, Buzzer, Device, PinFactoryFallback
from gpiozero.pins.mock import MockFactory, MockPin

from companion.devices import gpio
from companion.devices.buttons import Press
from companion.devices.config import GpioConfig, default_file, load_config
from companion.devices.gpio import GpioPanel, gpio_available, open_panel
from tests.devices.pins import FakeClock, press, release, tap

ROLL, CONFIRM, CANCEL = 17, 27, 22
SEATS = (5, 6, 13, 19)
LAMPS = (23, 24, 25, 12)
ACCEPTED, REFUSED, BUZZER = 16, 20, 26
CONFIG = GpioConfig(mode="on", roll=ROLL, confirm=CONFIRM, cancel=CANCEL, seats=SEATS, turn_lamps=LAMPS,
                    accepted_lamp=ACCEPTED, refused_lamp=REFUSED, buzzer=BUZZER, bounce_ms=30)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def presses() -> list[Press]:
    return []


@pytest.fixture
def panel(factory: MockFactory, clock: FakeClock, presses: list[Press]) -> Iterator[GpioPanel]:
    """The full panel, started, with 10 ms feedback flashes; stopped after the test."""
    opened = GpioPanel(CONFIG, clock, factory, flash=0.01)
    opened.start(presses.append)
    yield opened
    opened.stop()


def lit(factory: MockFactory, pins: tuple[int, ...]) -> list[bool]:
    return [bool(factory.pin(pin).state) for pin in pins]


def history(line: MockPin) -> list[bool]:
    """Every state the pin has been in (``assert_states`` would not notice extra ones)."""
    return [bool(s.state) for s in line.states]


def wait_states(line: MockPin, expected: list[bool], timeout: float = 1.0) -> None:
    """Wait (briefly) until a background blink has written ``expected``, then check it exactly."""
    deadline = time.monotonic() + timeout
    while history(line) != expected and time.monotonic() < deadline:
        time.sleep(0.002)
    assert history(line) == expected


def test_a_bouncing_roll_press_gives_one_press(factory: MockFactory, clock: FakeClock, panel: GpioPanel,
                                               presses: list[Press]) -> None:
    """Press and release both bounce (4 toggles each): one Roll press; the 4 bounced press edges are ignored."""
    tap(factory, clock, ROLL)
    assert presses == [Press("roll")]
    assert panel.ignored == 4


def test_a_held_button_gives_one_press(factory: MockFactory, clock: FakeClock, panel: GpioPanel,
                                       presses: list[Press]) -> None:
    """Held down for five seconds then let go: still one press (edges only, no repeat)."""
    press(factory, clock, ROLL)
    clock.step(5000)
    assert presses == [Press("roll")]
    release(factory, clock, ROLL)
    assert presses == [Press("roll")]


def test_two_taps_are_two_presses(factory: MockFactory, clock: FakeClock, panel: GpioPanel,
                                  presses: list[Press]) -> None:
    tap(factory, clock, ROLL)
    tap(factory, clock, ROLL)
    assert presses == [Press("roll"), Press("roll")]


def test_each_button_gives_its_own_press(factory: MockFactory, clock: FakeClock, panel: GpioPanel,
                                         presses: list[Press]) -> None:
    """Confirm, Cancel and the four seat buttons in turn map to their presses, seats numbered from 1."""
    for pin in (CONFIRM, CANCEL, *SEATS):
        tap(factory, clock, pin)
    assert presses == [Press("confirm"), Press("cancel"), Press("seat", 1), Press("seat", 2), Press("seat", 3),
                       Press("seat", 4)]


def test_buttons_debounce_separately(factory: MockFactory, clock: FakeClock, panel: GpioPanel,
                                     presses: list[Press]) -> None:
    """Seat 1 pressed 1 ms after seat 2 (two players bidding at once): both presses count."""
    factory.pin(SEATS[1]).drive_low()
    clock.step(1)
    factory.pin(SEATS[0]).drive_low()
    assert presses == [Press("seat", 2), Press("seat", 1)]


def test_presses_before_start_are_not_reported(factory: MockFactory, clock: FakeClock) -> None:
    opened = GpioPanel(CONFIG, clock, factory)
    try:
        presses: list[Press] = []
        tap(factory, clock, CANCEL)
        opened.start(presses.append)
        tap(factory, clock, CANCEL)
        assert presses == [Press("cancel")]
    finally:
        opened.stop()


def test_presses_arrive_on_the_thread_that_saw_the_edge(factory: MockFactory, clock: FakeClock,
                                                        panel: GpioPanel) -> None:
    """The panel does not hop threads (the app does): a press driven from a worker thread is reported there."""
    seen: list[str] = []
    panel.start(lambda _press: seen.append(threading.current_thread().name))
    worker = threading.Thread(target=tap, args=(factory, clock, ROLL), name="edge-thread")
    worker.start()
    worker.join(timeout=1)
    assert seen == ["edge-thread"]


def test_a_failing_handler_is_logged_and_buttons_keep_working(factory: MockFactory, clock: FakeClock,
                                                              panel: GpioPanel,
                                                              caplog: pytest.LogCaptureFixture) -> None:
    handled: list[Press] = []

    def handler(pressed: Press) -> None:
        handled.append(pressed)
        if len(handled) == 1:
            raise RuntimeError("app broke")

    panel.start(handler)
    tap(factory, clock, ROLL)
    tap(factory, clock, CONFIRM)
    assert handled == [Press("roll"), Press("confirm")]
    assert "handling the Roll button failed" in caplog.text


def test_buttons_use_the_pull_up_and_the_label_lists_them(panel: GpioPanel, factory: MockFactory) -> None:
    """Buttons connect their pin to ground, so each one's pin is pulled up and reads high when not pressed."""
    assert [factory.pin(pin).pull for pin in (ROLL, CONFIRM, CANCEL, *SEATS)] == ["up"] * 7
    assert [factory.pin(pin).state for pin in (ROLL, CONFIRM, CANCEL, *SEATS)] == [True] * 7
    assert panel.label == "GPIO buttons: Roll, Confirm, Cancel and 4 seat buttons"


def test_the_shipped_pin_map_opens(factory: MockFactory) -> None:
    config, problems = load_config([default_file()])
    assert problems == []
    opened = GpioPanel(config.gpio, pin_factory=factory)
    try:
        assert opened.label == "GPIO buttons: Roll, Confirm, Cancel and 4 seat buttons"
    finally:
        opened.stop()


def test_parts_not_fitted_are_left_out(factory: MockFactory, clock: FakeClock) -> None:
    """Only Roll and one seat button fitted: only their pins are claimed, and lamps/buzzer calls do nothing."""
    opened = GpioPanel(GpioConfig(roll=ROLL, seats=(SEATS[0],)), clock, factory)
    try:
        assert opened.label == "GPIO buttons: Roll and 1 seat button"
        assert {info.name for info in factory.pins} == {"GPIO17", "GPIO5"}
        opened.show_turn(1)
        opened.feedback(False)
        assert {info.name for info in factory.pins} == {"GPIO17", "GPIO5"}
    finally:
        opened.stop()


def test_show_turn_lights_exactly_that_seats_lamp(factory: MockFactory, panel: GpioPanel) -> None:
    assert lit(factory, LAMPS) == [False, False, False, False]
    panel.show_turn(2)
    assert lit(factory, LAMPS) == [False, True, False, False]
    panel.show_turn(4)
    assert lit(factory, LAMPS) == [False, False, False, True]
    panel.show_turn(None)
    assert lit(factory, LAMPS) == [False, False, False, False]


def test_a_seat_without_a_lamp_leaves_all_lamps_off(factory: MockFactory, clock: FakeClock) -> None:
    """Six seats at the table but only two lamps: seat 5's turn lights none."""
    opened = GpioPanel(GpioConfig(roll=ROLL, turn_lamps=LAMPS[:2]), clock, factory)
    try:
        opened.show_turn(1)
        opened.show_turn(5)
        assert lit(factory, LAMPS[:2]) == [False, False]
    finally:
        opened.stop()


def test_accepted_feedback_blinks_the_accepted_lamp_only(factory: MockFactory, panel: GpioPanel) -> None:
    panel.feedback(True)
    wait_states(factory.pin(ACCEPTED), [False, True, False])
    assert (history(factory.pin(REFUSED)), history(factory.pin(BUZZER))) == ([False], [False])


def test_refused_feedback_blinks_the_refused_lamp_and_beeps(factory: MockFactory, panel: GpioPanel) -> None:
    panel.feedback(False)
    wait_states(factory.pin(REFUSED), [False, True, False])
    wait_states(factory.pin(BUZZER), [False, True, False])
    assert history(factory.pin(ACCEPTED)) == [False]


def test_stop_frees_the_pins_for_a_new_panel(factory: MockFactory, clock: FakeClock, panel: GpioPanel,
                                             presses: list[Press]) -> None:
    """After stop the lit lamp is off, the old panel reports nothing and ignores its lamps; a new panel on the
    same pins works."""
    panel.show_turn(1)
    panel.stop()
    assert lit(factory, LAMPS) == [False, False, False, False]
    panel.show_turn(1)
    panel.feedback(False)
    again = GpioPanel(CONFIG, clock, factory)
    try:
        later: list[Press] = []
        again.start(later.append)
        tap(factory, clock, ROLL)
        again.show_turn(3)
        assert (presses, later) == ([], [Press("roll")])
        assert lit(factory, LAMPS) == [False, False, True, False]
    finally:
        again.stop()


def test_gpio_is_available_with_mock_pins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    assert gpio_available() == (True, "gpiozero's mock pins are in use (GPIOZERO_PIN_FACTORY=mock)")


@pytest.mark.parametrize(("model", "expected"), [
    (b"Raspberry Pi 5 Model B Rev 1.0\x00", (True, "this computer is a Raspberry Pi 5 Model B Rev 1.0")),
    (b"Pine64 RockPro64 v2.1\x00", (False, "this computer is not a Raspberry Pi ({file} says 'Pine64 RockPro64 "
                                           "v2.1')")),
    (None, (False, "this computer is not a Raspberry Pi (it has no {file})")),
])
def test_gpio_is_available_only_on_a_raspberry_pi(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                  model: bytes | None, expected: tuple[bool, str]) -> None:
    model_file = tmp_path / "model"
    if model is not None:
        model_file.write_bytes(model)
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setattr(gpio, "MODEL_FILE", model_file)
    assert gpio_available() == (expected[0], expected[1].format(file=model_file))


def test_open_panel_when_switched_off() -> None:
    assert open_panel(GpioConfig(mode="off", roll=ROLL)) == (
        None, ['GPIO buttons are switched off ([gpio] mode = "off")'])


def test_open_panel_auto_off_a_pi(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setattr(gpio, "MODEL_FILE", tmp_path / "missing")
    assert open_panel(GpioConfig(mode="auto", roll=ROLL)) == (
        None, [f"GPIO buttons are not used: this computer is not a Raspberry Pi (it has no {tmp_path / 'missing'})"])


def test_open_panel_auto_with_mock_pins(monkeypatch: pytest.MonkeyPatch, factory: MockFactory,
                                        clock: FakeClock) -> None:
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    opened, notes = open_panel(GpioConfig(mode="auto", roll=ROLL, confirm=CONFIRM), clock)
    assert opened is not None
    try:
        assert notes == []
        assert opened.label == "GPIO buttons: Roll and Confirm"
        presses: list[Press] = []
        opened.start(presses.append)
        tap(factory, clock, CONFIRM)
        assert presses == [Press("confirm")]
    finally:
        opened.stop()


def test_open_panel_without_buttons(factory: MockFactory) -> None:
    assert open_panel(GpioConfig(mode="on", turn_lamps=LAMPS), pin_factory=factory) == (
        None, ["GPIO buttons are not used: no button pins are set in the [gpio] settings"])


def test_open_panel_with_an_unknown_pin_factory(monkeypatch: pytest.MonkeyPatch, factory: MockFactory) -> None:
    """gpiozero cannot find the pin driver named in GPIOZERO_PIN_FACTORY: no panel, and the reason in words."""
    Device.pin_factory = None
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "nonexistent")
    opened, reasons = open_panel(CONFIG)
    assert opened is None
    assert len(reasons) == 1
    assert reasons[0].startswith("GPIO buttons could not be opened: Unable to find pin factory 'nonexistent' (no "
                                 "pin driver could be loaded; on a Raspberry Pi 5 gpiozero needs the lgpio library")


def test_open_panel_on_a_pi_5_without_lgpio(monkeypatch: pytest.MonkeyPatch, factory: MockFactory) -> None:
    """gpiozero falls back from every driver and gives up: the reason names lgpio, the fallbacks come as notes."""
    def no_driver() -> MockFactory:
        warnings.warn(PinFactoryFallback("Falling back from lgpio: No module named 'lgpio'"), stacklevel=1)
        raise BadPinFactory("Unable to load any default pin factory!")

    Device.pin_factory = None
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setattr(Device, "_default_pin_factory", staticmethod(no_driver))
    opened, reasons = open_panel(CONFIG)
    assert opened is None
    assert reasons == [
        "GPIO buttons could not be opened: Unable to load any default pin factory! (no pin driver could be loaded; "
        "on a Raspberry Pi 5 gpiozero needs the lgpio library: 'sudo apt install python3-lgpio', or 'pip install "
        "lgpio' inside the app's virtual environment)",
        "gpiozero: Falling back from lgpio: No module named 'lgpio'"]


def test_open_panel_notes_a_driver_fallback_beside_the_panel(monkeypatch: pytest.MonkeyPatch,
                                                             factory: MockFactory) -> None:
    def fallback() -> MockFactory:
        warnings.warn(PinFactoryFallback("Falling back from lgpio: No module named 'lgpio'"), stacklevel=1)
        return factory

    Device.pin_factory = None
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setattr(Device, "_default_pin_factory", staticmethod(fallback))
    opened, notes = open_panel(CONFIG)
    assert opened is not None
    opened.stop()
    assert notes == ["gpiozero: Falling back from lgpio: No module named 'lgpio'"]


def test_open_panel_without_permission(factory: MockFactory) -> None:
    class Forbidden(MockFactory):
        def pin(self, name: object, pin_class: object = None, **kwargs: object) -> MockPin:
            raise PermissionError(13, "Permission denied", "/dev/gpiochip0")

    assert open_panel(CONFIG, pin_factory=Forbidden()) == (None, [
        "GPIO buttons could not be opened: [Errno 13] Permission denied: '/dev/gpiochip0' (the app's user needs to "
        "be in the 'gpio' group)"])


def test_open_panel_with_a_pin_in_use_releases_the_pins_it_took(factory: MockFactory, clock: FakeClock) -> None:
    """The buzzer pin (claimed last) is taken: no panel, and every pin claimed before it is free again."""
    blocker = Buzzer(BUZZER, pin_factory=factory)
    opened, reasons = open_panel(CONFIG, clock, factory)
    assert opened is None
    assert len(reasons) == 1
    assert reasons[0].startswith("GPIO buttons could not be opened: pin GPIO26 is already in use by")
    assert reasons[0].endswith("(another part in the settings, or another program, already uses that pin)")
    blocker.close()
    opened, reasons = open_panel(CONFIG, clock, factory)
    assert opened is not None
    assert reasons == []
    opened.stop()
