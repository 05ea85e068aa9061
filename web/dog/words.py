"""DOG's words in the page (``STRINGS = {key: (English, Italian)}``, added over the shell's)
and the sentences of its log, made from move strings (plain Python, no browser)."""

from __future__ import annotations

from web.shell.i18n import t

STRINGS: dict[str, tuple[str, str]] = {
    "dog_table_label": ("DOG board", "Tavolo di DOG"),
    "dog_board_label": (
        "The board: 64 fields, four nests, four homes",
        "Il tabellone: 64 caselle, quattro nidi, quattro case",
    ),
    "dog_round": (
        "Game {game} · round {round}: {cards} cards",
        "Partita {game} · giro {round}: {cards} carte",
    ),
    "dog_give": ("Give", "Dai"),
    "dog_fold": ("Give up the round", "Rinuncia al giro"),
    "dog_cancel": ("Cancel", "Annulla"),
    "dog_undo": ("Undo part", "Annulla parte"),
    "dog_seven_left": ("7: {n} steps left", "7: ancora {n} passi"),
    "dog_new_game": ("New game", "Nuova partita"),
    "dog_replay": ("Watch the replay", "Rivedi la partita"),
    # the shell's replay viewer and Replays list in DOG's words: a game, not a hand
    "replay_hand": ("Game", "Partita"),
    "replay_hand_n": ("Game {n}", "Partita {n}"),
    "replay_hand_winner": ("won the game", "ha vinto la partita"),
    # the shell's words for which match is meant (resume, a new match asked): a game, not a hand
    "hand_plain": ("Game {n}", "Partita {n}"),
    # the shell's post-hand review (web/dog/review_page.py): a game, not a hand
    "review_hand": ("Review this game", "Analizza la partita"),
    "review_hand_heading": ("Game {n} — {who}", "Partita {n} — {who}"),
    "review_no_choices": (
        "No choices to review in this game.",
        "Nessuna scelta da analizzare in questa partita.",
    ),
    "dog_review_figures": (
        "Same move as the bot in {pct}% of {n} choices · {lost} of the team's position lost per choice",
        "Come il bot nel {pct}% di {n} scelte · {lost} di posizione della squadra persi per scelta",
    ),
    "dog_review_worst": (
        "Move {move_no}: better «{bot}» than «{played}» ({lost} lost)",
        "Mossa {move_no}: meglio «{bot}» che «{played}» ({lost} persi)",
    ),
    "dog_ranks_title": ("The Jolly plays as…", "Il Jolly vale…"),
    "dog_last_card": ("Last card", "Ultima carta"),
    "dog_no_card": ("none yet", "nessuna"),
    "dog_team_us": ("your team", "la tua squadra"),
    "dog_team_them": ("opponent", "avversario"),
    "dog_partner": ("partner", "compagno"),
    "dog_cards_n": ("{n} cards", "{n} carte"),
    "dog_out_round": ("gave up", "ha rinunciato"),
    "dog_gave_mark": ("gave", "ha dato"),
    "dog_exchange_pick": (
        "Exchange (§4): choose a card for your partner, then Give.",
        "Scambio (§4): scegli una carta per il compagno, poi Dai.",
    ),
    "dog_exchange_wait": (
        "You gave {card}. Waiting for your partner's card.",
        "Hai dato {card}. Aspetti la carta del compagno.",
    ),
    "dog_received": ("Your partner gave you {card}.", "Il compagno ti ha dato {card}."),
    "dog_your_turn": ("Your turn: choose a card.", "Tocca a te: scegli una carta."),
    "dog_pick_pawn": ("Choose a pawn that lights up.", "Scegli una pedina illuminata."),
    "dog_pick_target": ("Choose where it goes.", "Scegli dove va."),
    "dog_pick_swap": ("Choose the pawn to swap with.", "Scegli la pedina da scambiare."),
    "dog_must_fold": (
        "No card can be played: give up the round (§5).",
        "Nessuna carta si può giocare: rinuncia al giro (§5).",
    ),
    "dog_wait_turn": ("{who} is playing.", "Gioca {who}."),
    "dog_wait_exchange": ("Waiting for the exchange.", "Si aspetta lo scambio."),
    "dog_unusable": ("{card} has no legal move now.", "{card} ora non ha mosse possibili."),
    "dog_refused": ("Not allowed: {why}", "Non si può: {why}"),
    "dog_won_us": (
        "Your team wins! All eight pawns are home.",
        "Vince la tua squadra! Tutte e otto le pedine sono a casa.",
    ),
    "dog_won_them": ("The other team wins.", "Vince l'altra squadra."),
    "dog_won_ended": (
        "The other team {how}: your team wins.",
        "L'altra squadra {how}: vince la tua squadra.",
    ),
    "dog_lost_ended": (
        "Your team {how}: the other team wins.",
        "La tua squadra {how}: vince l'altra squadra.",
    ),
    "dog_how_abandon": ("abandoned", "ha abbandonato"),
    "dog_how_timeout": ("ran out of time", "ha esaurito il tempo"),
    "dog_score": (
        "Games: your team {us}, opponents {them}",
        "Partite: la tua squadra {us}, avversari {them}",
    ),
    "dog_log_give": ("{who} gives a card to the partner", "{who} dà una carta al compagno"),
    "dog_log_give_card": ("{who} gives {card} to the partner", "{who} dà {card} al compagno"),
    "dog_log_out": ("{who}: {card}, a pawn comes out", "{who}: {card}, esce una pedina"),
    "dog_log_move": ("{who}: {card}, {parts}", "{who}: {card}, {parts}"),
    "dog_log_swap": ("{who}: {card}, swaps {a} and {b}", "{who}: {card}, scambia {a} e {b}"),
    "dog_log_idle": ("{who}: {card}, no swap", "{who}: {card}, nessuno scambio"),
    "dog_log_fold": ("{who} gives up the round", "{who} rinuncia al giro"),
    "dog_log_abandon": ("{who} abandons", "{who} abbandona"),
    "dog_log_timeout": ("{who} ran out of time", "{who} ha esaurito il tempo"),
    # the hint (web/dog/coach.py): the move the hard bot would make, as advice
    "dog_hint_give_card": ("give {card} to your partner", "dai {card} al compagno"),
    "dog_hint_out": ("play {card} and bring a pawn out", "gioca {card} e fai uscire una pedina"),
    "dog_hint_move": ("play {card}: {parts}", "gioca {card}: {parts}"),
    "dog_hint_swap": ("play {card}: swap {a} and {b}", "gioca {card}: scambia {a} e {b}"),
    "dog_hint_idle": ("play {card} without a swap", "gioca {card} senza scambio"),
    "dog_hint_fold": (
        "give up the round (no card can be played)",
        "rinuncia al giro (nessuna carta si può giocare)",
    ),
    "dog_jolly_as": ("Jolly as {rank}", "Jolly come {rank}"),
    "dog_home_field": ("home {k}", "casa {k}"),
    "dog_nest": ("nest", "nido"),
    "dog_colour_0": ("Red", "Rosso"),
    "dog_colour_1": ("Blue", "Blu"),
    "dog_colour_2": ("Green", "Verde"),
    "dog_colour_3": ("Yellow", "Giallo"),
    "dog_pawn_label": ("{colour} pawn {i} on {at}", "Pedina {colour} {i} su {at}"),
    "dog_field_label": ("field {f}", "casella {f}"),
    "dog_start_label": ("start field of {who}", "partenza di {who}"),
    # the shell's words, worded for DOG (the game's words go over the shell's)
    "tagline": (
        "The Swiss team race game: two against two, bring your four pawns home with your cards.",
        "Il gioco di corsa svizzero a squadre: due contro due, porta a casa le tue quattro pedine "
        "con le carte.",
    ),
    "rules_heading": ("Rules of DOG", "Regole di DOG"),
    "table_label": ("DOG board", "Tavolo di DOG"),
    "log_heading": ("Moves of the game", "Mosse della partita"),
    # the "How to play" help (web/dog/help.py)
    "dog_help_tap": (
        "Tap a card: the pawns it can move light up. Tap a pawn, then where it goes "
        "(a lone choice plays at once).",
        "Tocca una carta: si illuminano le pedine che può muovere. Tocca una pedina, poi dove va "
        "(una scelta sola si gioca subito).",
    ),
    "dog_help_seven": (
        "A 7 is split part by part among your pawns; a Jolly first asks which card it plays as.",
        "Il 7 si divide parte per parte fra le pedine; il Jolly chiede prima che carta vale.",
    ),
    "dog_help_team": (
        "Two against two: your partner sits opposite you. The first team with all eight pawns in "
        "their homes wins.",
        "Due contro due: il tuo compagno siede di fronte a te. Vince la prima squadra che porta "
        "tutte e otto le pedine nelle sue case.",
    ),
    "dog_help_give": (
        "After each deal, give one card to your partner face down (pick it, then Give); you see "
        "theirs once you have given yours.",
        "Dopo ogni distribuzione dai una carta coperta al compagno (sceglila, poi Dai); vedi la sua "
        "dopo aver dato la tua.",
    ),
    "dog_help_cards": (
        "A, K and the Jolly bring a pawn out of the nest; 4 goes forward or backward; 7 is split "
        "over your pawns; J swaps one of your pawns with another; the Jolly acts as any card.",
        "A, K e il Jolly fanno uscire una pedina dal nido; il 4 va avanti o indietro; il 7 si divide "
        "tra le tue pedine; il J scambia una tua pedina con un'altra; il Jolly vale qualsiasi carta.",
    ),
    "dog_help_fresh": (
        "A pawn just out on its start field blocks everyone: it cannot be passed, landed on, "
        "swapped or sent home until it moves.",
        "Una pedina appena uscita sulla sua casella di partenza blocca tutti: non si può superare, "
        "raggiungere, scambiare né mandare a casa finché non si muove.",
    ),
    "dog_help_home": (
        "Landing on a pawn sends it back to its nest (your partner's too); so does every pawn a 7 passes.",
        "Chi arriva su una pedina la rimanda al suo nido (anche quella del compagno); così ogni "
        "pedina superata da un 7.",
    ),
    "dog_help_partner": (
        "Once your four pawns are home, your cards move your partner's pawns.",
        "Quando le tue quattro pedine sono in casa, le tue carte muovono quelle del compagno.",
    ),
    "dog_help_keys": (
        "Keys: Tab reaches the cards and the lit pawns, Enter chooses, Escape cancels the choice.",
        "Tasti: Tab raggiunge le carte e le pedine illuminate, Invio sceglie, Esc annulla la scelta.",
    ),
}


