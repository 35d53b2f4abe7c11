"""The programs some tests run, which `bash run.sh test` installs: a missing one fails its tests, never skips them."""

from __future__ import annotations

import shutil

import pytest


def installed(*names: str) -> str:
    """The path of the first of ``names`` found on PATH; fails the test (with the package to install) otherwise."""
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    pytest.fail(f"{names[0]} is not installed: `bash run.sh test` installs it with the test packages")
