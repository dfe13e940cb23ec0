"""The command line: a terminal match played to its end, bad input, simulations."""

import os
import re
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "emscripten",
                                reason="Pyodide cannot start a subprocess")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(args, stdin=""):
    return subprocess.run([sys.executable, "-m", "rami", *args], input=stdin, text=True,
                          capture_output=True, cwd=ROOT, timeout=300,
                          env=dict(os.environ, PYTHONPATH=ROOT))


def test_play_a_gin_match_to_the_end_in_the_terminal():
    # always the first listed move, and Enter between hands
    p = run(["play", "gin", "--seed", "3"], "1\n\n" * 3000)
    assert p.returncode == 0 and "Traceback" not in p.stderr + p.stdout
    assert "wins the match" in p.stdout and "Line bonus" in p.stdout


def test_play_basic_rummy_to_the_end_in_the_terminal():
    p = run(["play", "basic", "--players", "3", "--seed", "4"], "1\n\n" * 6000)
    assert p.returncode == 0 and "wins the match" in p.stdout


def test_bad_input_is_explained_never_a_traceback():
    p = run(["play", "gin", "--seed", "5"],
            "discard Zz\nmeld 7h 8h 9h\nknock\n99\nfly\nmoves\nhint\nsort rank\nquit\n")
    out = p.stdout
    assert p.returncode == 0 and "Traceback" not in out + p.stderr
    assert "'Zz' is not a card" in out
    assert "In gin you do not meld" in out
    assert "Choose a number from 1 to" in out
    assert "is not an action" in out
    assert "Hint:" in out and "Goodbye" in out


def test_end_of_input_quits_cleanly():
    p = run(["play", "basic"], "")
    assert p.returncode == 0 and "Traceback" not in p.stderr


def test_simulate_prints_results_rates_and_speed():
    p = run(["simulate", "--variant", "gin", "--games", "2", "--seats", "expert,beginner"])
    assert p.returncode == 0
    assert "win rate" in p.stdout and "games/s" in p.stdout and "hands/s" in p.stdout


def test_unknown_option_is_an_error_message():
    p = run(["simulate", "--variant", "gin", "-o", "foo=1"])
    assert p.returncode == 2 and "no house rule 'foo'" in p.stderr and "Traceback" not in p.stderr


def test_play_an_indian_pool_to_the_end_in_the_terminal():
    p = run(["play", "indian", "--players", "3", "--seed", "2", "-o", "format=pool101",
             "--delay", "0"], "1\n\n" * 3000)
    assert p.returncode == 0 and "Traceback" not in p.stdout + p.stderr
    assert "wild joker" in p.stdout and "Best groups:" in p.stdout
    assert "(pure sequence)" in p.stdout and "wins the pool" in p.stdout


def test_indian_declarations_and_groups_typed_in_the_terminal():
    p = run(["play", "indian", "--seed", "9", "--delay", "0"],
            "draw\ndeclare Zz\ndeclare 2c: 3c\ndrop\nmoves\nhint\nquit\n")
    out = p.stdout
    assert p.returncode == 0 and "Traceback" not in out + p.stderr
    assert "'Zz' is not a card" in out
    assert "You can drop only at the start of your turn" in out


@pytest.mark.parametrize("options", [[], ["-o", "partnership=true"]])
def test_play_500_rum_to_the_end_in_the_terminal(options):
    p = run(["play", "rum500", "--players", "4", "--seed", "6", *options], "1\n\n" * 6000)
    assert p.returncode == 0 and "Traceback" not in p.stderr + p.stdout
    assert "Discard pile, bottom to top" in p.stdout and "On the table this hand" in p.stdout
    assert "wins the match" in p.stdout or "win the match" in p.stdout
    if options:
        assert re.search(r"(Player and Bot 2|Bot 1 and Bot 3) win the match", p.stdout)


def test_500_rum_deep_takes_typed_in_the_terminal():
    p = run(["play", "500", "--seed", "3", "--players", "3"],
            "take Zz\ntake 2c\nrum\nhelp\nquit\n")
    assert p.returncode == 0 and "Traceback" not in p.stderr + p.stdout
    assert "not a card" in p.stdout
    assert "only if you use it at once" in p.stdout or "not in the discard pile" in p.stdout
    assert "You can call rum only" in p.stdout or "house rule that is off" in p.stdout


@pytest.mark.parametrize("args", [["--players", "4"],
                                  ["--players", "6", "-o", "partnerships=false"]])
def test_play_push_to_the_end_in_the_terminal(args):
    # the first listed move each time (a contract when one is listed), Enter between deals
    p = run(["play", "push", "--seed", "7", "--delay", "0", *args], "1\n\n" * 6000)
    out = p.stdout
    assert p.returncode == 0 and "Traceback" not in out + p.stderr
    assert "Your contract this deal: two sets of three" in out
    assert "after five deals" in out and "pushed" in out


def test_push_moves_typed_in_the_terminal():
    p = run(["play", "push", "--seed", "3", "--delay", "0"],
            "\npush\ncontract 3s 3c / 6s\ncontract 3s 3c 4c\nrescue 8h on 9\nmeld 3s 6s 8c"
            "\nhint\nquit\n")
    out = p.stdout
    assert p.returncode == 0 and "Traceback" not in out + p.stderr
    assert "Meld 1 of your contract is not a meld: A meld needs at least 3 cards" in out
    assert "lay exactly 2 melds, all at once" in out
    assert "Lay your contract first" in out and "Hint:" in out


@pytest.mark.parametrize("args", [["--players", "2"], ["--players", "4", "-o", "doubla=on"]])
def test_play_tile_rami_to_the_end_in_the_terminal(args):
    p = run(["play", "tiles", "--seed", "5", "--delay", "0", *args], "1\n\n" * 6000)
    out = p.stdout
    assert p.returncode == 0 and "Traceback" not in out + p.stderr
    assert "exposed tile" in out and "Discard row, first to last" in out
    assert "wins the match" in out or "share the match" in out


def test_tile_rami_moves_typed_in_the_terminal():
    p = run(["play", "tiles", "--seed", "3", "--delay", "0"],
            "draw\nopen y11 y12 y13\ntake\nswap r7 on 1 with b5 k5 joly\nmoves\nhint\nquit\n")
    out = p.stdout
    assert p.returncode == 0 and "Traceback" not in out + p.stderr
    assert "Your initial meld is worth 30 points: it must reach 50" in out
    assert "Hint:" in out
