"""The command notation: every command survives parse -> to_text -> parse, and bad lines say what is wrong.

The notation is what the journal stores and what a table types into a script, so a game can always be replayed
(and a dispute settled) from its text. Rule ids name the table action each command stands for.
"""

from __future__ import annotations

import shlex
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import companion.rules  # noqa: F401  (every mechanic's verbs join the grammar as the mechanic is defined)
from companion.engine.commands import GRAMMAR, Command, parse_command, split_words
from companion.engine.errors import CommandSyntaxError

LINES = [
    "roll luke 3 4",                                   # OT-TURN-3
    "buy luke",                                        # OT-BUY-1
    "decline vader",                                   # OT-BUY-3
    "bid vader 120",                                   # OT-BUY-3
    "pass luke",
    "close",
    "piece-auction house",                             # OT-SHORTAGE-2
    "claim vader luke",                                # OT-RENT-6
    "defer vader luke",                                # a rent claimed in time, its card not at hand
    "tax luke worth",                                  # OT-TAX-1
    "card luke advance-to-go",                         # OT-CARD-1
    "build luke hoth-echo-base",                       # OT-FIGHTER-1
    "sell luke hoth-echo-base",                        # OT-SELL-3
    "sell-all luke hoth",                              # OT-SELL-5
    "mortgage luke tie-fighter",                       # OT-MORT-1
    "unmortgage luke tie-fighter",                     # OT-MORT-4
    "lift vader tie-fighter",                          # OT-TRADE-3
    "keep vader tie-fighter",                          # OT-TRADE-4
    "propose luke vader give=deed:hoth-echo-base,cash:50 get=card:rebel",  # OT-TRADE-1
    "propose luke vader give= get=cash:10",
    "accept vader",
    "reject vader",
    "pay luke",
    "fine luke",                                       # OT-JAIL-9
    "jail-card luke",                                  # OT-JAIL-7
    "bankrupt luke",                                   # OT-BANKRUPT-1
    "end luke",                                        # OT-TURN-4
    "time-up",                                         # OT-TIME-2
    "undo 2 'the dice were misread'",
    "correct luke hoth-echo-base",
    "transfer bank luke 200 'GO salary the table forgot'",
    "box card:imperial/pay-a-fine 'title=Pay a fine' effect=pay amount=15",
    "signet din bonus-2",
    "concede din",
    "grogu din go-to-jail",
    "sell-deed din space-3",
    "hyperdrive luke space-8",
    "play luke rebel/collect-25",
    "say-no vader",
    "let-stand vader",
    "aim luke vader",
    "bounty luke space-8",
    "place ann pink 2",                                # GO-BLOCK-1
    "chance ann shield",                               # GO-TILE-1
    "tile ann go-button heist",                        # GO-TILE-3
    "heist ann ben",                                   # GO-HEIST-1
    "dial ben coin",                                   # GO-HEIST-2
    "dials ann match",                                 # GO-HEIST-4
    "steal ann 2 1",                                   # GO-HEIST-3
    "shut-down ann ben 2",                             # GO-SHUT-1
    "shield ben",                                      # GO-SHUT-2
    "no-shield ben",                                   # GO-SHUT-2
    "go ann block",                                    # GO-GO-1
    "mega ann pink",                                   # GO-MEGA-2
]


@pytest.mark.parametrize("line", LINES)
def test_every_verb_round_trips(line: str) -> None:
    """OT-TURN-3, OT-BUY-1 ... (one line per verb): the stored text of a parsed command reads back the same.
    """
    cmd = parse_command(line)
    again = parse_command(cmd.to_text())
    assert again == cmd
    assert again.to_text() == cmd.to_text()


def test_lines_cover_every_verb() -> None:
    """Every verb of the grammar has a round-trip line above (a new verb needs one too)."""
    assert {line.split()[0] for line in LINES} == set(GRAMMAR)


def test_words_and_numbers_are_kept_as_typed() -> None:
    """OT-TURN-3: the dice faces are kept as entered, in order; the verb is read case-insensitively."""
    cmd = parse_command("ROLL luke 6 1")
    assert cmd == Command("roll", ("luke", "6", "1"))
    assert cmd.player == "luke"
    assert cmd.ints(1) == [6, 1]
    assert cmd.to_text() == "roll luke 6 1"


def test_undo_reason_is_quoted_and_read_back_whole() -> None:
    """OT-TURN-7 (table disputes): an undo keeps its reason in the log; spaces, quotes and '#' survive
    storing."""
    cmd = Command("undo", ("1", "Luke's dice: 3 & 4 # not 5"))
    text = cmd.to_text()
    assert text.startswith("undo 1 '")
    assert parse_command(text) == cmd


def test_undo_count_defaults_to_one_and_reason_joins_words() -> None:
    """OT-TURN-7: 'undo wrong deed' takes back one action with the reason 'wrong deed'."""
    assert parse_command("undo wrong deed") == Command("undo", ("1", "wrong deed"))
    assert parse_command("undo 3 wrong deed") == Command("undo", ("3", "wrong deed"))
    assert parse_command("undo") == Command("undo", ("1", ""))


def test_a_signed_count_is_refused_not_taken_as_the_reason() -> None:
    """OT-TURN-7: ``undo -1 oops`` takes nothing back (it once took one back, reading "-1 oops" as the reason)."""
    for line in ("undo -1 oops", "undo +2 oops"):
        with pytest.raises(CommandSyntaxError, match="is not a count"):
            parse_command(line)


