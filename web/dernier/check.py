"""Dernier's check of a host's table state on a friend's page
(:attr:`web.shell.games.GameSpec.check_view`): the keys its table draws from, with the right
types. The host is not trusted either: a state that fails is never drawn."""

from __future__ import annotations

from dernier.cards import KIND_OF
from web.shell.fields import int_list, is_int, text_list

#: the most seats of a Dernier table state
MAX_PLAYERS = 10
#: the longest move string
MAX_MOVE = 160


def _codes(v: object, most: int = 216) -> bool:
    return isinstance(v, list) and len(v) <= most and all(isinstance(c, str) and c in KIND_OF for c in v)


def check_state(state: object, seat: int) -> str | None:
    """Why a host's table state for ``seat`` is unusable, or None when its shape is
    right (the keys the page draws from, with the right types)."""
    if not isinstance(state, dict):
        return "state is not an object"
    if state.get("seat") != seat or not is_int(state.get("seat")):
        return f"state is not seat {seat}'s"
    players = state.get("players")
    if not is_int(players) or not 2 <= players <= MAX_PLAYERS or seat >= players:
        return "bad players"
    checks: list[tuple[str, bool]] = [
        ("hand", _codes(state.get("hand"))),
        ("counts", int_list(state.get("counts"), players, 0)),
        ("names", text_list(state.get("names"), players)),
        ("legal", text_list(state.get("legal"), None, MAX_MOVE)),
        ("scores", int_list(state.get("scores"), players)),
        ("discard", _codes(state.get("discard"))),
        ("top", isinstance(state.get("top"), str) and state.get("top") in KIND_OF),
        ("draw_count", is_int(state.get("draw_count")) and state["draw_count"] >= 0),
        ("dernier_due", int_list(state.get("dernier_due"), None, 0)),
        ("hand_no", is_int(state.get("hand_no"))),
        ("move_no", is_int(state.get("move_no"))),
        ("hand_over", isinstance(state.get("hand_over"), bool)),
        ("kinds", text_list(state.get("kinds"), players, 20)),
        ("levels", text_list(state.get("levels"), players, 20)),
        ("presence", isinstance(state.get("presence"), dict)),
        ("match", isinstance(state.get("match"), dict)),
    ]
    for key, ok in checks:
        if not ok:
            return f"bad {key}"
    turn = state.get("turn")
    if turn is not None and not (is_int(turn) and 0 <= turn < players):
        return "bad turn"
    if state["counts"][seat] != len(state["hand"]):
        return "the hand and its count disagree"
    log = state.get("log")
    if not isinstance(log, list) or not all(
        isinstance(e, dict) and isinstance(e.get("type"), str) for e in log
    ):
        return "bad log"
    presence = state["presence"]
    if not all(isinstance(k, str) and isinstance(p, str) for k, p in presence.items()):
        return "bad presence"
    if not isinstance(state["match"].get("over"), bool):
        return "bad match"
    hands = state.get("hands")
    if hands is not None and not (
        isinstance(hands, list) and len(hands) == players and all(_codes(h) for h in hands)
    ):
        return "bad hands"
    return None
