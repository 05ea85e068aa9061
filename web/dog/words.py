"""DOG's words in the page (``STRINGS = {key: (English, Italian)}``, added over the shell's)
and the sentences of its log, made from move strings (plain Python, no browser)."""

from __future__ import annotations

from typing import Any

from web.shell.i18n import t

STRINGS: dict[str, tuple[str, str]] = {
    # the words of the flows the shell owns, in this game's rules (web.shell.games.GAME_WORDS)
    "abandon_text": (
        "Your team loses this game at once (§13).",
        "La tua squadra perde subito questa partita (§13).",
    ),
    "next_hand": ("Next game", "Prossima partita"),
    "play_again": ("New game", "Nuova partita"),
    "wait_host_hand": ("The host starts the next game.", "Chi ospita inizia la prossima partita."),
    "wait_host_match": ("The host may start a new game.", "Chi ospita può iniziare una nuova partita."),
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
    # a match of several games (RULES §12): the tally at the table and after each game
    "dog_tally_short": ("games {us}–{them}, first to {n}", "partite {us}–{them}, chi arriva a {n}"),
    "dog_tally": (
        "Games won: your team {us}, opponents {them} (first team to {n} wins the match).",
        "Partite vinte: la tua squadra {us}, avversari {them} (vince l'incontro chi arriva a {n}).",
    ),
    "dog_match_won_us": (
        "Your team wins the match, {us} games to {them}!",
        "La tua squadra vince l'incontro, {us} partite a {them}!",
    ),
    "dog_match_won_them": (
        "The other team wins the match, {them} games to {us}.",
        "L'altra squadra vince l'incontro, {them} partite a {us}.",
    ),
    "dog_series_ended": ("The match ends here (§13).", "L'incontro finisce qui (§13)."),
    # the shell's words that say "Hand N" or "match points", worded for DOG's games and matches
    # (web/shell/menu.py match_info and web/shell/replay_ui.py's list of kept matches)
    "dog_match_info": ("game {n} of a match to {total}", "partita {n} di un incontro a {total}"),
    "dog_game_plain": ("game {n}", "partita {n}"),
    "replays_hands_1": ("1 game", "1 partita"),
    "replays_hands": ("{n} games", "{n} partite"),
    "stats": ("Matches played: {played} · won: {won}", "Incontri giocati: {played} · vinti: {won}"),
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
    # the review's cost is the bots' worth of the team's board, counted in fields of progress
    # (a pawn one field further on is worth 1; dog/bots/value.py)
    "dog_review_figures": (
        "Same choice as the bot in {pct}% of {n} choices · on average a choice set your team "
        "back {lost} fields",
        "Come il bot nel {pct}% di {n} scelte · in media una scelta ha fatto perdere "
        "{lost} caselle alla tua squadra",
    ),
    "dog_review_worst": (
        "Move {move_no}: «{bot}» was better than «{played}»: that choice set your team back "
        "about {lost} fields",
        "Mossa {move_no}: meglio «{bot}» che «{played}»: quella scelta ha fatto perdere circa "
        "{lost} caselle alla tua squadra",
    ),
    "dog_ranks_title": ("The Jolly plays as…", "Il Jolly vale…"),
    "dog_last_card": ("Last card", "Ultima carta"),
    "dog_no_card": ("none yet", "nessuna"),
    "dog_team_us": ("your team", "la tua squadra"),
    "dog_team_them": ("opponent", "avversario"),
    "dog_partner": ("partner", "compagno"),
    "dog_cards_n": ("{n} cards", "{n} carte"),
    "dog_cards_1": ("1 card", "1 carta"),
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
    # why a card of the hand cannot be played (RULES §6–§11), said when it is tapped
    "dog_why_none_out": (
        "{card}: none of your pawns is out yet; only an A, a K or a Jolly brings one out (§10).",
        "{card}: nessuna tua pedina è ancora uscita; solo un A, un K o un Jolly ne fa uscire una (§10).",
    ),
    "dog_why_start_fresh": (
        "{card}: a fresh pawn stands on your start field, so no pawn comes out (§7, §10), "
        "and no pawn can move that far.",
        "{card}: sulla tua partenza c'è una pedina appena uscita, quindi non ne esce un'altra "
        "(§7, §10), e nessuna pedina può andare così lontano.",
    ),
    "dog_why_jack": (
        "{card}: no swap is possible: it needs one of your pawns and another seat's on the track, "
        "neither fresh on its start field (§10).",
        "{card}: nessuno scambio possibile: servono una tua pedina e una di un altro sul percorso, "
        "nessuna appena uscita sulla sua partenza (§10).",
    ),
    "dog_why_seven": (
        "{card}: its seven steps cannot all be used (§11).",
        "{card}: i suoi sette passi non si possono usare tutti (§11).",
    ),
    "dog_why_fresh": (
        "{card}: the way is blocked by a fresh pawn on a start field, which no pawn may pass or "
        "land on (§7).",
        "{card}: la strada è sbarrata da una pedina appena uscita sulla sua partenza, che nessuno "
        "può superare né occupare (§7).",
    ),
    "dog_why_room": (
        "{card}: none of your pawns has room to move {n} fields (§6, §9).",
        "{card}: nessuna tua pedina ha spazio per avanzare di {n} caselle (§6, §9).",
    ),
    "dog_card_first": (
        "Choose a card first: the pawns it can move light up.",
        "Prima scegli una carta: si illuminano le pedine che può muovere.",
    ),
    # a tap on the board that moves nothing: why (the lit fields and pawns are the choices)
    "dog_unlit_pawn": (
        "{card} moves no pawn from {at}: tap a pawn that lights up (or Cancel).",
        "{card} non muove nessuna pedina da {at}: tocca una pedina illuminata (o Annulla).",
    ),
    "dog_unlit_field": (
        "{card} cannot take your pawn on {a} to {at}: tap a field that lights up (or Cancel).",
        "{card} non porta la tua pedina da {a} su {at}: tocca una casella illuminata (o Annulla).",
    ),
    "dog_log_round": ("Round {round}: {cards} cards each", "Giro {round}: {cards} carte a testa"),
    "dog_refused": ("Not allowed: {why}", "Non si può: {why}"),
    "dog_won_us": (
        "Your team wins! All eight pawns are home.",
        "Vince la tua squadra! Tutte e otto le pedine sono a casa.",
    ),
    "dog_won_them": ("The other team wins.", "Vince l'altra squadra."),
    "dog_home_us": ("All eight pawns are home.", "Tutte e otto le pedine sono a casa."),
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
    # the reader's own moves, said to them
    "dog_log_give_you": ("You give a card to your partner", "Dai una carta al compagno"),
    "dog_log_give_card_you": ("You give {card} to your partner", "Dai {card} al compagno"),
    "dog_log_fold_you": ("You give up the round", "Rinunci al giro"),
    "dog_log_abandon_you": ("You abandon", "Abbandoni"),
    "dog_log_timeout_you": ("You ran out of time", "Hai esaurito il tempo"),
    # what a move did beside its own pawn (RULES §8, §11, §12): said in the log, and before a
    # part of a 7 (or any move) is chosen, beside the target that would do it
    "dog_log_sent": ("{line} — sends {pawns} home", "{line} — rimanda al nido {pawns}"),
    "dog_log_for": ("{line}, moving {pawns}", "{line}, muovendo {pawns}"),
    "dog_pawn_of": ("{who}'s pawn on {at}", "la pedina di {who} su {at}"),
    "dog_pawn_yours": ("your pawn on {at}", "la tua pedina su {at}"),
    "dog_pawns_of": ("{who}'s pawns", "le pedine di {who}"),
    "dog_pawns_yours": ("your pawns", "le tue pedine"),
    "dog_and": (" and ", " e "),
    "dog_or": (" or ", " o "),
    # the shown seat's pawns another's move sent home, said in the turn line until it plays
    "dog_lost": ("{who} sent {pawns} home.", "{who} ha rimandato al nido {pawns}."),
    "dog_would_send": ("Moving to {at} sends {pawns} home.", "Andare su {at} rimanda al nido {pawns}."),
    "dog_would_send_from": ("{a} → {at} sends {pawns} home.", "{a} → {at} rimanda al nido {pawns}."),
    "dog_for_partner": (
        "Your four pawns are home: your cards now move {who}'s pawns (§12).",
        "Le tue quattro pedine sono a casa: ora le tue carte muovono le pedine di {who} (§12).",
    ),
    "dog_helping_chip": ("all home", "tutte a casa"),
    "dog_helping": ("all home: moves {who}'s pawns", "tutte a casa: muove le pedine di {who}"),
    # the shell's word on each seat on the start screen and in the lobby (RULES §3: seat 2 is
    # your partner, seats 1 and 3 your opponents)
    "seat_note_1": ("opponent (plays after you)", "avversario (gioca dopo di te)"),
    "seat_note_2": ("your partner", "il tuo compagno"),
    "seat_note_3": ("opponent", "avversario"),
    "dog_target_sends": ("{field}: sends {pawns} home", "{field}: rimanda al nido {pawns}"),
    "dog_seven_sent": ("So far this 7 sends {pawns} home.", "Finora questo 7 rimanda al nido {pawns}."),
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
    "dog_home_of": ("home {k} of {who}", "casa {k} di {who}"),
    "dog_nest_of": ("nest of {who}", "nido di {who}"),
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
        "A, K and the Jolly bring a pawn out of the nest; 4 goes forward or backward; J swaps one "
        "of your pawns with another.",
        "A, K e il Jolly fanno uscire una pedina dal nido; il 4 va avanti o indietro; il J scambia "
        "una tua pedina con un'altra.",
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


def fields_words(lang: str, fields: list[str]) -> str:
    """Fields named together: "12", "12 or 14", "11–17" (three or more in a row on the
    track), "60, 61 or home 1"."""
    track = sorted({int(f) for f in fields if f.isdigit()})
    said: list[str] = []
    run: list[int] = []
    for f in [*track, None]:
        if f is not None and run and f == run[-1] + 1:
            run.append(f)
            continue
        if len(run) >= 3:
            said.append(f"{run[0]}–{run[-1]}")
        else:
            said += [str(x) for x in run]
        run = [f] if f is not None else []
    said += [field_words(lang, f) for f in dict.fromkeys(fields) if not f.isdigit()]
    if len(said) < 2:
        return "".join(said)
    return ", ".join(said[:-1]) + t(lang, "dog_or") + said[-1]


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
    if head == "JK" and faces:
        return "Jolly"
    return "".join(card_text(head)) if faces else head


SUIT_NAMES = {
    "en": {"H": "Hearts", "D": "Diamonds", "C": "Clubs", "S": "Spades"},
    "it": {"H": "Cuori", "D": "Quadri", "C": "Fiori", "S": "Picche"},
}
RANK_NAMES = {
    "en": {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"},
    "it": {"A": "Asso", "J": "Fante", "Q": "Donna", "K": "Re"},
}


def card_spoken(code: str, lang: str) -> str:
    """A card for screen readers: "9 of Diamonds", "Asso di Cuori", "Jolly"."""
    if code == "JK" or len(code) < 2:
        return "Jolly"
    words = "it" if lang == "it" else "en"
    rank, suit = code[:-1], code[-1]
    joiner = " di " if words == "it" else " of "
    return RANK_NAMES[words].get(rank, rank) + joiner + SUIT_NAMES[words].get(suit, suit)


def cards_n(lang: str, n: int) -> str:
    """ "1 card", "5 cards" ("1 carta", "5 carte")."""
    return t(lang, "dog_cards_1") if n == 1 else t(lang, "dog_cards_n", n=n)


def round_words(lang: str, fx: object) -> str:
    """The separator a move that ended the round adds to the log ("" for other moves)."""
    if not isinstance(fx, dict):
        return ""
    dealt = fx.get("dealt")
    if not (isinstance(dealt, list) and len(dealt) == 2 and all(isinstance(x, int) for x in dealt)):
        return ""
    return t(lang, "dog_log_round", round=dealt[0], cards=dealt[1])


def pawns_words(lang: str, names: list[str], me: int | None, pawns: list[Any]) -> str:
    """Pawns sent home, ``[seat, number, field]`` each: "Carlo's pawn on 28 and your pawn on
    12" (``me``: the reader's seat, None for nobody's)."""
    said = []
    for p in pawns:
        if not (isinstance(p, list | tuple) and len(p) == 3 and isinstance(p[0], int)):
            continue
        s, at = p[0], p[2]
        where = field_words(lang, str(at))
        if s == me:
            said.append(t(lang, "dog_pawn_yours", at=where))
        else:
            said.append(t(lang, "dog_pawn_of", who=name_of(names, int(s)), at=where))
    if len(said) < 2:
        return "".join(said)
    return ", ".join(said[:-1]) + t(lang, "dog_and") + said[-1]


def name_of(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"#{seat}"


def log_line(
    lang: str,
    names: list[str],
    seat: int,
    move: str,
    prefix: str = "dog_log",
    faces: bool = True,
    fx: dict[str, Any] | None = None,
    me: int | None = None,
) -> str:
    """One move of the log in the player's words; with ``prefix="dog_hint"``, a move as
    advice to the player (the hint); ``faces``: cards by rank and suit sign. ``fx``, what the
    move did beside its own pawn (:func:`dog.match.move_effects`): the partner whose pawns
    it moved and the pawns it sent home, said after it (``me``: the reader's seat)."""
    line = move_line(lang, names, seat, move, prefix, faces, me)
    if not isinstance(fx, dict):
        return line
    mate = fx.get("for")
    if isinstance(mate, int):
        who = name_of(names, mate)
        pawns = t(lang, "dog_pawns_yours") if mate == me else t(lang, "dog_pawns_of", who=who)
        line = t(lang, "dog_log_for", line=line, pawns=pawns)
    sent = fx.get("sent")
    if isinstance(sent, list) and sent:
        line = t(lang, "dog_log_sent", line=line, pawns=pawns_words(lang, names, me, sent))
    return line


def move_line(
    lang: str, names: list[str], seat: int, move: str, prefix: str, faces: bool, me: int | None = None
) -> str:
    """The move alone; the reader's own moves (``me``) said to them: "You give 6♣ to your
    partner", "Dai 6♣ al compagno"."""
    mine = me is not None and seat == me and prefix == "dog_log"
    who = t(lang, "you") if mine else name_of(names, seat)
    you = "_you" if mine else ""
    toks = move.split(" ")
    if toks[0] == "give":
        if len(toks) > 1:
            return t(lang, f"{prefix}_give_card{you}", who=who, card=card_words(toks[1], lang, faces))
        return t(lang, f"{prefix}_give{you}", who=who)
    if move in ("fold", "abandon", "timeout"):
        return t(lang, f"{prefix}_{move}{you}", who=who)
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


# -- lessons (web/dog/lessons.py): each teaches the rule clauses it cites ------------------------
STRINGS.update(
    {
        "lesson_t_dog_exchange": ("The exchange with your partner", "Lo scambio con il compagno"),
        "lesson_dog_exchange_1": (
            "Before each round you give your partner one card (§4). Your partner (green) has no "
            "pawn out: choose a King, then Give.",
            "Prima di ogni giro dai una carta al compagno (§4). Il compagno (verde) non ha pedine "
            "fuori: scegli un Re, poi Dai.",
        ),
        "lesson_dog_exchange_1_no": (
            "Any card may be given, but your partner needs an A or a K to bring a pawn out: give a King.",
            "Si può dare qualsiasi carta, ma al compagno serve un A o un K per far uscire una pedina: "
            "dai un Re.",
        ),
        "lesson_dog_exchange_2": (
            "Cards change hands once both partners have given: your partner gave you the Ace of "
            "spades. Play it to bring a pawn out.",
            "Le carte passano di mano quando entrambi hanno dato: il compagno ti ha dato l'Asso di "
            "picche. Giocalo per far uscire una pedina.",
        ),
        "lesson_dog_exchange_2_no": (
            "The King would do it too; this time play the Ace your partner gave you.",
            "Anche il Re andrebbe bene; questa volta gioca l'Asso che ti ha dato il compagno.",
        ),
        "lesson_dog_exchange_done": (
            "You give one card and see your partner's only after giving yours (§4): think of what "
            "your partner needs.",
            "Dai una carta e vedi quella del compagno solo dopo aver dato la tua (§4): pensa a cosa "
            "serve al compagno.",
        ),
        "lesson_t_dog_out": ("Out with A, K or Jolly", "Fuori con A, K o Jolly"),
        "lesson_dog_out_1": (
            "Your pawns wait in the nest. Only an A, a K or a Jolly brings one out onto your start "
            "field (§10): play the Ace.",
            "Le tue pedine aspettano nella cuccia. Solo un A, un K o un Jolly ne fa uscire una "
            "sulla tua partenza (§10): gioca l'Asso.",
        ),
        "lesson_dog_out_2": (
            "A fresh pawn on your start field stops the next one coming out (§7, §10): move it on "
            "with the 5.",
            "Una pedina appena uscita sulla partenza impedisce alla prossima di uscire (§7, §10): "
            "spostala con il 5.",
        ),
        "lesson_dog_out_3": (
            "The Jolly acts as any card you name (§10): choose it, name it K, then tap your nest.",
            "Il Jolly vale la carta che nomini (§10): sceglilo, chiamalo K, poi tocca la tua cuccia.",
        ),
        "lesson_dog_out_done": (
            "A, K and Jolly bring pawns out; a fresh pawn must leave the start field first (§7, §10).",
            "A, K e Jolly fanno uscire le pedine; una pedina appena uscita deve prima lasciare la "
            "partenza (§7, §10).",
        ),
        "lesson_t_dog_four": ("The 4 backwards", "Il 4 all'indietro"),
        "lesson_dog_four_1": (
            "The 4 moves forward or backward (§10). Play the 4 and take your pawn four fields back, to 60.",
            "Il 4 va avanti o indietro (§10). Gioca il 4 e porta la pedina quattro caselle indietro, sul 60.",
        ),
        "lesson_dog_four_1_no": (
            "Forward is allowed, but try backwards: from 60 your home is only a few fields away.",
            "Avanti si può, ma prova indietro: dal 60 la tua casa è a poche caselle.",
        ),
        "lesson_dog_four_2": (
            "It has left the start field, so it may now go home (§9): play the 6 and take it to "
            "home field 2.",
            "Ha lasciato la partenza, quindi ora può entrare in casa (§9): gioca il 6 e portala "
            "nella casella 2 della casa.",
        ),
        "lesson_dog_four_2_no": (
            "Entering is your choice (§9); this time go into your home.",
            "Entrare è una scelta (§9); questa volta entra in casa.",
        ),
        "lesson_dog_four_done": (
            "Just out, a 4 backwards and a small card take a pawn home without a whole lap (§9, §10).",
            "Appena uscita, un 4 all'indietro e una carta piccola portano una pedina a casa senza "
            "fare il giro (§9, §10).",
        ),
        "lesson_t_dog_fresh": ("A fresh pawn blocks", "La pedina appena uscita blocca"),
        "lesson_dog_fresh_1": (
            "Blue has just come out on field 16: a fresh pawn may be neither passed nor landed on "
            "(§7). Play the 3 to stop before it.",
            "Il blu è appena uscito sulla casella 16: una pedina appena uscita non si può né "
            "superare né occupare (§7). Gioca il 3 e fermati prima.",
        ),
        "lesson_dog_fresh_1_no": (
            "The 2 works too; this time play the 3 and wait just before the blue pawn.",
            "Anche il 2 va; questa volta gioca il 3 e aspetta appena prima della pedina blu.",
        ),
        "lesson_dog_fresh_2": (
            "Blue's pawn has left its start: it is an ordinary pawn now (§7). Play the 5 and pass it.",
            "La pedina blu ha lasciato la partenza: ora è una pedina come le altre (§7). Gioca il 5 "
            "e superala.",
        ),
        "lesson_dog_fresh_done": (
            "A fresh pawn on its start field blocks everyone; once it moves, it can be passed (§6, §7).",
            "Una pedina appena uscita sulla sua partenza blocca tutti; quando si sposta, si può "
            "superare (§6, §7).",
        ),
        "lesson_t_dog_home": ("Sending a pawn home", "Mandare una pedina a casa"),
        "lesson_dog_home_1": (
            "Land on a pawn and it goes back to its nest (§6, §8). Play the 6 onto Blue's pawn on 26.",
            "Chi si ferma su una pedina la rimanda nella sua cuccia (§6, §8). Gioca il 6 sulla "
            "pedina blu sul 26.",
        ),
        "lesson_dog_home_1_no": (
            "That move is allowed; this time land on Blue's pawn with the 6.",
            "Quella mossa si può fare; questa volta fermati sulla pedina blu con il 6.",
        ),
        "lesson_dog_home_2": (
            "Yellow stands on your start field. Coming out sends it home too (§8, §10): play the "
            "King, then tap your nest.",
            "Il giallo è sulla tua partenza. Uscire lo manda a casa (§8, §10): gioca il Re, poi "
            "tocca la tua cuccia.",
        ),
        "lesson_dog_home_2_no": (
            "The King may move 13 too; this time bring a pawn out onto Yellow's.",
            "Il Re può anche avanzare di 13; questa volta fai uscire una pedina su quella gialla.",
        ),
        "lesson_dog_home_done": (
            "Landing on a pawn, or coming out onto it, sends it to its nest (§8).",
            "Fermarsi su una pedina, o uscire dove si trova, la rimanda nella cuccia (§8).",
        ),
        "lesson_t_dog_seven": ("The 7 split over two pawns", "Il 7 diviso tra due pedine"),
        "lesson_dog_seven_1": (
            "A 7 may be split among your pawns (§11), and every pawn a part passes goes home. Play "
            "the 7: pawn 10 two fields, over Blue's pawn, then pawn 60 five fields into your home.",
            "Il 7 si può dividere tra le tue pedine (§11), e ogni pedina superata torna a casa. "
            "Gioca il 7: la pedina sul 10 di due caselle, oltre quella blu, poi quella sul 60 di "
            "cinque caselle fino in casa.",
        ),
        "lesson_dog_seven_1_no": (
            "A 7 with one pawn is allowed; this time split it: 2 fields for pawn 10, 5 for pawn 60.",
            "Un 7 con una sola pedina si può; questa volta dividilo: 2 caselle alla pedina sul 10, "
            "5 a quella sul 60.",
        ),
        "lesson_dog_seven_done": (
            "A 7 splits its seven steps among your pawns, and sends home every pawn it passes (§11).",
            "Il 7 divide i suoi sette passi tra le tue pedine e manda a casa ogni pedina che supera (§11).",
        ),
        "lesson_t_dog_jack": ("The Jack's swap", "Lo scambio del Fante"),
        "lesson_dog_jack_1": (
            "The Jack swaps one of your pawns with another player's (§10). Play it and swap your "
            "pawn on 5 with Yellow's on 62, just before your home.",
            "Il Fante scambia una tua pedina con quella di un altro (§10). Giocalo e scambia la "
            "tua pedina sul 5 con quella gialla sul 62, appena prima della tua casa.",
        ),
        "lesson_dog_jack_1_no": (
            "That swap is allowed; this time take Yellow's place on 62, near your home.",
            "Quello scambio si può fare; questa volta prendi il posto del giallo sul 62, vicino "
            "alla tua casa.",
        ),
        "lesson_dog_jack_2": (
            "Now the 3 takes it from 62 into your home (§9).",
            "Ora il 3 la porta dal 62 in casa (§9).",
        ),
        "lesson_dog_jack_2_no": (
            "This time go into your home, field 1.",
            "Questa volta entra in casa, casella 1.",
        ),
        "lesson_dog_jack_done": (
            "A Jack swaps two pawns on the track, neither fresh; nobody goes home (§10).",
            "Il Fante scambia due pedine sul percorso, nessuna appena uscita; nessuno torna a casa (§10).",
        ),
        "lesson_t_dog_partner": ("Playing for your partner", "Giocare per il compagno"),
        "lesson_dog_partner_1": (
            "Three of your pawns are home. Play the 3 and bring the last one in.",
            "Tre tue pedine sono in casa. Gioca il 3 e porta dentro l'ultima.",
        ),
        "lesson_dog_partner_1_no": (
            "Going on round the track is allowed; this time go into your home.",
            "Proseguire sul percorso si può; questa volta entra in casa.",
        ),
        "lesson_dog_partner_2": (
            "All your pawns are home: your cards now move your partner's (§12). Play the 6 and "
            "take Green's pawn on 30 into Green's home.",
            "Tutte le tue pedine sono in casa: ora le tue carte muovono quelle del compagno (§12). "
            "Gioca il 6 e porta la pedina verde sul 30 nella casa verde.",
        ),
        "lesson_dog_partner_2_no": (
            "That is allowed; this time take Green's pawn into Green's home, field 4.",
            "Si può; questa volta porta la pedina verde nella casa verde, casella 4.",
        ),
        "lesson_dog_partner_3": (
            "Your King brings your partner's pawns out too (§12): play it, then tap Green's nest.",
            "Il tuo Re fa uscire anche le pedine del compagno (§12): giocalo, poi tocca la cuccia verde.",
        ),
        "lesson_dog_partner_3_no": (
            "That is allowed; this time bring a green pawn out of its nest.",
            "Si può; questa volta fai uscire una pedina verde dalla cuccia.",
        ),
        "lesson_dog_partner_done": (
            "Once your four pawns are home you play for your partner; the first team with all "
            "eight home wins (§12).",
            "Quando le tue quattro pedine sono in casa giochi per il compagno; vince la prima "
            "squadra con tutte e otto in casa (§12).",
        ),
    }
)
