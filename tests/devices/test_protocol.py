"""The serial dice protocol v1: checksums, every kind of bad line, sequence numbers, and line assembly.

Checksums are worked out by hand from the ASCII table (XOR of every byte of the body).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.devices.protocol import (
    KEEP,
    MAX_LINE,
    Beat,
    DeviceDie,
    DiceLink,
    Hello,
    LineAssembler,
    Malformed,
    Roll,
    checksum,
    dice_spec,
    frame,
    parse_line,
    unframe,
)

D6 = DeviceDie(1, 6)
HELLO = frame("HELLO 1 tower 1-6,1-6")


def lines(*bodies: str) -> list[bytes]:
    """Framed lines without their newline, as LineAssembler hands them on."""
    return [frame(body)[:-1] for body in bodies]


def link_after(*bodies: str) -> DiceLink:
    link = DiceLink()
    for line in lines(*bodies):
        link.receive(line)
    return link


# -- checksums and framing -----------------------------------------------------------------------------------------


def test_checksum_is_the_xor_of_the_body_in_upper_case_hex() -> None:
    # B 42 ^ E 45 = 07; ^ A 41 = 46; ^ T 54 = 12; ^ space 20 = 32; ^ 0 30 = 02
    assert checksum("BEAT 0") == "02"
    # ...^ space 20 = 32 as above; ^ 9 39 = 0B (a letter: upper case)
    assert checksum("BEAT 9") == "0B"
    # H 48 ^ E 45 = 0D; ^ L 4C = 41; ^ L 4C = 0D; ^ O 4F = 42; ^ ? 3F = 7D
    assert checksum("HELLO?") == "7D"
    assert checksum("") == "00"


def test_frame_adds_star_checksum_and_newline() -> None:
    assert frame("BEAT 0") == b"BEAT 0*02\n"
    assert frame("HELLO?") == b"HELLO?*7D\n"
    # R 52 ^ O 4F = 1D; ^ L 4C = 51; ^ L 4C = 1D; ^ sp 20 = 3D; ^ 1 31 = 0C; ^ sp 20 = 2C; ^ 3 33 = 1F;
    # ^ , 2C = 33; ^ 4 34 = 07
    assert frame("ROLL 1 3,4") == b"ROLL 1 3,4*07\n"


# -- valid messages ------------------------------------------------------------------------------------------------


def test_valid_messages_parse() -> None:
    assert parse_line(b"BEAT 0*02") == Beat(0)
    assert parse_line(b"ROLL 1 3,4*07") == Roll(1, (3, 4))
    assert parse_line(frame("ROLL 65535 -,2")[:-1]) == Roll(65535, (None, 2))
    assert parse_line(HELLO[:-1]) == Hello(1, "tower", (D6, D6))
    assert parse_line(frame("HELLO 1 mando silver:1-6,green:1-3")[:-1]) == Hello(
        1, "mando", (DeviceDie(1, 6, "silver"), DeviceDie(1, 3, "green")))


def test_a_carriage_return_before_the_newline_is_ignored() -> None:
    assert parse_line(b"BEAT 0*02\r") == Beat(0)
    assert LineAssembler().feed(b"BEAT 0*02\r\nBEAT 9*0B\r\n") == [b"BEAT 0*02\r", b"BEAT 9*0B\r"]


def test_a_lower_case_checksum_is_accepted() -> None:
    """Decision: ``%02x`` in firmware must not silently lose every line; the value is the same."""
    assert parse_line(b"BEAT 9*0b") == Beat(9)


def test_a_line_may_have_max_line_bytes_before_its_newline_counting_a_cr() -> None:
    """hardware/serial-protocol.md §2: at most 96 bytes before the newline, a carriage return included."""
    line = frame("X" * (MAX_LINE - 3))[:-1]  # the body, then "*HH"
    assert len(line) == MAX_LINE
    assert parse_line(line) == Malformed("unknown-message", line.decode())
    assert parse_line(line + b"\r").reason == "too-long"  # type: ignore[union-attr]
    shorter = frame("X" * (MAX_LINE - 4))[:-1]
    assert parse_line(shorter + b"\r") == Malformed("unknown-message", shorter.decode())


# -- every malformed line --------------------------------------------------------------------------------------------

MALFORMED = [
    (b"BEAT 0", "no-checksum"),
    (b"", "no-checksum"),
    (b"BEAT 0*03", "bad-checksum"),
    (b"BEAT 0*2", "bad-checksum"),
    (b"BEAT 0*002", "bad-checksum"),
    (b"BEAT 0*ZZ", "bad-checksum"),
    (b"BEAT 0*02\r\r", "not-text"),
    (b"\x00\xff\xfe garbage \x80", "not-text"),
    ("BEAT 0\u00e9".encode(), "not-text"),
    (b"BEAT\t0*02", "not-text"),
    (b"X" * (MAX_LINE + 1), "too-long"),
    (frame("HELLO?")[:-1], "unknown-message"),
    (frame("READY 1")[:-1], "unknown-message"),
    (frame("beat 0")[:-1], "unknown-message"),
    (frame("ROLL 0 3,4")[:-1], "bad-fields"),
    (frame("ROLL 65536 3,4")[:-1], "bad-fields"),
    (frame("ROLL 1 3,4 5")[:-1], "bad-fields"),
    (frame("ROLL  1 3,4")[:-1], "bad-fields"),
    (frame("BEAT")[:-1], "bad-fields"),
    (frame("BEAT -1")[:-1], "bad-fields"),
    (frame("BEAT 123456")[:-1], "bad-fields"),
    (frame("HELLO 1 tower")[:-1], "bad-fields"),
    (frame("HELLO 1 to wer 1-6")[:-1], "bad-fields"),
    (frame("HELLO 1 tower! 1-6")[:-1], "bad-fields"),
    (frame("HELLO one tower 1-6")[:-1], "bad-fields"),
    (frame("HELLO 2 tower 1-6,1-6")[:-1], "bad-version"),
    (frame("HELLO 2 tower 1-6,1-6 newfield")[:-1], "bad-version"),
    (frame("HELLO 0 tower 1-6")[:-1], "bad-version"),
    (frame("HELLO 1 tower 6-1")[:-1], "bad-dice"),
    (frame("HELLO 1 tower 3-3")[:-1], "bad-dice"),
    (frame("HELLO 1 tower 1-6,")[:-1], "bad-dice"),
    (frame("HELLO 1 tower Silver:1-6")[:-1], "bad-dice"),
    (frame("HELLO 1 tower 1-100")[:-1], "bad-dice"),
    (frame("HELLO 1 tower " + ",".join(["1-6"] * 9))[:-1], "bad-dice"),
    (frame("ROLL 1 3,x")[:-1], "bad-values"),
    (frame("ROLL 1 3,,4")[:-1], "bad-values"),
    (frame("ROLL 1 -,-")[:-1], "bad-values"),
    (frame("ROLL 1 100")[:-1], "bad-values"),
    (frame("ROLL 1 " + ",".join(["1"] * 9))[:-1], "bad-values"),
]


@pytest.mark.parametrize(("raw", "reason"), MALFORMED)
def test_every_malformed_line_is_named_and_counted_never_raised(raw: bytes, reason: str) -> None:
    parsed = parse_line(raw)
    assert isinstance(parsed, Malformed)
    assert parsed.reason == reason
    link = link_after("HELLO 1 tower 1-6,1-6")
    assert link.receive(raw) is None
    assert link.malformed == {reason: 1}
    assert len(link.log) == 1


def test_unframe_gives_the_body_of_a_good_line_only() -> None:
    assert unframe(b"HELLO?*7D") == "HELLO?"
    assert unframe(b"HELLO?*7D\r") == "HELLO?"
    assert unframe(b"HELLO?*7E") == Malformed("bad-checksum", "HELLO?*7E")


def test_dice_spec() -> None:
    assert dice_spec("1-6,1-6") == (D6, D6)
    assert dice_spec("green:1-3") == (DeviceDie(1, 3, "green"),)
    assert dice_spec("0-9") == (DeviceDie(0, 9),)
    assert dice_spec("") is None
    assert dice_spec("1-6;1-6") is None
    assert str(DeviceDie(1, 3, "green")) == "green:1-3"


# -- the link: hello, rolls, repeats, beats ----------------------------------------------------------------------------


def test_a_roll_before_any_hello_is_not_a_roll() -> None:
    link = DiceLink()
    assert link.receive(b"ROLL 1 3,4*07") is None
    assert link.malformed == {"roll-before-hello": 1}


def test_a_hello_of_another_version_is_not_used() -> None:
    link = link_after("HELLO 2 tower 1-6,1-6", "ROLL 1 3,4")
    assert link.hello is None
    assert link.malformed == {"bad-version": 1, "roll-before-hello": 1}


def test_a_roll_is_returned_once_and_its_repeat_ignored() -> None:
    link = link_after("HELLO 1 tower 1-6,1-6")
    assert link.receive(b"ROLL 1 3,4*07") == Roll(1, (3, 4))
    assert link.receive(b"ROLL 1 3,4*07") is None
    assert link.repeats == 1
    assert link.receive(frame("ROLL 2 6,6")[:-1]) == Roll(2, (6, 6))
    assert link.malformed == {}


def test_values_the_devices_dice_cannot_show_are_refused() -> None:
    link = link_after("HELLO 1 mando silver:1-6,green:1-3")
    for body in ("ROLL 1 6,4", "ROLL 2 0,1", "ROLL 3 4", "ROLL 4 1,1,1"):
        assert link.receive(frame(body)[:-1]) is None
    assert link.malformed == {"bad-values": 4}
    assert link.receive(frame("ROLL 5 6,3")[:-1]) == Roll(5, (6, 3))
    assert link.receive(frame("ROLL 6 -,3")[:-1]) == Roll(6, (None, 3))


def test_seq_wraps_from_65535_to_1() -> None:
    link = link_after("HELLO 1 tower 1-6,1-6")
    assert link.receive(frame("ROLL 65535 1,2")[:-1]) == Roll(65535, (1, 2))
    assert link.receive(frame("ROLL 1 2,3")[:-1]) == Roll(1, (2, 3))
    assert link.repeats == 0


def test_a_beat_naming_a_roll_never_received_counts_it_lost() -> None:
    link = link_after("HELLO 1 tower 1-6,1-6", "BEAT 0", "ROLL 1 3,4", "BEAT 1")
    assert link.lost == 0
    link.receive(frame("BEAT 2")[:-1])  # roll 2 was garbled on the way, both copies
    assert link.lost == 1
    assert link.log == ["roll 2 never arrived (the beat names it): roll again"]
    assert link.receive(frame("ROLL 2 5,5")[:-1]) is None  # too late to count: the table was told to roll again
    assert link.repeats == 1


def test_the_first_beat_after_a_hello_only_tells_where_the_device_is() -> None:
    link = link_after("HELLO 1 tower 1-6,1-6", "BEAT 7", "BEAT 7")
    assert (link.lost, link.last_seq) == (0, 7)
    assert link.receive(frame("ROLL 7 1,1")[:-1]) is None
    assert link.receive(frame("ROLL 8 1,1")[:-1]) == Roll(8, (1, 1))


def test_a_beat_before_hello_is_ignored() -> None:
    link = link_after("BEAT 3")
    assert (link.lost, link.last_seq, link.malformed) == (0, None, {})


def test_a_new_hello_starts_the_device_afresh() -> None:
    link = link_after("HELLO 1 tower 1-6,1-6", "ROLL 1 3,4", "HELLO 1 tower 1-6,1-6")
    assert link.receive(b"ROLL 1 3,4*07") == Roll(1, (3, 4))  # the device restarted: seq 1 is a new roll


def test_the_log_keeps_the_last_50_notes() -> None:
    link = DiceLink()
    for n in range(60):
        link.receive(f"junk {n}".encode())
    assert link.malformed == {"no-checksum": 60}
    assert len(link.log) == 50
    assert link.log[-1] == "ignored a no-checksum line: 'junk 59'"


# -- cutting a stream into lines ---------------------------------------------------------------------------------------


def test_a_partial_line_waits_for_the_rest() -> None:
    assembler = LineAssembler()
    assert assembler.feed(b"ROLL 1 3") == []
    assert assembler.feed(b",4*0") == []
    assert assembler.feed(b"7\nBEAT 0*02\nBE") == [b"ROLL 1 3,4*07", b"BEAT 0*02"]
    assert assembler.feed(b"AT 9*0B\n") == [b"BEAT 9*0B"]


def test_an_endless_line_is_cut_and_reads_as_too_long_and_the_next_line_is_whole() -> None:
    assembler = LineAssembler()
    for _ in range(100):
        assert assembler.feed(b"Z" * 1000) == []
    out = assembler.feed(b"ZZZ\nBEAT 0*02\n")
    assert out == [b"Z" * KEEP, b"BEAT 0*02"]
    assert parse_line(out[0]) == Malformed("too-long", "Z" * MAX_LINE)


def test_a_long_line_cut_just_after_a_cr_still_reads_as_too_long() -> None:
    valid = frame("X" * (MAX_LINE - 4))[:-1]  # 95 bytes: with its \r it would just fit
    (line,) = LineAssembler().feed(valid + b"\rX and more\n")
    assert line == valid + b"\rX"
    assert parse_line(line).reason == "too-long"  # type: ignore[union-attr]


# -- nothing ever raises, and cutting never changes the rolls (hypothesis) ---------------------------------------------


def feed_all(chunks: list[bytes]) -> tuple[list[Roll], DiceLink]:
    assembler, link = LineAssembler(), DiceLink()
    rolls = []
    for chunk in chunks:
        for line in assembler.feed(chunk):
            roll = link.receive(line)
            if roll is not None:
                rolls.append(roll)
    return rolls, link


@settings(max_examples=300, deadline=None)
@given(st.lists(st.binary(max_size=200), max_size=20))
def test_random_bytes_never_raise(chunks: list[bytes]) -> None:
    rolls, link = feed_all([HELLO, *chunks])
    assert all(isinstance(r, Roll) for r in rolls)
    assert len(link.log) <= 50


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.binary(max_size=40), st.sampled_from(lines("ROLL 1 3,4", "HELLO 1 sim 1-6", "BEAT 1"))),
                max_size=30))
def test_random_lines_near_valid_ones_never_raise(parts: list[bytes]) -> None:
    feed_all([b"\n".join(parts)])


@st.composite
def streams(draw: st.DrawFn) -> tuple[bytes, list[Roll]]:
    """A device's output: hello, then rolls (each sent once or twice), beats and garbage lines between them."""
    out = [HELLO]
    rolls = []
    seq = draw(st.integers(0, 65535))
    for _ in range(draw(st.integers(0, 12))):
        seq = seq % 65535 + 1
        roll = Roll(seq, (draw(st.sampled_from((None, 1, 2, 3, 4, 5, 6))), draw(st.integers(1, 6))))
        rolls.append(roll)
        body = f"ROLL {seq} {','.join('-' if v is None else str(v) for v in roll.values)}"
        out += [frame(body)] * draw(st.integers(1, 2))
        out += [frame(f"BEAT {seq}")] * draw(st.integers(0, 2))
        out += draw(st.lists(st.sampled_from([b"\x00\xff junk\n", b"\r\n", b"HELLO?*7D\n", b"BEAT 0*99\n"]),
                             max_size=2))
    return b"".join(out), rolls


@settings(max_examples=200, deadline=None)
@given(streams(), st.lists(st.integers(0, 2000), max_size=30))
def test_a_stream_cut_anywhere_gives_exactly_the_rolls_sent(stream: tuple[bytes, list[Roll]], cuts: list[int]) -> None:
    data, sent = stream
    points = sorted({c % (len(data) + 1) for c in cuts})
    chunks = [data[a:b] for a, b in zip([0, *points], [*points, len(data)], strict=True)]
    assert feed_all([data])[0] == sent
    assert feed_all(chunks)[0] == sent
    assert feed_all([bytes([b]) for b in data])[0] == sent
