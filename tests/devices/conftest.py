"""Fixtures of the device tests: fresh gpiozero mock pins for each test that asks for them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    """Fresh mock pins as gpiozero's default factory; the previous default is put back afterwards."""
    previous = Device.pin_factory
    Device.pin_factory = mock = MockFactory()
    yield mock
    mock.reset()
    Device.pin_factory = previous
