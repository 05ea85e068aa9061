"""Cards: codes, the 110-card deck and what each rank does (RULES §1, §10).

Inside the engine a card is its code string (``"AH"``, ``"10S"``, ``"JK"``); identical
codes are interchangeable. A Jolly as played is written ``"JK=<rank>"``.
"""

from __future__ import annotations

from .errors import NotationError

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("H", "D", "C", "S")
SUIT_SYMBOLS: dict[str, str] = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
JOLLY = "JK"
#: every suited code, rank-major within a suit (``AH 2H … KH AD …``)
SUITED: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
CODES: tuple[str, ...] = (*SUITED, JOLLY)
CODE_SET = frozenset(CODES)
RANK_SET = frozenset(RANKS)
#: copies of each code in the deck (RULES §1)
COPIES: dict[str, int] = {**{c: 2 for c in SUITED}, JOLLY: 6}
DECK_SIZE = 110

#: steps forward a rank moves one pawn (A: 1 or 11; 4 also backward; 7 split; J swaps)
FORWARD: dict[str, tuple[int, ...]] = {
    "A": (1, 11),
    "2": (2,),
    "3": (3,),
    "4": (4,),
    "5": (5,),
    "6": (6,),
    "8": (8,),
    "9": (9,),
    "10": (10,),
    "Q": (12,),
    "K": (13,),
}
#: ranks that bring a pawn out of the nest (RULES §10)
OUT_RANKS = frozenset({"A", "K"})
#: sort order of ranks in a hand
RANK_ORDER: dict[str, int] = {r: i for i, r in enumerate(RANKS)}


def rank_of(code: str) -> str:
    """``"10"`` for ``"10S"``; ``"JK"`` for the Jolly."""
    return JOLLY if code == JOLLY else code[:-1]


def parse_card(code: object) -> str:
    """The card code itself when it is one; :class:`NotationError` for anything else."""
    if isinstance(code, str) and code in CODE_SET:
        return code
    raise NotationError(f"{code!r} is not a card code (e.g. 'AH', '10S', 'QC', 'JK')")


def parse_played(code: object) -> str:
    """A card as it lies in the discard pile: a code, or ``JK=<rank>`` for a Jolly."""
    if isinstance(code, str) and code.startswith("JK="):
        if code[3:] in RANK_SET:
            return code
        raise NotationError(f"{code!r}: a Jolly names one rank of A 2 … 10 J Q K")
    return parse_card(code)


def base_code(played: str) -> str:
    """The card a discard entry is: ``JK`` for ``JK=7``."""
    return JOLLY if played.startswith("JK=") else played


def full_deck() -> list[str]:
    """The 110 cards in a fixed order."""
    return [c for c in CODES for _ in range(COPIES[c])]


def hand_key(code: str) -> tuple[int, int]:
    """Sort key of a hand: by rank, then suit, Jollies last."""
    if code == JOLLY:
        return (len(RANKS), 0)
    return (RANK_ORDER[code[:-1]], SUITS.index(code[-1]))
