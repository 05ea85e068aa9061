"""DOG's rules page in the page (``RULES_HTML[lang]``): a summary of RULES.md, each
paragraph citing its section (§n), in English and Italian. Static text only."""

from __future__ import annotations

_EN = [
    ("§1 Cards", "Two 52-card decks and 6 Jolly: 110 cards. Suits have no effect."),
    (
        "§2 Board",
        "A track of 64 fields, numbered the way pawns move (counter-clockwise). Each seat has a "
        "start field (0, 16, 32, 48), a nest of four pawns and a home of four fields leaving the track at "
        "its start field. One pawn per field.",
    ),
    (
        "§3 Seats and teams",
        "Four players; partners sit opposite: you and the player across are a team. "
        "Play passes counter-clockwise.",
    ),
    (
        "§4 Rounds and exchange",
        "Rounds deal 6, 5, 4, 3, 2 cards, then again. After each deal everyone gives "
        "one card face down to the partner, and sees the card received only after giving their own.",
    ),
    (
        "§5 A turn",
        "Play one card and carry out its effect in full. Holding a usable card you must play one, "
        "even to your harm; with none you give up the round and sit out until the next deal.",
    ),
    (
        "§6 Moving",
        "Count the exact steps, forward (backward only with the 4). Landing on a pawn sends it to "
        "its nest, your own and your partner's too.",
    ),
    (
        "§7 Start field",
        "A pawn just come out is protected on its start field: nobody may pass, land on or "
        "swap it, its owner included, until it leaves.",
    ),
    (
        "§8 Sent home",
        "A pawn goes back to its nest when landed on, passed by a 7's part, or when a pawn comes "
        "out onto the start field where it stands.",
    ),
    (
        "§9 Home",
        "A forward move that reaches the own start field (not fresh) may go on into the home; "
        "inside the home no pawn is passed or landed on. Entering is optional.",
    ),
    (
        "§10 Cards' values",
        "A: out, 1 or 11. K: out or 13. Q: 12. J: swap an own pawn with another pawn on "
        "the track. 4: four forward or back. 7: split (§11). Others: their value. Jolly: any rank you name.",
    ),
    (
        "§11 The 7",
        "Seven steps shared among your pawns, one part per pawn, in the order you choose; every "
        "pawn a part passes goes home. When a part brings your last pawn home, the rest moves "
        "your partner's.",
    ),
    (
        "§12 The end",
        "Once your four pawns are home you play with your partner's. The first team with all "
        "eight pawns home wins.",
    ),
    (
        "§13 Timeout and abandon",
        "Abandoning, or letting the turn timer run out, loses the game for the team.",
    ),
]

_IT = [
    ("§1 Carte", "Due mazzi da 52 carte e 6 Jolly: 110 carte. I semi non contano."),
    (
        "§2 Tabellone",
        "Un percorso di 64 caselle, numerate nel verso delle pedine (antiorario). Ogni posto ha "
        "una casella di partenza (0, 16, 32, 48), un nido di quattro pedine e una casa di quattro "
        "caselle che "
        "lascia il percorso alla partenza. Una pedina per casella.",
    ),
    (
        "§3 Posti e squadre",
        "Quattro giocatori; i compagni siedono di fronte: tu e chi ti sta di fronte siete "
        "una squadra. Si gioca in senso antiorario.",
    ),
    (
        "§4 Giri e scambio",
        "I giri danno 6, 5, 4, 3, 2 carte, poi di nuovo. Dopo ogni distribuzione ciascuno dà "
        "una carta coperta al compagno e vede quella ricevuta solo dopo aver dato la propria.",
    ),
    (
        "§5 Il turno",
        "Si gioca una carta e se ne esegue l'effetto per intero. Chi ha una carta giocabile deve "
        "giocarne una, anche a proprio danno; chi non ne ha rinuncia al giro fino alla prossima "
        "distribuzione.",
    ),
    (
        "§6 Muovere",
        "Si contano i passi esatti, in avanti (indietro solo con il 4). Chi atterra su una pedina la "
        "rimanda al nido, anche le proprie e quelle del compagno.",
    ),
    (
        "§7 Partenza",
        "Una pedina appena uscita è protetta sulla sua partenza: nessuno la può superare, "
        "colpire o scambiare, nemmeno il suo padrone, finché non se ne va.",
    ),
    (
        "§8 Al nido",
        "Una pedina torna al nido quando vi si atterra sopra, quando la supera una parte di un 7, "
        "o quando una pedina esce sulla partenza dove si trova.",
    ),
    (
        "§9 Casa",
        "Una mossa in avanti che raggiunge la propria partenza (non appena uscita) può proseguire in "
        "casa; in casa non si supera né si colpisce. Entrare è facoltativo.",
    ),
    (
        "§10 Valori",
        "A: esce, 1 o 11. K: esce o 13. Q: 12. J: scambia una propria pedina con un'altra sul "
        "percorso. 4: quattro avanti o indietro. 7: diviso (§11). Le altre: il loro valore. Jolly: il valore "
        "che nomini.",
    ),
    (
        "§11 Il 7",
        "Sette passi divisi fra le proprie pedine, una parte per pedina, nell'ordine scelto; ogni "
        "pedina superata da una parte torna al nido. Quando una parte porta a casa l'ultima pedina, il resto "
        "muove quelle del compagno.",
    ),
    (
        "§12 La fine",
        "Con le quattro pedine a casa si gioca con quelle del compagno. Vince la prima squadra "
        "con tutte e otto le pedine a casa.",
    ),
    (
        "§13 Tempo e abbandono",
        "Chi abbandona o lascia scadere il tempo del turno fa perdere la partita alla squadra.",
    ),
]


def _html(items: list[tuple[str, str]]) -> str:
    return "".join(f"<h3>{head}</h3><p>{text}</p>" for head, text in items)


RULES_HTML = {"en": _html(_EN), "it": _html(_IT)}
