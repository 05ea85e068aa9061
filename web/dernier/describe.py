"""Words for the table, built from a seat's view only (no browser, no engine internals):
why a card cannot be played now (“Needs ♥ or a 9”), the log of the hand in sentences
(“Bianca plays A♠ — you draw 2”), and how a hand is sorted on screen.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Any

from web.dernier.faces import card_short, split, suit_symbol
from web.shell.i18n import t

SUIT_ORDER = {"H": 0, "D": 1, "C": 2, "S": 3}
RANK_ORDER = {r: i for i, r in enumerate(("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"))}

#: "a 9", "an Ace" / "un 9", "un Asso"
_RANK_WITH_ARTICLE = {
    "en": {
        "A": "an Ace",
        "J": "a Jack",
        "Q": "a Queen",
        "K": "a King",
        "8": "an 8",
    },
    "it": {"A": "un Asso", "J": "un Fante", "Q": "una Donna", "K": "un Re"},
}


def rank_with_article(rank: str, lang: str) -> str:
    table = _RANK_WITH_ARTICLE["it" if lang == "it" else "en"]
    if rank in table:
        return table[rank]
    return ("un " if lang == "it" else "a ") + rank


def sort_hand(hand: Iterable[str]) -> list[str]:
    """By suit (♥ ♦ ♣ ♠), then rank (2 … K, A); Jollies last."""

    def key(code: str) -> tuple[int, int]:
        rank, suit = split(code)
        if suit is None:
            return (9, 0)
        return (SUIT_ORDER[suit], RANK_ORDER[rank])

    return sorted(hand, key=key)


def move_card(move: str) -> str | None:
    """The card a move plays (``JS:H!`` → ``JS``, ``JK=7H`` → ``JK``), else None."""
    m = move.rstrip("!")
    if m in ("draw", "pass", "dernier", "timeout") or m.startswith(":"):
        return None
    return m.split(":")[0].split("=")[0]


def moves_of_card(legal: Sequence[str], code: str) -> list[str]:
    return [m for m in legal if move_card(m) == code]


def pick_call(moves: Sequence[str], armed: bool) -> list[str]:
    """Of the plays of one card, those with ``!`` (a Dernier call) when armed and there are
    any, else those without."""
    calls = [m for m in moves if m.endswith("!")]
    plain = [m for m in moves if not m.endswith("!")]
    return calls if armed and calls else plain


def playable_cards(view: dict[str, Any]) -> set[str]:
    out: set[str] = set()
    for m in view.get("legal", ()):
        c = move_card(m)
        if c is not None:
            out.add(c)
    return out


def name_of(names: Sequence[str], seat: int | None) -> str:
    if seat is None or not 0 <= seat < len(names):
        return "?"
    return names[seat]


def needs_text(view: dict[str, Any], lang: str) -> str:
    """What the pile asks for: '♥ or a 9' (the active suit and the top card's rank)."""
    top = view.get("wild") or view["top"]
    rank, _suit = split(top)
    parts = []
    if view.get("suit"):
        parts.append(suit_symbol(view["suit"]))
    if rank not in ("JK", "J"):
        parts.append(rank_with_article(rank, lang))
    if not parts:
        return "J / Jolly"
    return f" {t(lang, 'or')} ".join(parts)


def why_not(view: dict[str, Any], code: str, names: Sequence[str], lang: str) -> str | None:
    """Why seat ``view["seat"]`` may not play ``code`` now; None when it may."""
    if code in playable_cards(view):
        return None
    if view.get("over") or view.get("match_over"):
        return t(lang, "why_over")
    seat = view["seat"]
    if view["turn"] != seat:
        return t(lang, "why_not_turn", who=name_of(names, view["turn"]))
    if view.get("choosing"):
        return t(lang, "why_choose")
    if view.get("has_drawn"):
        drawn = view.get("drawn")
        if drawn and drawn in playable_cards(view):
            return t(lang, "why_drawn", card=card_short(drawn))
        return t(lang, "why_drawn_cant")
    if view.get("pending"):
        key = "why_chain_jolly" if view.get("chain") == "jolly" else "why_chain_ace"
        return t(lang, key, n=view["pending"])
    rules = view.get("rules")
    if code == "JK" and len(view["hand"]) == 1 and isinstance(rules, str | dict):
        preset = rules if isinstance(rules, str) else rules.get("preset", "official")
        closes = rules.get("jolly_can_close") if isinstance(rules, dict) else None
        if closes is False or (closes is None and preset == "traditional"):
            return t(lang, "why_jolly_last")
    if code not in view["hand"]:
        return t(lang, "why_generic")
    return t(lang, "why_needs", needs=needs_text(view, lang))


def move_text(move: str) -> str:
    """``JS:H!`` → ``J♠ → ♥`` style short text of a play (for titles and tests)."""
    m = move.rstrip("!")
    card = move_card(m)
    if card is None:
        return m
    out = card_short(card)
    if "=" in m:
        named = m.split("=", 1)[1].split(":")[0]
        out = f"Jolly={card_short(named)}"
    if ":" in m:
        out += " → " + suit_symbol(m.rsplit(":", 1)[1])
    return out


def _who(seat: int, me: int, names: Sequence[str]) -> tuple[str, bool]:
    return name_of(names, seat), seat == me


def _say(lang: str, key: str, seat: int, me: int, names: Sequence[str], **kw: Any) -> str:
    if seat == me:
        return t(lang, key + "_you", **kw)
    return t(lang, key, who=name_of(names, seat), **kw)


def _rank_played(move: str) -> str:
    """The rank that acts: the card's, or the one a wild Jolly names (``JK=QH`` → ``Q``)."""
    m = move.rstrip("!")
    code = m.split("=", 1)[1].split(":")[0] if "=" in m else (move_card(m) or "")
    return "JK" if code == "JK" else code[:-1]


def _effect(
    rank: str, seat: int, direction: int, me: int, names: Sequence[str], lang: str
) -> tuple[str, int]:
    """What a Q or K does, in words (RULES §3 §6), and the direction after it."""
    if rank == "Q":
        return " — " + _say(lang, "log_skipped", (seat + direction) % len(names), me, names), direction
    if rank == "K":
        return " — " + t(lang, "log_reversed"), -direction
    return "", direction


def _play_line(seat: int, move: str, me: int, names: Sequence[str], lang: str, effect: str = "") -> str:
    call = move.endswith("!")
    m = move.rstrip("!")
    card = move_card(m)
    assert card is not None
    if "=" in m:
        named = m.split("=", 1)[1]
        text = card_short(named.split(":")[0])
        if ":" in named:
            text += " → " + suit_symbol(named.rsplit(":", 1)[1])
        line = _say(lang, "log_play_wild", seat, me, names, card=text)
    elif ":" in m:
        line = _say(lang, "log_play_suit", seat, me, names, card=card_short(card), suit=suit_symbol(m[-1]))
    else:
        line = _say(lang, "log_play", seat, me, names, card=card_short(card))
    line += effect
    if call:
        line += t(lang, "log_call_suffix")
    return line


def log_lines(
    log: Sequence[dict[str, Any]],
    names: Sequence[str],
    lang: str,
    me: int = 0,
    standin: Collection[int] = (),
) -> list[str]:
    """The public log of a hand as sentences, oldest first. ``standin``: the indices of
    the moves a stand-in bot made for ``me`` (told as "Your stand-in plays …"). A draw caused by a play (a 7,
    a last-card effect) is told on the same line: “Bianca plays 7♠ — you draw 2”.
    A play out of turn (anticipo, ``"jump": true`` in the log) reads “Bianca jumps in
    with 9♥”; a chi sbaglia paga attempt is told with its cost: “You try 9♥: +2 cards”."""
    me_, names_ = me, names
    lines: list[str] = []
    wrong: tuple[int, str, int] | None = None  # (seat, card, line) of the last wrong play
    last_kind = ""  # kind of the move that opened the current line
    last_seat = -1
    at = -1  # index of that line (a penalty line may come between)
    # the direction, known when the log starts with the deal (§2: counter-clockwise, +1)
    direction = 1 if log and log[0].get("type") == "turned" else 0
    # the play that ends the hand (the winner's last card) skips nobody and turns nothing
    closing = _closing_play(log)
    stood = [t(lang, "standin_yours") if s == me else n for s, n in enumerate(names)]
    last_stood = False  # the move that opened the current line was the stand-in's
    for i, ev in enumerate(log):
        typ = ev.get("type")
        if typ in ("move", "wrong"):
            last_stood = i in standin
        own_draw = typ == "draw" and ev.get("reason") in ("draw", "chain") and ev.get("seat") == last_seat
        if last_stood and (typ != "draw" or own_draw):  # the stand-in's name, not "you"
            me, names = -1, stood
        else:
            me, names = me_, names_
        if typ == "move" and ev.get("jump") and move_card(ev["move"]) is not None:
            seat, move = ev["seat"], ev["move"]
            last_kind, last_seat, at = "play", seat, len(lines)
            card = card_short(move_card(move) or "")
            lines.append(_say(lang, "log_jump", seat, me, names, card=card))
        elif typ == "wrong":
            seat, move = ev["seat"], ev["move"]
            card = card_short(move_card(move) or move)
            wrong = (seat, card, len(lines))
            lines.append(_say(lang, "log_try", seat, me, names, card=card, n="?"))
            last_kind, last_seat, at = "wrong", seat, len(lines) - 1
        elif typ == "move":
            seat, move = ev["seat"], ev["move"]
            last_kind, last_seat, at = "other", seat, len(lines)
            if move == "draw":
                last_kind = "draw"
                if seat == me:
                    lines.append(t(lang, "log_draw_n_you", n=1))
                else:
                    lines.append(_say(lang, "log_draw", seat, me, names))
            elif move == "pass":
                lines.append(_say(lang, "log_pass", seat, me, names))
            elif move == "dernier":
                lines.append(_say(lang, "log_call", seat, me, names))
            elif move == "timeout":
                lines.append(_say(lang, "log_timeout", seat, me, names))
            elif move.startswith(":"):
                lines.append(_say(lang, "log_choose", seat, me, names, suit=suit_symbol(move[1:])))
            else:
                last_kind = "play"
                effect = ""
                if direction and i != closing:
                    effect, direction = _effect(_rank_played(move), seat, direction, me, names, lang)
                lines.append(_play_line(seat, move, me, names, lang, effect))
        elif typ == "draw":
            seat, n, reason = ev["seat"], ev["count"], ev.get("reason")
            if reason == "draw" and last_kind == "draw" and seat == last_seat and 0 <= at < len(lines):
                cards = ev.get("cards")
                if seat == me and cards:
                    lines[at] = t(lang, "log_draw_you", card=card_short(cards[0]))
                else:
                    lines[at] = _say(lang, "log_draw", seat, me, names)
                last_kind = "drawn"
            elif reason == "chain" and last_kind == "draw" and seat == last_seat and 0 <= at < len(lines):
                lines[at] = _say(lang, "log_draw_n", seat, me, names, n=n)
                last_kind = "drawn"
            elif reason == "dernier":
                text = _say(lang, "log_forgot", seat, me, names, n=n)
                if last_seat != seat and last_kind in ("draw", "play", "other") and at == len(lines) - 1:
                    # the penalty is drawn before the next seat's move (RULES §7): told first
                    lines.insert(at, text)
                    at += 1
                    if wrong is not None and wrong[2] >= at - 1:
                        wrong = (wrong[0], wrong[1], wrong[2] + 1)
                else:
                    lines.append(text)
            elif reason == "wrong" and wrong is not None and wrong[0] == seat:
                lines[wrong[2]] = _say(lang, "log_try", seat, me, names, card=wrong[1], n=n)
                wrong = None
            elif reason == "wrong":
                lines.append(_say(lang, "log_wrong", seat, me, names, n=n))
            elif reason in ("seven", "last") and last_kind == "play" and 0 <= at < len(lines):
                lines[at] += " — " + _say(lang, "log_then_draw", seat, me, names, n=n)
            elif reason == "timeout":
                lines.append(_say(lang, "log_draw_n", seat, me, names, n=n))
            else:
                lines.append(_say(lang, "log_draw_n", seat, me, names, n=n))
        elif typ == "turned":
            at = len(lines)
            line = _say(lang, "log_turned", ev["seat"], me, names, card=card_short(ev["card"]))
            if direction:  # played by the dealer (§3): a Q skips dealer+1, a K turns round
                effect, direction = _effect(_rank_played(ev["card"]), ev["seat"], direction, me, names, lang)
                line += effect
            lines.append(line)
            last_kind = "play"  # a 7 turned up makes someone draw: told on this line
        elif typ == "reshuffle":
            lines.append(t(lang, "log_reshuffle"))
        elif typ == "end":
            w = ev.get("winner")
            if w is None:
                lines.append(t(lang, "log_empty"))
            else:
                lines.append(_say(lang, "log_out", w, me, names))
    return lines


def _closing_play(log: Sequence[dict[str, Any]]) -> int:
    """The index of the play with which the hand's winner went out, or -1."""
    winner = next((ev.get("winner") for ev in reversed(log) if ev.get("type") == "end"), None)
    if winner is None:
        return -1
    for i in range(len(log) - 1, -1, -1):
        ev = log[i]
        if ev.get("type") == "move" and ev.get("seat") == winner and move_card(ev["move"]) is not None:
            return i
    return -1


def count_text(n: int, lang: str) -> str:
    return t(lang, "cards_count_1") if n == 1 else t(lang, "cards_count", n=n)


def tiebreak_text(kind: str | None, loser: str | None, loser_is_me: bool, lang: str) -> str:
    if kind in ("abandon", "timeout"):
        key = f"tb_{kind}" + ("_you" if loser_is_me else "")
        return t(lang, key, who=loser or "?")
    return t(lang, f"tb_{kind or 'points'}")


def hand_points_given(hands: Sequence[Sequence[str]]) -> list[int]:
    """Points each seat's remaining cards are worth to the others (RULES §9)."""
    out = []
    for h in hands:
        total = 0
        for code in h:
            rank, suit = split(code)
            if suit is None:
                total += 15
            elif rank == "A":
                total += 11
            elif rank in ("J", "Q", "K"):
                total += 10
            else:
                total += int(rank)
        out.append(total)
    return out
