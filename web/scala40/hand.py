"""What Scala 40's table works out from one seat's table state, without the browser: the
hand's order (sorted by suit or rank, or as the player arranged it), what a selection of
cards could form (RULES §4, §5), the moves a tap on a meld or the pile means, the drafted
opening and its value (§7), and moves and cards in words. Every answer comes from the
seat's own view: its hand, its legal moves, its possible melds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from scala40 import ruleset
from scala40.cards import RANKS, SUIT_SYMBOLS, SUITS, parse_meld_card
from scala40.melds import attach_result, check_meld, meld_value, parse_meld, swap_result
from scala40.melds import joker_stands as joker_stands_kinds
from web.cards.cardface import card_name as faces_card_name


def bare(card: str) -> str:
    """The hand card a meld card is: ``JK=5H`` is a ``JK``."""
    return "JK" if card.startswith("JK") else card


def meld_cards(meld: str) -> list[str]:
    """The hand cards of a meld string: ``5H-JK=6H-7H`` → ``["5H", "JK", "7H"]``."""
    return [bare(c) for c in meld.split("-")]


def joker_stands(meld: str) -> list[str]:
    """The cards the jokers of a meld string stand for."""
    return [c[3:] for c in meld.split("-") if c.startswith("JK=")]


def sort_key(card: str, by: str) -> tuple[int, int]:
    if card == "JK":
        return (99, 99)
    rank, suit = RANKS.index(card[:-1]), SUITS.index(card[-1])
    return (suit, rank) if by == "suit" else (rank, suit)


def sort_cards(cards: Iterable[str], by: str) -> list[str]:
    """``by`` ``suit`` (hearts, diamonds, clubs, spades, each A to K) or ``rank``; jokers last."""
    return sorted(cards, key=lambda c: sort_key(c, by))


def reconcile(order: Sequence[str], hand: Sequence[str], by: str) -> list[str]:
    """The hand in the player's order: the cards of ``order`` still held keep their places,
    new cards come last (all sorted when there was no order yet)."""
    if not order:
        return sort_cards(hand, by)
    left = Counter(hand)
    out: list[str] = []
    for c in order:
        if left[c] > 0:
            out.append(c)
            left[c] -= 1
    for c in hand:
        if left[c] > 0:
            out.append(c)
            left[c] -= 1
    return out


def minus(cards: Sequence[str], taken: Iterable[str]) -> list[str]:
    """``cards`` without one copy of each of ``taken`` (order kept)."""
    gone = Counter(taken)
    out = []
    for c in cards:
        if gone[c] > 0:
            gone[c] -= 1
        else:
            out.append(c)
    return out


def fits(sel: Sequence[str], cards: Sequence[str]) -> bool:
    """Every card of ``sel`` is among ``cards`` (as a multiset)."""
    need, have = Counter(sel), Counter(cards)
    return all(have[c] >= n for c, n in need.items())


def exact_melds(sel: Sequence[str], can_meld: Iterable[str]) -> list[str]:
    """The melds (strings, jokers named) made of exactly the selected cards."""
    want = Counter(sel)
    return [m for m in can_meld if Counter(meld_cards(m)) == want]


def could_form(sel: Sequence[str], can_meld: Iterable[str], held: Sequence[str]) -> list[str]:
    """The melds the selection is part of, with cards still held (not drafted)."""
    if not sel:
        return []
    return [m for m in can_meld if fits(sel, meld_cards(m)) and fits(meld_cards(m), held)]


def is_run(meld: str) -> bool:
    suits = {c[-1] for c in meld.split("-") if c != "JK"}
    ranks = {c.split("=")[-1][:-1] for c in meld.split("-")}
    return len(suits) == 1 and len(ranks) > 1


def meld_moves(legal: Iterable[str], meld_no: int, card: str) -> list[str]:
    """The attach and swap moves a tap on meld ``meld_no`` means with ``card`` selected."""
    out = []
    for mv in legal:
        parts = mv.split(" ")
        ok = len(parts) == 3 and parts[0] in ("attach", "swap") and parts[1] == str(meld_no)
        if ok and bare(parts[2]) == card:
            out.append(mv)
    return out


def attachable(legal: Iterable[str], card: str) -> set[int]:
    """The melds ``card`` could be attached to or swapped into now."""
    out = set()
    for mv in legal:
        parts = mv.split(" ")
        if len(parts) == 3 and parts[0] in ("attach", "swap") and bare(parts[2]) == card:
            out.add(int(parts[1]))
    return out


def fits_melds(card: str, melds: Sequence[Sequence[str]], rules: object) -> list[int]:
    """The melds on the table (each its cards, ``JK=5H`` for a joker) that ``card`` fits by
    the rules of melds alone (RULES §4, §5, §8: attached at an end of a run, a run of 6
    split, a set's missing suit, or swapped for the joker standing for it), whatever the
    turn, the phase or the opening: what a card "could" do, to say why it may not now."""
    rs = ruleset(rules)  # type: ignore[arg-type]
    out = []
    for i, cards in enumerate(melds):
        try:
            checked = check_meld(parse_meld("-".join(cards)), rs)
        except ValueError:
            continue
        if isinstance(checked, str):
            continue
        if card == "JK":
            ok = not rs.no_joker_attach and bool(joker_stands_kinds(checked, rs))
        else:
            c = parse_meld_card(card)
            ok = not isinstance(attach_result(checked, c, rs), str) or swap_result(checked, c) is not None
        if ok:
            out.append(i)
    return out


def splits(cards: Sequence[str], rules: object) -> bool:
    """A run of ``cards`` that one more card attached would split in two (RULES §4)."""
    rs = ruleset(rules)  # type: ignore[arg-type]
    return len(cards) == rs.max_run and is_run("-".join(cards))


def draft_points(draft: Sequence[str], rules: object) -> int:
    """The opening value of the drafted melds (RULES §1, §7)."""
    rs = ruleset(rules)  # type: ignore[arg-type]
    total = 0
    for m in draft:
        checked = check_meld(parse_meld(m), rs)
        total += meld_value(checked if not isinstance(checked, str) else parse_meld(m), rs)
    return total


def card_text(card: str) -> str:
    """``5♥``; a joker ``★``; a meld card ``★5♥`` (a joker standing for 5♥)."""
    if card.startswith("JK="):
        return "★" + card_text(card[3:])
    if card == "JK":
        return "★"
    return card[:-1] + SUIT_SYMBOLS[card[-1]]


def card_name(card: str, lang: str) -> str:
    """A card in words (the card faces' names): ``5 of Hearts`` / ``5 di Cuori``; a joker
    in a meld with the card it stands for."""
    lang = "it" if lang == "it" else "en"
    if card.startswith("JK="):
        stands = card_name(card[3:], lang)
        return f"Jolly come {stands}" if lang == "it" else f"Joker as {stands}"
    if card == "JK":
        return "Jolly" if lang == "it" else "Joker"
    return faces_card_name(card, lang)


def meld_text(meld: str) -> str:
    return " ".join(card_text(c) for c in meld.split("-"))


def _codes(v: object, meld: bool = False) -> bool:
    if not isinstance(v, list) or len(v) > 108:
        return False
    for c in v:
        if not isinstance(c, str):
            return False
        code = c[3:] if meld and c.startswith("JK=") else c
        if code != "JK" and not (len(code) in (2, 3) and code[:-1] in RANKS and code[-1] in SUITS):
            return False
    return True


def _ints(v: object, n: int) -> bool:
    return isinstance(v, list) and len(v) == n and all(type(x) is int for x in v)


def check_state(state: object, seat: int) -> str | None:
    """Why a host's Scala 40 table state for ``seat`` is unusable on a friend's page, or
    None when its shape is right (the keys this table draws from, with the right types)."""
    if not isinstance(state, dict) or state.get("seat") != seat:
        return f"state is not seat {seat}'s"
    players = state.get("players")
    if type(players) is not int or not 2 <= players <= 6 or not 0 <= seat < players:
        return "bad players"
    melds = state.get("melds")
    checks = [
        ("hand", _codes(state.get("hand"))),
        ("discard", _codes(state.get("discard"))),
        ("hand_sizes", _ints(state.get("hand_sizes"), players)),
        ("scores", _ints(state.get("scores"), players)),
        ("reentered", _ints(state.get("reentered"), players)),
        ("names", isinstance(state.get("names"), list) and len(state["names"]) == players),
        ("opened", isinstance(state.get("opened"), list) and len(state["opened"]) == players),
        ("legal", isinstance(state.get("legal"), list) and all(isinstance(m, str) for m in state["legal"])),
        ("can_meld", isinstance(state.get("can_meld"), list)),
        (
            "melds",
            isinstance(melds, list)
            and all(isinstance(m, dict) and _codes(m.get("cards"), True) for m in melds),
        ),
        ("history", isinstance(state.get("history"), list)),
        ("stock_size", type(state.get("stock_size")) is int),
        ("hand_no", type(state.get("hand_no")) is int),
        ("hand_over", isinstance(state.get("hand_over"), bool)),
        ("match", isinstance(state.get("match"), dict) and isinstance(state["match"].get("over"), bool)),
        ("presence", isinstance(state.get("presence"), dict)),
    ]
    for key, ok in checks:
        if not ok:
            return f"bad {key}"
    turn = state.get("turn")
    if turn is not None and not (type(turn) is int and 0 <= turn < players):
        return "bad turn"
    if state["hand_sizes"][seat] != len(state["hand"]):
        return "the hand and its count disagree"
    return None