#: the letter on each seat's pawns, with its colour (colour-blind players read the letter)
LETTERS = {"en": ("R", "B", "G", "Y"), "it": ("R", "B", "V", "G")}


def letter(lang: str, seat: int) -> str:
    return LETTERS.get(lang, LETTERS["en"])[seat]


def field_words(lang: str, f: str) -> str:
    if f.startswith("h"):
        return t(lang, "dog_home_field", k=f.split(".")[1])
    if f.startswith("n"):
        return t(lang, "dog_nest")
    return f


SUIT_SIGNS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}


def card_text(code: str) -> tuple[str, str]:
    """(rank, suit sign) of a card code; the Jolly is ``("★", "")``."""
    if code == "JK":
        return "★", ""
    return code[:-1], SUIT_SIGNS.get(code[-1], "")


def card_words(head: str, lang: str, faces: bool = False) -> str:
    """A card of a move as the log shows it (``7H``, ``Jolly as 7``); with ``faces``, its
    rank and suit sign (``7♥``, the Jolly ``★``)."""
    if head.startswith("JK="):
        return t(lang, "dog_jolly_as", rank=head[3:])
    return "".join(card_text(head)) if faces else head


def log_line(
    lang: str, names: list[str], seat: int, move: str, prefix: str = "dog_log", faces: bool = False
) -> str:
    """One move of the log in the player's words; with ``prefix="dog_hint"``, a move as
    advice to the player (the hint); ``faces``: cards by rank and suit sign."""
    who = names[seat] if 0 <= seat < len(names) else f"#{seat}"
    toks = move.split(" ")
    if toks[0] == "give":
        if len(toks) > 1:
            return t(lang, f"{prefix}_give_card", who=who, card=card_words(toks[1], lang, faces))
        return t(lang, f"{prefix}_give", who=who)
    if move in ("fold", "abandon", "timeout"):
        return t(lang, f"{prefix}_{move}", who=who)
    card = card_words(toks[0], lang, faces)
    rest = toks[1:]
    if rest == ["out"]:
        return t(lang, f"{prefix}_out", who=who, card=card)
    if rest == ["idle"]:
        return t(lang, f"{prefix}_idle", who=who, card=card)
    if len(rest) == 1 and "x" in rest[0]:
        a, b = rest[0].split("x")
        return t(lang, f"{prefix}_swap", who=who, card=card, a=a, b=b)
    parts = ", ".join(" → ".join(field_words(lang, f) for f in p.split("-")) for p in rest)
    return t(lang, f"{prefix}_move", who=who, card=card, parts=parts)
