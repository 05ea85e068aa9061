"""Scala 40's words in the page, English and Italian (``STRINGS = {key: (en, it)}``, added
over the shell's), and the engine's refusals in the player's words (:func:`why`)."""

from __future__ import annotations

import re

from web.scala40.hand import card_text, meld_text
from web.shell.i18n import rule_refs, t

STRINGS: dict[str, tuple[str, str]] = {
    # the words of the flows the shell owns, in this game's rules (web.shell.games.GAME_WORDS)
    "abandon_text": (
        "The match ends at once, and you are ranked last (§12).",
        "La partita finisce subito e tu arrivi ultimo (§12).",
    ),
    "stats": ("Matches played: {played} · won: {won}", "Partite giocate: {played} · vinte: {won}"),
    "next_hand": ("Deal the next hand", "Distribuisci la prossima mano"),
    "play_again": ("Play again", "Gioca ancora"),
    "wait_host_hand": ("The host deals the next hand.", "Chi ospita distribuisce la prossima mano."),
    "wait_host_match": ("The host may start a new match.", "Chi ospita può iniziare una nuova partita."),
    # the shell's words, worded for Scala 40 (the game's words go over the shell's)
    "tagline": (
        "The Italian rummy: lay sets and runs, open with 40 points, and be the first to go out.",
        "Il ramino italiano: cala tris e scale, apri con 40 punti e chiudi per primo.",
    ),
    "rules_classic": ("classic", "classica"),
    "rules_strict": ("strict", "rigorosa"),
    "rules_heading": ("Rules of Scala 40", "Regole di Scala 40"),
    "s40_stock": ("Stock", "Tallone"),
    "s40_stock_label": ("Stock {n} cards: draw", "Tallone {n} carte: pesca"),
    "s40_stock_label_one": ("Stock 1 card: draw", "Tallone 1 carta: pesca"),
    "s40_pile_label": ("Discard pile, top {card}", "Pozzo, in cima {card}"),
    "s40_pile_empty": ("Discard pile, empty", "Pozzo vuoto"),
    "s40_pile_history": ("Discards", "Scarti"),
    "s40_pile_history_label": ("The discard pile's last cards", "Le ultime carte del pozzo"),
    "s40_sort_suit": ("By suit", "Per seme"),
    "s40_sort_rank": ("By rank", "Per valore"),
    "s40_meld": ("Meld", "Cala"),
    "s40_move_left": ("Move the card left", "Sposta la carta a sinistra"),
    "s40_move_right": ("Move the card right", "Sposta la carta a destra"),
    "s40_to_opening": ("Add to opening", "Metti in apertura"),
    "s40_open": ("Open", "Apri"),
    "s40_cancel_open": ("Take back", "Riprendi"),
    "s40_reenter": ("Re-enter", "Rientra"),
    "s40_retire": ("Retire", "Ritirati"),
    "s40_opening": ("Opening: {points} / 40", "Apertura: {points} / 40"),
    "s40_opening_close": ("Opening: {points} (close in hand)", "Apertura: {points} (chiusura in mano)"),
    "s40_you": ("you", "tu"),
    "s40_cards": ("{n} cards", "{n} carte"),
    "s40_card_one": ("1 card", "1 carta"),
    "s40_opened": ("opened", "aperto"),
    "s40_not_opened": ("not opened", "non aperto"),
    "s40_total": ("total {n}", "totale {n}"),
    "s40_reentries": ("re-entries {n}", "rientri {n}"),
    "s40_out": ("out", "eliminato"),
    "s40_melds_of": ("{who}'s melds", "Combinazioni di {who}"),
    "s40_my_melds": ("Your melds", "Le tue combinazioni"),
    "s40_summary": ("End of hand {n}", "Fine della mano {n}"),
    "s40_no_melds": ("No melds on the table yet.", "Nessuna combinazione in tavola."),
    "s40_turn_draw": (
        "Your turn: draw from the stock or take the pile's top.",
        "Tocca a te: pesca dal tallone o prendi dal pozzo.",
    ),
    "s40_turn_play": (
        "Meld, attach or discard (select a card, then the pile).",
        "Cala, attacca o scarta (scegli una carta, poi il pozzo).",
    ),
    "s40_turn_use": (
        "Use the card you took: meld it or attach it.",
        "Usa la carta presa: calala o attaccala.",
    ),
    "s40_turn_open": (
        "Open now, with the card you took in a meld of your opening.",
        "Apri ora, con la carta presa in una combinazione dell'apertura.",
    ),
    "s40_turn_unopened": (
        "Open with 40 points (select a meld, then Add to opening), or discard (a card, then the pile).",
        "Apri con 40 punti (scegli una combinazione, poi Metti in apertura), "
        "o scarta (una carta, poi il pozzo).",
    ),
    "s40_you_out": (
        "You are out of the match: watch the others play, or start a new match from the menu.",
        "Sei fuori dalla partita: guarda gli altri giocare, o inizia una nuova partita dal menu.",
    ),
    "s40_turn_discard": ("Opened: now discard.", "Aperto: ora scarta."),
    "s40_turn_other": ("{who} is playing.", "Gioca {who}."),
    "s40_decide": ("You are out: re-enter or retire?", "Sei eliminato: rientri o ti ritiri?"),
    "s40_decide_total": (
        "You are out: re-enter with a total of {n} (the highest still in), or retire?",
        "Sei eliminato: rientri con un totale di {n} (il più alto di chi è in gioco), o ti ritiri?",
    ),
    "s40_could": ("These could form: {what}", "Queste possono formare: {what}"),
    "s40_could_attach": ("Tap a lit meld to attach it.", "Tocca una combinazione illuminata per attaccarla."),
    "s40_attach_splits": (
        "A run holds at most 5 cards: on a run of 5 it makes 6, which splits into two runs of 3 (§4).",
        "Una scala ha al massimo 5 carte: su una scala di 5 fa 6, e si divide in due scale da 3 (§4).",
    ),
    # a card selected that fits a meld on the table (§4, §5, §8) but may not go there now: why
    "s40_fits_not_turn": (
        "{card} fits {meld}: attach it in your turn, after drawing (§6, §8).",
        "{card} va su {meld}: attaccala nel tuo turno, dopo aver pescato (§6, §8).",
    ),
    "s40_fits_draw_first": (
        "{card} fits {meld}: first draw, then attach it (§6).",
        "{card} va su {meld}: prima pesca, poi attaccala (§6).",
    ),
    "s40_fits_not_opened": (
        "{card} fits {meld}, but you attach only once you have opened, from the turn after (§7, §8).",
        "{card} va su {meld}, ma si attacca solo dopo aver aperto, dal turno seguente (§7, §8).",
    ),
    "s40_fits_after_opening": (
        "{card} fits {meld}, but in the turn you open only the discard follows: attach it next turn (§7).",
        "{card} va su {meld}, ma nel turno dell'apertura si scarta soltanto: "
        "attaccala al prossimo turno (§7).",
    ),
    "s40_fits_taken_first": (
        "{card} fits {meld}, but the card you took goes on the table first (§6).",
        "{card} va su {meld}, ma prima va calata la carta presa (§6).",
    ),
    "s40_fits_last_card": (
        "{card} fits {meld}, but your last card is discarded, never laid: discarding it closes (§6, §9).",
        "{card} va su {meld}, ma l'ultima carta si scarta, non si cala: scartandola chiudi (§6, §9).",
    ),
    "s40_fits_no_joker_attach": (
        "With these rules jokers may not be attached (§8).",
        "Con queste regole i jolly non si attaccano (§8).",
    ),
    "s40_nothing": ("These cards form no meld.", "Queste carte non formano combinazioni."),
    "s40_run": ("a run", "una scala"),
    "s40_set": ("a set", "un tris"),
    "s40_choose_joker": ("Which card does the joker stand for?", "Quale carta sostituisce il jolly?"),
    "s40_select_one": ("Select one card first.", "Prima scegli una carta."),
    "s40_select_just_one_discard": (
        "{n} cards are selected: select just one to discard it, then tap the pile.",
        "Hai scelto {n} carte: scegline una sola da scartare, poi tocca il pozzo.",
    ),
    "s40_select_just_one_attach": (
        "{n} cards are selected: select just one to attach it, then tap the meld.",
        "Hai scelto {n} carte: scegline una sola da attaccare, poi tocca la combinazione.",
    ),
    "s40_draw_first": (
        "Nothing taken: first draw. Tap the stock, or tap the pile with no card selected to take "
        "its card, which must then go on the table at once (§6).",
        "Nessuna carta presa: prima si pesca. Tocca il tallone, o tocca il pozzo senza carte scelte "
        "per prenderne la carta, che va poi calata subito (§6).",
    ),
    "s40_draw_first_free": (
        "Nothing taken: first draw. Tap the stock, or tap the pile with no card selected to take "
        "its card (§6).",
        "Nessuna carta presa: prima si pesca. Tocca il tallone, o tocca il pozzo senza carte scelte "
        "per prenderne la carta (§6).",
    ),
    "s40_draw_first_no_take": (
        "Nothing taken: first draw from the stock (tap it). With these rules the pile's card is "
        "taken only after opening in an earlier turn (§6).",
        "Nessuna carta presa: prima pesca dal tallone (toccalo). Con queste regole la carta del pozzo "
        "si prende solo dopo aver aperto in un turno precedente (§6).",
    ),
    "s40_draw_first_unopened": (
        "Nothing taken: first draw. Tap the stock, or tap the pile with no card selected to take "
        "its card, only if you open with it at once (§6).",
        "Nessuna carta presa: prima si pesca. Tocca il tallone, o tocca il pozzo senza carte scelte "
        "per prenderne la carta, solo se apri subito con essa (§6).",
    ),
    "s40_select_meld": ("Select the cards of a meld first.", "Prima scegli le carte di una combinazione."),
    "s40_closed": ("{who} closed.", "{who} ha chiuso."),
    "s40_closed_in_hand": (
        "{who} closed in hand: penalties doubled.",
        "{who} ha chiuso in mano: penalità raddoppiate.",
    ),
    "s40_closed_you": ("You closed.", "Hai chiuso."),
    "s40_closed_in_hand_you": (
        "You closed in hand: penalties doubled.",
        "Hai chiuso in mano: penalità raddoppiate.",
    ),
    "s40_col_left": ("Cards left", "Carte rimaste"),
    "s40_just_drawn": ("just drawn", "appena pescata"),
    "s40_why_closed": ("closed", "ha chiuso"),
    "s40_why_unopened": ("not opened: {n}", "non aperto: {n}"),
    "s40_why_cards": ("points: {n}", "punti: {n}"),
    "s40_why_doubled": ("× 2 (close in hand)", "× 2 (chiusura in mano)"),
    "s40_last_cards": ("{who}'s last cards", "Ultime carte di {who}"),
    "s40_stock_out": ("The hand is over.", "La mano è finita."),
    "s40_col_player": ("Player", "Giocatore"),
    "s40_col_paid": ("This hand", "Questa mano"),
    "s40_col_total": ("Total", "Totale"),
    "s40_col_state": ("", ""),
    "s40_winner": ("{who} wins the match.", "{who} vince la partita."),
    "s40_one_hand": ("One hand: {who} wins.", "Una mano: vince {who}."),
    "s40_winner_you": ("You win the match.", "Hai vinto la partita."),
    "s40_one_hand_you": ("One hand: you win.", "Una mano: hai vinto tu."),
    "s40_abandoned": ("{who} abandoned the match.", "{who} ha abbandonato la partita."),
    "s40_abandoned_you": ("You abandoned the match.", "Hai abbandonato la partita."),
    "s40_deciding": ("deciding", "decide"),
    "s40_deciding_you": ("your choice", "scegli tu"),
    "s40_hand_no": ("Hand {n} · out at {out}", "Mano {n} · eliminato a {out}"),
    "s40_moved": ("{who}: {move}", "{who}: {move}"),
    "s40_draws": ("draws", "pesca"),
    "s40_takes": ("takes {card}", "prende {card}"),
    "s40_opens": ("opens with {melds}", "apre con {melds}"),
    "s40_melds_move": ("melds {meld}", "cala {meld}"),
    "s40_attaches": ("attaches {card}", "attacca {card}"),
    "s40_swaps": ("swaps {card} for a joker", "scambia {card} con un jolly"),
    "s40_discards": ("discards {card}", "scarta {card}"),
    "s40_reenters": ("re-enters", "rientra"),
    "s40_retires": ("retires", "si ritira"),
    # the hint (web/scala40/coach.py): the move the hard bot would make, as advice
    "s40_hint_draw": ("draw from the stock", "pesca dal tallone"),
    "s40_hint_take": ("take {card} from the discard pile", "prendi {card} dal pozzo"),
    "s40_hint_open": ("open with {melds}", "apri con {melds}"),
    "s40_hint_meld": ("meld {meld}", "cala {meld}"),
    "s40_hint_attach": ("attach {card} to {meld}", "attacca {card} a {meld}"),
    "s40_hint_swap": ("swap {card} for the joker in {meld}", "scambia {card} con il jolly di {meld}"),
    "s40_hint_discard": ("discard {card}", "scarta {card}"),
    "s40_hint_reenter": ("re-enter the match", "rientra in partita"),
    "s40_hint_retire": ("retire from the match", "ritirati dalla partita"),
    "s40_time_up": (
        "Time is up: a move was played for you.",
        "Tempo scaduto: è stata giocata una mossa per te.",
    ),
    "s40_keys": (
        "Keys: ←/→ between cards, Space selects, Shift+←/→ moves a card, S sorts, D draws, T takes.",
        "Tasti: ←/→ tra le carte, Spazio seleziona, Maiusc+←/→ la sposta, S ordina, D pesca, T prende.",
    ),
    # the "How to play" help (web/scala40/help.py)
    "s40_help_turn": (
        "Your turn: draw from the stock, or take the top of the discard pile; then play if you "
        "can; end by discarding one card.",
        "Al tuo turno: pesca dal tallone, o prendi la carta in cima agli scarti; poi gioca se puoi; "
        "finisci scartando una carta.",
    ),
    "s40_help_melds": (
        "Melds: a run is 3 to 5 cards of one suit in sequence (A-2-3 or Q-K-A); a card attached to "
        "a run of 5 makes 6, and it splits into two runs of 3. A set is 3 or 4 cards of one rank, all "
        "of different suits. A joker stands for any one card.",
        "Combinazioni: una scala ha da 3 a 5 carte dello stesso seme in sequenza (A-2-3 o Q-K-A); una "
        "carta attaccata a una scala di 5 fa 6, e si divide in due scale da 3. Un tris è di 3 o 4 carte "
        "dello stesso valore, di semi diversi. Il jolly sostituisce una carta qualsiasi.",
    ),
    "s40_help_melds_long": (
        "Melds: a run is 3 or more cards of one suit in sequence (A-2-3 or Q-K-A), with no limit in "
        "these rules; a set is 3 or 4 cards of one rank, all of different suits. A joker stands for any "
        "one card.",
        "Combinazioni: una scala è di 3 o più carte dello stesso seme in sequenza (A-2-3 o Q-K-A), senza "
        "limite con queste regole; un tris è di 3 o 4 carte dello stesso valore, di semi diversi. Il "
        "jolly sostituisce una carta qualsiasi.",
    ),
    "s40_help_open": (
        "Opening: your first melds, laid in one move, must be worth 40 points or more (the count "
        "shows as you select). You may take the discard only to open with it at once.",
        "Apertura: le tue prime combinazioni, calate in una sola mossa, devono valere almeno 40 "
        "punti (il conto appare mentre selezioni). Puoi prendere lo scarto solo per aprire subito "
        "con quella carta.",
    ),
    "s40_help_after": (
        "Once opened, from your next turn: lay new melds, attach cards to any meld, or swap a joker "
        "for the card it stands for (tap the meld).",
        "Dopo l'apertura, dal turno seguente: cala nuove combinazioni, attacca carte a qualsiasi "
        "combinazione o sostituisci un jolly con la carta che rappresenta (tocca la combinazione).",
    ),
    "s40_help_close": (
        "Close by discarding your last card. The others pay the points left in their hands (100 if "
        "they have not opened), double if you closed in hand.",
        "Chiudi scartando l'ultima carta. Gli altri pagano i punti rimasti in mano (100 se non hanno "
        "aperto), il doppio se hai chiuso in mano.",
    ),
    "s40_help_match": (
        "A player whose total reaches {out_at} is out; the last one left wins the match.",
        "Chi arriva a {out_at} punti è eliminato; l'ultimo rimasto vince la partita.",
    ),
    # the post-hand review (web/scala40/review_page.py): choices judged in penalty points (§11)
    "s40_review_figures": (
        "Best choice found: {best} of {n} · {lost} penalty points lost in all",
        "Scelta migliore trovata: {best} su {n} · {lost} punti di penalità persi in tutto",
    ),
    "s40_review_worst": (
        "Move {n}: “{played}” cost you {cost} penalty points: on average you pay {paid} with it, "
        "{better} with “{best}”.",
        "Mossa {n}: «{played}» ti è costata {cost} punti di penalità: in media ne paghi {paid} così, "
        "{better} con «{best}».",
    ),
}


