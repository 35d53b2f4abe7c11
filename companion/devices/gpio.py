"""Buttons, lamps and buzzer wired to the Raspberry Pi's header, through gpiozero.

Each fitted button connects its pin to ground (the Pi's pull-up holds it high). Every edge goes through a
:class:`~companion.devices.debounce.Debouncer` of its own, because gpiozero's ``bounce_time`` is unreliable on
real pins and not simulated at all on mock pins: a bouncing press gives one :class:`Press`, a held button gives
one press (no repeat), and only counted presses reach the app, on whatever thread gpiozero calls back on.

Lamps: one per seat for whose turn it is (exactly one lit at a time), an accepted lamp that blinks once, and a
refused lamp that blinks once while the buzzer (an active one: on/off) beeps. Parts not fitted are left out.

:func:`open_panel` is the only way the app opens the panel: it never raises, and says in words why there are
no GPIO buttons (switched off, not a Raspberry Pi, no pin driver, a pin in use...).
"""

from __future__ import annotations

import logging
import os
import time
import warnings
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TypeVar

from gpiozero import LED, Buzzer, DigitalInputDevice, DigitalOutputDevice, GPIODevice, GPIOPinInUse, GPIOZeroWarning
from gpiozero.pins import Factory

from companion.devices.buttons import Press
from companion.devices.config import GpioConfig
from companion.devices.debounce import Debouncer

log = logging.getLogger(__name__)

MODEL_FILE = Path("/proc/device-tree/model")
D = TypeVar("D", bound=GPIODevice)
FLASH_SECONDS = 0.25  # how long the accepted/refused lamp and the buzzer stay on for one feedback


def gpio_available() -> tuple[bool, str]:
    """Whether GPIO buttons can be used here (mode ``auto``): on a Raspberry Pi, or with gpiozero's mock pins.

    The board is recognised by ``/proc/device-tree/model`` naming a Raspberry Pi; ``GPIOZERO_PIN_FACTORY=mock``
    (set for tests) counts as available too. The reason says what was found, in words.
    """
    if os.environ.get("GPIOZERO_PIN_FACTORY", "").lower() == "mock":
        return True, "gpiozero's mock pins are in use (GPIOZERO_PIN_FACTORY=mock)"
    try:
        model = MODEL_FILE.read_bytes().decode("utf-8", "replace").strip("\x00\n ")
    except OSError:
        return False, f"this computer is not a Raspberry Pi (it has no {MODEL_FILE})"
    if "Raspberry Pi" in model:
        return True, f"this computer is a {model}"
    return False, f"this computer is not a Raspberry Pi ({MODEL_FILE} says {model!r})"


