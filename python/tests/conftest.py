"""Shared fixtures: the command line built beside the package, to compare bytes with."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def cli():
    """Runs the ``ludoforge`` command line (``LUDOFORGE_BIN``, or the one ``cargo test``
    builds) and returns its completed process."""
    binary = os.environ.get("LUDOFORGE_BIN", str(ROOT / "target" / "debug" / "ludoforge"))
    if not os.access(binary, os.X_OK):
        pytest.skip(f"{binary} is not built: run cargo build, or set LUDOFORGE_BIN")

    def run(*args, cwd):
        done = subprocess.run([binary, *args], cwd=cwd, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return done

    return run