#: the engine's refusals (IllegalMove), matched by their opening words, in the player's words
_WHY: list[tuple[str, tuple[str, str]]] = [
    (r"not your turn", ("It is not your turn.", "Non è il tuo turno.")),
    (
        r"wrong phase: draw or take only at the start",
        (
            "You have already drawn this turn: one card per turn, then play or discard (§6).",
            "Hai già pescato in questo turno: una carta per turno, poi cala o scarta (§6).",
        ),
    ),
    (
        r"wrong phase: draw or take first",
        (
            "First draw from the stock or take from the pile (§6).",
            "Prima pesca dal tallone o prendi dal pozzo (§6).",
        ),
    ),
    (
        r"wrong phase: after opening",
        (
            "After opening you may only discard this turn (§7).",
            "Dopo l'apertura puoi solo scartare in questo turno (§7).",
        ),
    ),
    (
        r"take: only a seat that opened",
        (
            "Only a player who opened in an earlier turn may take from the pile (§6).",
            "Solo chi ha aperto in un turno precedente può prendere dal pozzo (§6).",
        ),
    ),
    (
        r"take: the card has no use",
        (
            "That card cannot go on the table now, so it may not be taken (§6).",
            "Quella carta ora non si può calare, quindi non si può prendere (§6).",
        ),
    ),
    (
        r"take: not opened",
        (
            "You have not opened and that card does not let you open now (§6).",
            "Non hai aperto e quella carta non ti fa aprire ora (§6).",
        ),
    ),
    (
        r"taken card unused",
        (
            "The card you took must go on the table first: {card} (§6).",
            "La carta presa va calata prima: {card} (§6).",
        ),
    ),
    (
        r"discard barred: .* is the card taken",
        ("You may not discard the card you took (§9).", "Non puoi scartare la carta presa (§9)."),
    ),
    (
        r"discard barred: .* could be attached",
        (
            "That card could be attached to a meld: it may not be discarded (§9).",
            "Quella carta si può attaccare: non si può scartare (§9).",
        ),
    ),
    (
        r"only a seat that has opened may close",
        (
            "Only a player who has opened may close: keep your last card (§9).",
            "Chiude solo chi ha aperto: tieni l'ultima carta (§9).",
        ),
    ),
    (r"already opened", ("You have already opened (§7).", "Hai già aperto (§7).")),
    (
        r"no move may leave the hand empty",
        (
            "Keep a card to discard: the hand always ends on a discard (§6).",
            "Tieni una carta da scartare: la mano finisce sempre con uno scarto (§6).",
        ),
    ),
    (
        r"under 40: the opening is worth (\d+)",
        ("The opening is worth {n}: it needs 40 (§7).", "L'apertura vale {n}: servono 40 (§7)."),
    ),
    (
        r"open first",
        (
            "Open first: melds and attachments come after an opening in an earlier turn (§6, §7).",
            "Prima apri: calate e attacchi vengono dopo l'apertura, in un turno precedente (§6, §7).",
        ),
    ),
    (
        r"jokers may not be attached",
        ("Jokers may not be attached (§8).", "I jolly non si possono attaccare (§8)."),
    ),
    (
        r"cannot attach to meld \d+: the run of 6 would split",
        (
            "A run holds at most 5 cards: at 6 it splits into two runs of 3, and here one of them "
            "would not be a valid meld (§4).",
            "Una scala ha al massimo 5 carte: a 6 si divide in due scale da 3, e qui una delle due "
            "non sarebbe valida (§4).",
        ),
    ),
    (
        r"cannot attach to meld",
        (
            "That card does not fit that meld (§4, §8).",
            "Quella carta non va su quella combinazione (§4, §8).",
        ),
    ),
    (
        r"no joker in meld",
        (
            "That meld has no joker standing for that card (§5).",
            "In quella combinazione nessun jolly sostituisce quella carta (§5).",
        ),
    ),
    (r"not in hand", ("That card is not in your hand.", "Quella carta non è nella tua mano.")),
    (r"the stock is empty", ("The stock is empty.", "Il tallone è vuoto.")),
    (r"the discard pile is empty", ("The discard pile is empty.", "Il pozzo è vuoto.")),
    (r"the hand is over", ("The hand is over.", "La mano è finita.")),
    (r"the match is over", ("The match is over.", "La partita è finita.")),
]