def _listing(words: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return " and ".join(words) if len(words) < 3 else f"{', '.join(words[:-1])} and {words[-1]}"


class GpioPanel:
    """The :class:`~companion.devices.buttons.ButtonPanel` on the Pi's pins; the pins are claimed on construction.

    ``clock`` times the debounce (``config.bounce_ms``); ``pin_factory`` is gpiozero's (``None``: gpiozero's own
    choice, e.g. from ``GPIOZERO_PIN_FACTORY``); ``flash`` is how long a feedback lamp or beep lasts. If a pin
    cannot be claimed, the ones already claimed are released and the gpiozero error is raised. A stopped panel
    stays stopped (its lamps ignore further calls); open a new one to use the pins again.
    """

    def __init__(self, config: GpioConfig, clock: Callable[[], float] = time.monotonic,
                 pin_factory: Factory | None = None, flash: float = FLASH_SECONDS) -> None:
        self._config = config
        self._clock = clock
        self._factory = pin_factory
        self._flash = flash
        self._on_press: Callable[[Press], object] | None = None
        self._devices: list[GPIODevice] = []
        self._debouncers: list[Debouncer] = []
        self._turn_lamps: list[LED] = []
        self._accepted: LED | None = None
        self._refused: LED | None = None
        self._buzzer: Buzzer | None = None
        try:
            self._claim()
        except BaseException:
            self.stop()
            raise

    def _claim(self) -> None:
        """Create one gpiozero device per fitted part, buttons first.

        Buttons are gpiozero ``DigitalInputDevice`` objects, active when pulled low. gpiozero's ``Button`` would
        add a hold thread that is of no use here (a held button must not repeat) and makes closing each button
        wait up to 0.1 s, or a whole second while it is held down.
        """
        config = self._config
        buttons = [(config.roll, Press("roll")), (config.confirm, Press("confirm")), (config.cancel, Press("cancel"))]
        buttons += [(pin, Press("seat", n)) for n, pin in enumerate(config.seats, start=1)]
        for pin, press in buttons:
            if pin is not None:
                self._watch(self._add(DigitalInputDevice(pin, pull_up=True, bounce_time=None,
                                                         pin_factory=self._factory)), press)
        self._turn_lamps = [self._add(LED(pin, pin_factory=self._factory)) for pin in config.turn_lamps]
        if config.accepted_lamp is not None:
            self._accepted = self._add(LED(config.accepted_lamp, pin_factory=self._factory))
        if config.refused_lamp is not None:
            self._refused = self._add(LED(config.refused_lamp, pin_factory=self._factory))
        if config.buzzer is not None:
            self._buzzer = self._add(Buzzer(config.buzzer, pin_factory=self._factory))

    def _add(self, device: D) -> D:
        """Keep ``device`` so :meth:`stop` closes it."""
        self._devices.append(device)
        return device

    def _watch(self, button: DigitalInputDevice, press: Press) -> None:
        """Send both edges of ``button`` through a debouncer of its own; counted presses become ``press``."""
        debouncer = Debouncer(self._config.bounce_ms / 1000, self._clock)
        self._debouncers.append(debouncer)
        button.when_activated = partial(self._edge, debouncer, press, True)
        button.when_deactivated = partial(self._edge, debouncer, press, False)

    def _edge(self, debouncer: Debouncer, press: Press, pressed: bool) -> None:
        """One raw edge (on gpiozero's thread). A failing ``on_press`` is logged so the buttons keep working."""
        on_press = self._on_press
        if debouncer.edge(pressed) and on_press is not None:
            try:
                on_press(press)
            except Exception:
                log.exception("handling the %s failed", press)

    @property
    def has_roll(self) -> bool:
        """Whether a Roll button is fitted."""
        return self._config.roll is not None

    @property
    def label(self) -> str:
        """The fitted buttons, e.g. ``GPIO buttons: Roll, Confirm, Cancel and 4 seat buttons``."""
        config = self._config
        words = [name for name, pin in (("Roll", config.roll), ("Confirm", config.confirm),
                                        ("Cancel", config.cancel)) if pin is not None]
        if config.seats:
            words.append(f"{len(config.seats)} seat button{'s' if len(config.seats) > 1 else ''}")
        return f"GPIO buttons: {_listing(words)}" if words else "GPIO lamps only (no buttons)"

    @property
    def ignored(self) -> int:
        """Press edges ignored as bounce so far, over all buttons."""
        return sum(debouncer.ignored for debouncer in self._debouncers)

    def start(self, on_press: Callable[[Press], object]) -> None:
        """Report every counted press to ``on_press``, on gpiozero's thread (edges before this are not reported)."""
        self._on_press = on_press

    def stop(self) -> None:
        """Stop reporting, switch every lamp and the buzzer off, and close every device so the pins are free."""
        self._on_press = None
        devices, self._devices = self._devices, []
        self._turn_lamps, self._accepted, self._refused, self._buzzer = [], None, None, None
        for device in reversed(devices):
            if isinstance(device, DigitalOutputDevice):
                device.off()  # a closed pin keeps its last level on some drivers: never leave a lamp lit
            device.close()

    def show_turn(self, seat: int | None) -> None:
        """Light exactly the turn lamp of ``seat`` (1 = first seat); ``None`` or a seat without a lamp: none lit."""
        for n, lamp in enumerate(self._turn_lamps, start=1):
            lamp.value = n == seat

    def feedback(self, accepted: bool) -> None:
        """Blink the accepted lamp once, or blink the refused lamp once and beep; returns at once."""
        lamp = self._accepted if accepted else self._refused
        if lamp is not None:
            lamp.blink(on_time=self._flash, off_time=0, n=1, background=True)
        if not accepted and self._buzzer is not None:
            self._buzzer.beep(on_time=self._flash, off_time=0, n=1, background=True)


def open_panel(config: GpioConfig, clock: Callable[[], float] = time.monotonic,
               pin_factory: Factory | None = None) -> tuple[GpioPanel | None, list[str]]:
    """The GPIO panel the configuration asks for, or ``None``, with every reason and note in words; never raises.

    Mode ``off``: no panel. Mode ``auto``: only where :func:`gpio_available` (or with an explicit ``pin_factory``).
    Mode ``on``: always tried. No buttons configured: no panel. Anything the pin driver raises (no driver, a pin
    in use, no permission, lgpio missing on a Pi 5) becomes a reason; gpiozero's fallbacks from one pin driver to
    another are returned as notes beside the panel.
    """
    if config.mode == "off":
        return None, ['GPIO buttons are switched off ([gpio] mode = "off")']
    if config.mode == "auto" and pin_factory is None:
        available, why = gpio_available()
        if not available:
            return None, [f"GPIO buttons are not used: {why}"]
    if not any(p is not None for p in (config.roll, config.confirm, config.cancel)) and not config.seats:
        return None, ["GPIO buttons are not used: no button pins are set in the [gpio] settings"]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", GPIOZeroWarning)
        try:
            panel: GpioPanel | None = GpioPanel(config, clock, pin_factory)
            failure = None
        except Exception as exc:  # pin drivers raise their own types too (lgpio.error, RuntimeError from RPi.GPIO)
            panel, failure = None, exc
    notes: list[str] = []
    for warning in caught:
        if issubclass(warning.category, GPIOZeroWarning):
            notes.append(f"gpiozero: {warning.message}")
        else:
            warnings.warn_explicit(warning.message, warning.category, warning.filename, warning.lineno)
    if failure is not None:
        notes.insert(0, f"GPIO buttons could not be opened: {_explain(failure)}")
    return panel, notes


def _explain(exc: Exception) -> str:
    """What went wrong, with the likely remedy for the usual causes."""
    text = f"{exc}" or type(exc).__name__
    if isinstance(exc, GPIOPinInUse):
        return f"{text} (another part in the settings, or another program, already uses that pin)"
    if isinstance(exc, PermissionError):
        return f"{text} (the app's user needs to be in the 'gpio' group)"
    if isinstance(exc, ImportError):  # BadPinFactory is one too
        return (f"{text} (no pin driver could be loaded; on a Raspberry Pi 5 gpiozero needs the lgpio library: "
                f"'sudo apt install python3-lgpio', or 'pip install lgpio' inside the app's virtual environment)")
    return text
