"""The mechanics an edition is composed of, one area of the rules each (see :mod:`companion.rules.compose`)."""