_CARD = re.compile(r"\b(10|[2-9AJQK])([HDCS])\b|\bJK\b")


def cards_word(n: int, lang: str) -> str:
    """``1 card`` / ``1 carta``, else ``n cards`` / ``n carte``."""
    en, it = STRINGS["s40_card_one" if n == 1 else "s40_cards"]
    return (it if lang == "it" else en).format(n=n)


def why(reason: str, lang: str) -> str:
    """The engine's refusal in the player's words (the engine's own text when unknown,
    e.g. an invalid meld: it names the rule)."""
    for pattern, (en, it) in _WHY:
        m = re.search(pattern, reason)
        if m:
            card = _CARD.search(reason[m.end() :] or reason)
            text = it if lang == "it" else en
            return rule_refs(
                text.format(
                    card=card_text(card.group(0)) if card else "", n=m.group(1) if m.groups() else ""
                ),
                lang,
            )
    reason = _CARD.sub(lambda c: card_text(c.group(0)), reason)  # cards as the table shows them
    if lang == "it":
        return rule_refs("Mossa non valida: " + reason, lang)
    return rule_refs("Not allowed: " + reason, lang)


#: the log's words of each verb (a hint's are ``s40_hint_<verb>``)
_LOG_KEYS = {
    "draw": "s40_draws",
    "take": "s40_takes",
    "open": "s40_opens",
    "meld": "s40_melds_move",
    "attach": "s40_attaches",
    "swap": "s40_swaps",
    "discard": "s40_discards",
    "reenter": "s40_reenters",
    "retire": "s40_retires",
}


