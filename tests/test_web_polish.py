"""Words of the table (issue 15), in CPython: the log tells a forgotten Dernier before the
move that it came before."""

from __future__ import annotations

from test_page_play import two_left_match

from web.dernier.describe import log_lines


def test_forgotten_dernier_is_told_before_the_next_move() -> None:
    m = two_left_match()
    m.play("5H", 0)  # one card left, no call
    m.play("draw", 1)  # the penalty is drawn first (RULES §7), then Bianca draws
    lines = log_lines(m.view(0)["log"], ["You", "Bianca"], "en", me=0)
    assert lines[-3:] == ["You play 5♥", "You forgot to call Dernier: you draw 2", "Bianca draws a card"]
    it = log_lines(m.view(0)["log"], ["Tu", "Bianca"], "it", me=0)
    assert it[-2:] == ["Non hai detto Dernier: peschi 2", "Bianca pesca una carta"]
