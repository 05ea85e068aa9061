"""Cards: codes, kinds and values (RULES §1).

Inside the engine a card is a small int, its *kind*: ``suit * 13 + rank`` for the 52 suited
cards (rank 0 = A … 12 = K; suit 0 = H, 1 = D, 2 = C, 3 = S) and 52 for the joker. Identical
cards of the two decks share a kind. A card *lying in a meld* is a natural kind, or
``JOKER_AS + k`` for a joker standing for kind ``k`` (written ``JK=5H``).
"""

from __future__ import annotations

from .errors import NotationError

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("H", "D", "C", "S")
SUIT_SYMBOLS: dict[str, str] = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}

ACE = 0
JOKER = 52
NKINDS = 53
#: a joker in a meld standing for kind k is ``JOKER_AS + k``
JOKER_AS = 64

RANK_OF: tuple[int, ...] = tuple(k % 13 for k in range(52)) + (-1,)
SUIT_OF: tuple[int, ...] = tuple(k // 13 for k in range(52)) + (-1,)
CODE_OF: tuple[str, ...] = tuple(RANKS[k % 13] + SUITS[k // 13] for k in range(52)) + ("JK",)
KIND_OF: dict[str, int] = {code: k for k, code in enumerate(CODE_OF)}

#: the full 108-card deck in a fixed order: every suited card twice, four jokers
FULL_DECK: tuple[int, ...] = tuple(list(range(52)) * 2 + [JOKER] * 4)
#: how many of each kind the deck holds
DECK_COUNT: tuple[int, ...] = (2,) * 52 + (4,)


def _penalty(kind: int) -> int:
    if kind == JOKER:
        return 25
    rank = RANK_OF[kind]
    if rank == ACE:
        return 11
    return min(rank + 1, 10)


#: penalty value of a card left in hand (RULES §1, §11); an Ace alone in hand counts 1
PENALTY_OF: tuple[int, ...] = tuple(_penalty(k) for k in range(NKINDS))
#: opening value of a suited card by rank, the Ace as 11 (RULES §1, §7)
RANK_VALUE: tuple[int, ...] = (11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


def parse_card(code: str) -> int:
    """The kind of a hand card code (``AH``, ``10S``, ``JK``); NotationError otherwise."""
    k = KIND_OF.get(code) if isinstance(code, str) else None
    if k is None:
        raise NotationError(f"{code!r} is not a card code (e.g. 'AH', '10S', 'QC', 'JK')")
    return k


def parse_meld_card(code: str) -> int:
    """A card as it lies in a meld: a suited code, or ``JK=<suited code>`` for a joker."""
    if not isinstance(code, str):
        raise NotationError(f"{code!r} is not a card code")
    if code.startswith("JK="):
        k = KIND_OF.get(code[3:])
        if k is None or k == JOKER:
            raise NotationError(f"{code!r}: a joker names the suited card it stands for, e.g. 'JK=5H'")
        return JOKER_AS + k
    k = KIND_OF.get(code)
    if k is None:
        raise NotationError(f"{code!r} is not a card code (e.g. 'AH', '10S', 'JK=5H')")
    if k == JOKER:
        raise NotationError("a joker on the table names the card it stands for, e.g. 'JK=5H'")
    return k


def meld_card_code(c: int) -> str:
    """``5H`` or ``JK=5H``."""
    return "JK=" + CODE_OF[c - JOKER_AS] if c >= JOKER_AS else CODE_OF[c]


def card_text(code: str) -> str:
    """A card code for people: ``10♥``, ``Jolly``, ``Jolly(5♥)``."""
    if code == "JK":
        return "Jolly"
    if code.startswith("JK="):
        return f"Jolly({card_text(code[3:])})"
    return code[:-1] + SUIT_SYMBOLS[code[-1]]