def move_words(
    move: str, lang: str, taken: str | None = None, hint: bool = False, melds: list[str] | None = None
) -> str:
    """A move in the player's words: as the log tells it (``draws``, ``takes 7♥``, ``melds
    7♥ 8♥ 9♥``), or with ``hint`` as advice to the player (``draw from the stock``, ``attach
    9♥ to 6♥ 7♥ 8♥``); ``taken``: the card a ``take`` takes; ``melds``: the table's melds
    (``a-b-c``), to name the one a card is attached to."""
    verb, _, rest = move.partition(" ")
    words = rest.split()
    fields: dict[str, str] = {}
    key = _LOG_KEYS.get(verb, "")
    if verb == "take":
        fields["card"] = card_text(taken) if taken else ""
    elif verb == "open":
        fields["melds"] = " · ".join(meld_text(m) for m in words)
    elif verb == "meld":
        fields["meld"] = meld_text(rest)
    elif verb in ("attach", "swap", "discard"):
        fields["card"] = card_text(words[-1])
        n = int(words[0]) if verb != "discard" and words[0].isdigit() else -1
        fields["meld"] = meld_text(melds[n]) if melds and 0 <= n < len(melds) else ""
    elif not key:
        return move
    return t(lang, f"s40_hint_{verb}" if hint else key, **fields)


