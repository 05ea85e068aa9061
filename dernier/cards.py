"""Cards: codes, the value type :class:`Card`, decks and card values (RULES §1, §9).

Inside the engine a card is a small int, its *kind*: ``suit * 13 + rank`` for the
52 suited cards (rank 0 = A … 12 = K; suit 0 = H, 1 = D, 2 = C, 3 = S) and 52 for
the Jolly. Identical cards of a two-deck game share the same kind.
"""

from __future__ import annotations

from .errors import NotationError

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("H", "D", "C", "S")
SUIT_SYMBOLS: dict[str, str] = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
SUIT_COLOURS: dict[str, str] = {"H": "red", "D": "yellow", "C": "green", "S": "blue"}

ACE, SEVEN, JACK, QUEEN, KING = 0, 6, 10, 11, 12
JOKER = 52
NKINDS = 53
NO_RANK = -1
NO_SUIT = -1

#: rank index of a kind (``NO_RANK`` for the Jolly)
RANK_OF: tuple[int, ...] = tuple(k % 13 for k in range(52)) + (NO_RANK,)
#: suit index of a kind (``NO_SUIT`` for the Jolly)
SUIT_OF: tuple[int, ...] = tuple(k // 13 for k in range(52)) + (NO_SUIT,)
#: card code of a kind
CODE_OF: tuple[str, ...] = tuple(RANKS[k % 13] + SUITS[k // 13] for k in range(52)) + ("JK",)
KIND_OF: dict[str, int] = {code: k for k, code in enumerate(CODE_OF)}
SUIT_INDEX: dict[str, int] = {s: i for i, s in enumerate(SUITS)}


def _value(kind: int) -> int:
    if kind == JOKER:
        return 15
    rank = RANK_OF[kind]
    if rank == ACE:
        return 11
    if rank >= JACK:
        return 10
    return rank + 1


#: points of a card left in hand (RULES §9)
VALUE_OF: tuple[int, ...] = tuple(_value(k) for k in range(NKINDS))
ACTION_RANKS = frozenset({ACE, SEVEN, JACK, QUEEN, KING})
#: True for action cards A 7 J Q K JK (RULES §1)
IS_ACTION: tuple[bool, ...] = tuple(k == JOKER or RANK_OF[k] in ACTION_RANKS for k in range(NKINDS))


def parse_kind(code: str) -> int:
    """The kind of a card code; :class:`NotationError` for anything else."""
    try:
        return KIND_OF[code]
    except (KeyError, TypeError):
        raise NotationError(f"{code!r} is not a card code (e.g. 'AH', '10S', 'QC', 'JK')") from None


def deck_kinds(decks: int = 1, jollies_per_deck: int = 2) -> list[int]:
    """Every card of ``decks`` decks, in a fixed order (kinds, with repeats for two decks)."""
    one = list(range(52)) + [JOKER] * jollies_per_deck
    return one * decks


class Card:
    """A card as a small immutable value: ``Card("AH")``, ``Card("JK")``.

    Cards compare equal by code; identical cards of two decks are equal.
    """

    __slots__ = ("kind",)
    kind: int

    def __new__(cls, code: str | Card) -> Card:
        if isinstance(code, Card):
            return code
        return _CARDS[parse_kind(code)]

    @classmethod
    def _make(cls, kind: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "kind", kind)
        return card

    @classmethod
    def from_kind(cls, kind: int) -> Card:
        return _CARDS[kind]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    @property
    def code(self) -> str:
        return CODE_OF[self.kind]

    @property
    def rank(self) -> str | None:
        """``'A'`` … ``'K'``; ``None`` for the Jolly."""
        r = RANK_OF[self.kind]
        return None if r == NO_RANK else RANKS[r]

    @property
    def suit(self) -> str | None:
        """``'H' 'D' 'C' 'S'``; ``None`` for the Jolly."""
        s = SUIT_OF[self.kind]
        return None if s == NO_SUIT else SUITS[s]

    @property
    def is_jolly(self) -> bool:
        return self.kind == JOKER

    @property
    def is_action(self) -> bool:
        return IS_ACTION[self.kind]

    @property
    def value(self) -> int:
        return VALUE_OF[self.kind]

    def __str__(self) -> str:
        return CODE_OF[self.kind]

    def __repr__(self) -> str:
        return f"Card({CODE_OF[self.kind]!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.kind == other.kind
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("Card", self.kind))

    def __lt__(self, other: Card) -> bool:
        return self.kind < other.kind

    def __reduce__(self) -> tuple[type[Card], tuple[str]]:
        return (Card, (CODE_OF[self.kind],))


_CARDS: tuple[Card, ...] = tuple(Card._make(k) for k in range(NKINDS))