def test_an_empty_reason_is_left_out_of_the_text() -> None:
    """GO-BLOCK-1, OT-TURN-7: a line typed without its last, optional words (``place ann pink``, no square; an
    ``undo`` with no reason) is shown and stored as typed, never with an empty quoted word."""
    for line in ("place ann pink", "undo 1", "transfer bank luke 200"):
        cmd = parse_command(line)
        assert cmd.args[-1] == ""
        assert cmd.to_text() == line
        assert parse_command(cmd.to_text()) == cmd


def test_comment_ends_the_line() -> None:
    """OT-TURN-3: '#' starts a comment in a script line, so notes can sit beside the commands."""
    assert parse_command("roll luke 3 4   # to the Vessel") == Command("roll", ("luke", "3", "4"))


def test_unknown_verb_names_the_known_ones() -> None:
    """OT-TURN-7: a verb the game does not know is refused with the list of those it does."""
    with pytest.raises(CommandSyntaxError) as exc:
        parse_command("teleport luke go")
    message = str(exc.value)
    assert "unknown command 'teleport'" in message
    assert "roll" in message and "bankrupt" in message


@pytest.mark.parametrize(("line", "needle"), [
    ("buy", "buy takes 1 word(s): buy player"),
    ("buy luke vader", "buy takes 1 word(s): buy player"),
    ("claim vader", "claim takes 2 word(s): claim player player"),
    ("close now", "close takes 0 word(s): close"),
    ("propose luke vader give=cash:5", "propose takes 4 word(s)"),
    ("propose luke vader give=cash:5", "(offer a trade: give=... get=...)"),
    ("roll luke", "roll needs a player and the dice faces"),
    ("roll", "roll needs a player and the dice faces"),
])
def test_wrong_number_of_words_shows_the_usage(line: str, needle: str) -> None:
    """OT-BUY-1, OT-RENT-6, OT-TURN-3: a line with too few or too many words names the expected words."""
    with pytest.raises(CommandSyntaxError) as exc:
        parse_command(line)
    assert needle in str(exc.value)


@pytest.mark.parametrize(("line", "word"), [
    ("bid vader ten", "ten"),
    ("bid vader 12.5", "12.5"),
    ("bid vader --5", "--5"),
    ("bid vader \u00b2", "\u00b2"),        # a superscript two is a "digit" to str.isdigit, not to int()
    ("roll luke 3 four", "four"),
])
def test_bad_number_is_named(line: str, word: str) -> None:
    """OT-BUY-6, OT-TURN-3: a bid or a die face that is not a whole number is refused, naming the word."""
    with pytest.raises(CommandSyntaxError) as exc:
        parse_command(line)
    assert f"{word!r} is not a whole number" in str(exc.value)


@pytest.mark.parametrize("line", ["", "   ", "# only a comment", "roll luke 'unclosed"])
def test_empty_or_unreadable_lines_are_refused(line: str) -> None:
    """OT-TURN-3: an empty line or an unbalanced quote is not a command."""
    with pytest.raises(CommandSyntaxError):
        parse_command(line)


def test_source_is_not_part_of_the_command() -> None:
    """OT-TURN-3: dice typed or read from the serial dice are the same roll; the source is bookkeeping only.
    """
    assert Command("roll", ("luke", "3", "4"), source="serial") == parse_command("roll luke 3 4")


# ---------------------------------------------------------------- property: any command round-trips

_ID = st.text(string.ascii_lowercase + string.digits + "-", min_size=1, max_size=12)
_WORD = st.text(min_size=0, max_size=20).filter(lambda w: "\x00" not in w)
_INT = st.integers(-10_000, 10_000).map(str)


@st.composite
def commands(draw: st.DrawFn) -> Command:
    """A command of any verb whose words fit the grammar (any text for ids and reasons)."""
    verb = draw(st.sampled_from(sorted(GRAMMAR)))
    params = GRAMMAR[verb][0]
    if verb == "undo":
        return Command(verb, (draw(st.integers(0, 99).map(str)), draw(_WORD)))
    args: list[str] = []
    for kind in params:
        if kind == "player":
            args.append(draw(_ID))
        elif kind == "int":
            args.append(draw(_INT))
        elif kind == "dice":
            args += draw(st.lists(st.integers(1, 6).map(str), min_size=1, max_size=3))
        else:
            args.append(draw(_WORD))
    return Command(verb, tuple(args))


@settings(max_examples=300, deadline=None)
@given(commands())
def test_any_command_round_trips(cmd: Command) -> None:
    """OT-TURN-3 (replay by hand): whatever words a command holds, its stored text reads back to the same
    command, so the journal can always be replayed."""
    assert parse_command(cmd.to_text()) == cmd


@settings(max_examples=400)
@given(st.text(alphabet=st.sampled_from(list("ab1 -:=,\t\r\n'\"\\#\x0b\x0c\xa0é")), max_size=30))
def test_words_are_split_as_a_shell_splits_them(line: str) -> None:
    """Invariant: the quick split of plain lines gives exactly the words shlex gives (or shlex's error)."""
    try:
        expected: list[str] | None = shlex.split(line, comments=True)
    except ValueError:
        expected = None
    try:
        got: list[str] | None = split_words(line)
    except ValueError:
        got = None
    assert got == expected