def log_words(entry: list[object], names: list[str], lang: str) -> str:
    """One entry of a view's ``history`` (``[seat, move, taken]``) as a line of the log."""
    seat, move = int(str(entry[0])), str(entry[1])
    taken = str(entry[2]) if len(entry) > 2 and entry[2] else None
    who = names[seat] if 0 <= seat < len(names) else f"#{seat}"
    return t(lang, "s40_moved", who=who, move=move_words(move, lang, taken))


__all__ = ["STRINGS", "log_words", "move_words", "why"]

# lessons (web/scala40/lessons.py): what each step asks, its refusal, what it taught
STRINGS.update(
    {
        "lesson_s40_t_melds": ("Runs and sets", "Scale e tris"),
        "lesson_s40_melds_1": (
            "You opened last turn with four Kings. A turn starts with a card: tap the stock (§6).",
            "Hai aperto il turno scorso con quattro Re. Il turno inizia con una carta: "
            "tocca il tallone (§6).",
        ),
        "lesson_s40_melds_2": (
            "A run: 3 to 5 cards in a row, one suit (§4). Select 5♥ 6♥ 7♥, then tap Meld.",
            "Una scala: da 3 a 5 carte in fila dello stesso seme (§4). Seleziona 5♥ 6♥ 7♥, poi tocca Cala.",
        ),
        "lesson_s40_melds_3": (
            "A set: 3 or 4 cards of one rank, all different suits (§4). Select the three 9s, then Meld.",
            "Un tris: 3 o 4 carte dello stesso valore, di semi diversi (§4). Seleziona i tre 9, poi Cala.",
        ),
        "lesson_s40_melds_4": (
            "A turn ends with a discard (§6): select Q♦ and tap the discard pile.",
            "Il turno finisce con uno scarto (§6): seleziona la Q♦ e tocca il pozzo.",
        ),
        "lesson_s40_melds_done": (
            "Runs and sets are all the melds there are. A run holds 3 to 5 cards: a card attached to a "
            "run of 5 makes 6, and it splits into two runs of 3 (§4).",
            "Scale e tris sono tutte le combinazioni. Una scala ha da 3 a 5 carte: una carta attaccata a "
            "una scala di 5 fa 6, e si divide in due scale da 3 (§4).",
        ),
        "lesson_s40_t_open": ("The opening: 40 points", "L'apertura: 40 punti"),
        "lesson_s40_open_1": (
            "You have not opened yet. Draw from the stock first.",
            "Non hai ancora aperto. Prima pesca dal tallone.",
        ),
        "lesson_s40_open_2": (
            "To open, lay melds worth 40 or more at once (§7; J Q K count 10). Select 10♥ J♥ Q♥ and tap "
            "Add to opening: the count shows 30. Add the three 5s (15), then tap Open.",
            "Per aprire cala in una volta combinazioni da almeno 40 punti (§7; J Q K valgono 10). Seleziona "
            "10♥ J♥ Q♥ e tocca Metti in apertura: il conto segna 30. Aggiungi i tre 5 (15), poi tocca Apri.",
        ),
        "lesson_s40_open_3": (
            "After opening only the discard follows (§7): discard K♠.",
            "Dopo l'apertura si scarta soltanto (§7): scarta il K♠.",
        ),
        "lesson_s40_open_done": (
            "Opened with 45. From your next turn you may lay melds and attach cards freely.",
            "Aperto con 45. Dal prossimo turno puoi calare e attaccare liberamente.",
        ),
        "lesson_s40_t_take": ("Taking from the pile to open", "Prendere dal pozzo per aprire"),
        "lesson_s40_take_1": (
            "The Q♠ on the pile makes a set with your Q♥ Q♣. Before opening you may take it only to open "
            "at once (§6): tap the pile.",
            "La Q♠ sul pozzo fa tris con le tue Q♥ Q♣. Prima di aprire puoi prenderla solo per aprire "
            "subito (§6): tocca il pozzo.",
        ),
        "lesson_s40_take_1_no": (
            "Not the stock this time: take the Q♠ from the pile, it completes your opening.",
            "Non il tallone stavolta: prendi la Q♠ dal pozzo, completa la tua apertura.",
        ),
        "lesson_s40_take_2": (
            "The taken card must be in your opening (§6). Put Q♠ Q♥ Q♣ and 9♦ 10♦ J♦ in the opening "
            "(59), then tap Open.",
            "La carta presa deve stare nell'apertura (§6). Metti Q♠ Q♥ Q♣ e 9♦ 10♦ J♦ in apertura (59), "
            "poi tocca Apri.",
        ),
        "lesson_s40_take_3": ("Now discard 4♥.", "Ora scarta il 4♥."),
        "lesson_s40_take_done": (
            "A card from the pile must go on the table at once: before opening, in the opening itself (§6).",
            "La carta del pozzo va calata subito: prima di aprire, nell'apertura stessa (§6).",
        ),
        "lesson_s40_t_attach": ("Attaching", "Attaccare"),
        "lesson_s40_attach_1": ("You have opened. Draw a card.", "Hai aperto. Pesca una carta."),
        "lesson_s40_attach_2": (
            "A card goes at either end of a run (§8): select 7♥ and tap your run 4♥ 5♥ 6♥.",
            "Una carta va a un capo di una scala (§8): seleziona il 7♥ e tocca la tua scala 4♥ 5♥ 6♥.",
        ),
        "lesson_s40_attach_3": (
            "Any meld takes cards, the others' too: add J♥ to the set of Jacks as its missing suit (§8).",
            "Ogni combinazione prende carte, anche quelle degli altri: aggiungi il J♥ al tris di Fanti (§8).",
        ),
        "lesson_s40_attach_4": ("Now discard 9♠.", "Ora scarta il 9♠."),
        "lesson_s40_attach_done": (
            "One card per move, at an end of a run or as a set's missing suit (§8).",
            "Una carta per mossa, a un capo di una scala o come seme mancante di un tris (§8).",
        ),
        "lesson_s40_t_joker": ("Swapping a joker", "Sostituire il jolly"),
        "lesson_s40_joker_1": ("Draw a card.", "Pesca una carta."),
        "lesson_s40_joker_2": (
            "In 8♦ ★ 10♦ the joker stands for 9♦, which you hold. Select 9♦ and tap that run: the joker "
            "comes to your hand (§5).",
            "In 8♦ ★ 10♦ il jolly sta per il 9♦, che hai in mano. Seleziona il 9♦ e tocca quella scala: "
            "il jolly viene in mano a te (§5).",
        ),
        "lesson_s40_joker_3": (
            "A joker stands for any card: select A♠ 2♠ and the joker, then Meld: it is the 3♠ (§5).",
            "Il jolly sta per qualsiasi carta: seleziona A♠ 2♠ e il jolly, poi Cala: è il 3♠ (§5).",
        ),
        "lesson_s40_joker_4": ("Now discard 6♣.", "Ora scarta il 6♣."),
        "lesson_s40_joker_done": (
            "Only the very card a joker stands for takes its place, and only once you have opened (§5).",
            "Solo la carta esatta per cui sta il jolly lo sostituisce, e solo dopo aver aperto (§5).",
        ),
        "lesson_s40_t_close": ("Closing", "Chiudere"),
        "lesson_s40_close_1": (
            "Two cards left: get rid of them all to close. Draw first.",
            "Ti restano due carte: liberatene per chiudere. Prima pesca.",
        ),
        "lesson_s40_close_2": (
            "Attach 10♣ to your run 7♣ 8♣ 9♣.",
            "Attacca il 10♣ alla tua scala 7♣ 8♣ 9♣.",
        ),
        "lesson_s40_close_3": ("Attach 4♦ to the set of 4s.", "Attacca il 4♦ al tris di 4."),
        "lesson_s40_close_4": (
            "The last card is discarded, never laid (§6): discarding it closes the hand (§9).",
            "L'ultima carta si scarta, non si cala (§6): scartandola chiudi la mano (§9).",
        ),
        "lesson_s40_close_done": (
            "You closed: you score 0, the others pay the cards they hold (§11).",
            "Hai chiuso: tu prendi 0, gli altri pagano le carte che hanno in mano (§11).",
        ),
        "lesson_s40_t_in_hand": ("Closing in hand", "Chiudere in mano"),
        "lesson_s40_in_hand_1": (
            "You have not opened, but your 13 cards make three melds. Draw first.",
            "Non hai aperto, ma le tue 13 carte fanno tre combinazioni. Prima pesca.",
        ),
        "lesson_s40_in_hand_2": (
            "An opening that leaves just one card closes in hand (§7, §9): put the run of spades, the four "
            "5s and the four Jacks in the opening, then Open.",
            "Un'apertura che lascia una sola carta chiude in mano (§7, §9): metti in apertura la scala di "
            "picche, i quattro 5 e i quattro Fanti, poi Apri.",
        ),
        "lesson_s40_in_hand_2_no": (
            "To close in hand every card but one goes into this turn's opening: the whole run and both "
            "sets (Take back starts the opening again).",
            "Per chiudere in mano tutte le carte tranne una vanno nell'apertura di questo turno: la scala "
            "intera e i due poker (Riprendi ricomincia l'apertura).",
        ),
        "lesson_s40_in_hand_3": ("Discard K♠, your last card.", "Scarta il K♠, la tua ultima carta."),
        "lesson_s40_in_hand_done": (
            "Closed in hand: the others pay double (§9, §11), and such an opening need not reach 40 (§7). "
            "You know Scala 40 now.",
            "Chiuso in mano: gli altri pagano doppio (§9, §11), e un'apertura così non deve arrivare a 40 "
            "(§7). Ora conosci Scala 40.",
        ),
    }
)
