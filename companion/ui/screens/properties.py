"""Placeholder until its screen is built."""

from __future__ import annotations

from companion.ui.screens.base import CompanionScreen


class PropertiesScreen(CompanionScreen):
    """Placeholder."""
