"""The `intentkit` command from Python: the console script the wheel installs, and `run` for
calling it from code (training, evaluation, serving: what the command line does)."""

import os
import pathlib
import subprocess
import sys

_NATIVE = pathlib.Path(__file__).resolve().parent / "_native"


def executable():
    """The path of the `intentkit` command: the wheel's (beside the package's shared library),
    else $INTENTKIT_BINARY, else the checkout's release build."""
    bundled = _NATIVE / "intentkit"
    if bundled.exists():
        return str(bundled)
    explicit = os.environ.get("INTENTKIT_BINARY")
    if explicit:
        return explicit
    for parent in pathlib.Path(__file__).resolve().parents:
        candidate = parent / ".build" / "release" / "intentkit"
        if candidate.exists():
            return str(candidate)
    raise FileNotFoundError(
        "this installation of intentkit has no `intentkit` command: install the wheel "
        "(scripts/build-wheel builds it) or set INTENTKIT_BINARY to a built one")


def run(*arguments, check=True, **options):
    """Runs `intentkit ARGUMENTS…` (e.g. `run("train", "corpus/", "--output", "m.model")`) and
    returns its `subprocess.CompletedProcess`; `options` go to `subprocess.run`
    (`capture_output=True, text=True` to read what it prints). Raises
    `subprocess.CalledProcessError` when it fails, unless `check=False`."""
    return subprocess.run([executable(), *map(str, arguments)], check=check, **options)


def main():
    """The console script: replaces this Python process with the command."""
    try:
        path = executable()
    except FileNotFoundError as error:
        sys.exit(f"error: {error}")
    os.execv(path, ["intentkit", *sys.argv[1:]])
