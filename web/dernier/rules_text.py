"""The in-game rules page, in Italian and English, written from RULES.md.

``RULES_HTML[lang]`` is a static, trusted HTML fragment (h2 h3 p ul li table thead tbody tr
th td strong; no attributes, no scripts) for ``innerHTML``. Sections cite RULES.md as
"§n", so players, bug reports and tests can point at a rule. The official preset comes
first, then the traditional preset and the house variants.

``HOUSE_RULES[field][lang]`` explains in one line each rule-set field that the "house rules"
panel lets a player change; ``HOUSE_RULE_LABELS`` gives the panel's short names and
``CHOICE_LABELS`` the words for the values of the fields that are not on/off or a number.

Standard library only; it runs in Pyodide and CPython.
"""

from __future__ import annotations

from typing import Final

__all__ = ["CHOICE_LABELS", "HOUSE_RULES", "HOUSE_RULE_LABELS", "LANGS", "RULES_HTML"]

LANGS: Final = ("it", "en")

_RULES_IT: Final = """\
<h2>Dernier: le regole</h2>
<p>Vince la smazzata chi resta per primo senza carte. Si scarta una carta dello stesso seme o dello
stesso valore di quella in cima agli scarti, si usano le carte azione contro gli avversari e,
quando si resta con una carta sola, si dichiara <strong>“Dernier!”</strong>. Qui sotto ci sono le
regole ufficiali (quelle predefinite), poi le regole tradizionali e le varianti della casa.</p>

<h2>Regole ufficiali</h2>

<h3>§1 Le carte</h3>
<ul>
<li>Un mazzo di 54 carte: 52 più 2 Jolly.</li>
<li>Ogni seme ha il suo colore e ogni carta mostra anche il simbolo del seme: ♥ Cuori rosso,
♦ Quadri giallo, ♣ Fiori verde, ♠ Picche blu.</li>
<li>Carte normali: 2 3 4 5 6 8 9 10. Carte azione: A (Asso), 7, J (Fante), Q (Donna), K (Re)
e Jolly.</li>
</ul>

<h3>§2 Giocatori e distribuzione</h3>
<ul>
<li>Da 2 a 6 giocatori. Si gioca in senso antiorario: dopo un giocatore tocca a quello alla sua
destra.</li>
<li>Il primo mazziere è estratto a caso; dopo ogni smazzata il mazziere passa al giocatore alla
sua destra.</li>
<li>Ognuno riceve 5 carte, una alla volta, a partire dal giocatore alla destra del mazziere. Le
carte rimaste formano il mazzo pesca; la prima viene girata e apre il mazzo scarti.</li>
</ul>

<h3>§3 La prima carta</h3>
<p>Se la carta girata è una carta azione, vale come giocata dal mazziere. Con un J o un Jolly il
mazziere sceglie il seme (il Jolly fa anche pescare 4 carte al giocatore alla sua destra, se non
risponde con un Jolly). Un Asso fa pescare 2 carte al giocatore alla destra del mazziere, se non
risponde con un Asso. Un 7 fa pescare 2 carte al giocatore alla sinistra del mazziere. Una Q fa
saltare il turno al giocatore alla destra del mazziere. Un K inverte il senso di gioco, e
comincia il giocatore alla sinistra del mazziere. Poi gioca chi segue il mazziere nel senso di
gioco.</p>

<h3>§4 Che cosa si può giocare</h3>
<p>Sulla carta in cima agli scarti si può giocare:</p>
<ul>
<li>una carta del <strong>seme attivo</strong>: il seme della carta in cima, oppure quello scelto
con il J o il Jolly in cima;</li>
<li>una carta dello <strong>stesso valore</strong> di quella in cima;</li>
<li>un <strong>J</strong> o un <strong>Jolly</strong>: su qualunque carta e in qualunque momento,
anche avendo altre carte valide, tranne quando si deve rispondere a una penalità (§6).</li>
</ul>

<h3>§5 Il turno</h3>
<ul>
<li>Si gioca una carta valida oppure si pesca una carta dal mazzo pesca. Si può pescare anche
avendo carte valide.</li>
<li>Se la carta pescata è giocabile si può giocarla subito; altrimenti, o se si preferisce, si
passa. Dopo aver pescato non si può giocare nessun'altra carta.</li>
<li>Chi gioca un J o un Jolly sceglie il seme.</li>
</ul>

<h3>§6 Le carte azione</h3>
<table>
<thead><tr><th>Carta</th><th>Effetto</th><th>Risposta</th></tr></thead>
<tbody>
<tr><td>A (Asso)</td><td>il giocatore successivo pesca 2 carte</td>
<td>con un Asso qualsiasi: la penalità cresce di 2 (4, 6 …) e passa al successivo</td></tr>
<tr><td>7</td><td>il giocatore <strong>precedente</strong> pesca 2 carte</td>
<td>nessuna: i 7 non si accumulano e il turno passa come sempre</td></tr>
<tr><td>J (Fante)</td><td>chi lo gioca sceglie il seme</td><td>—</td></tr>
<tr><td>Q (Donna)</td><td>il giocatore successivo salta il turno</td><td>—</td></tr>
<tr><td>K (Re)</td><td>il senso di gioco si inverte</td><td>—</td></tr>
<tr><td>Jolly</td><td>chi lo gioca sceglie il seme e il giocatore successivo pesca 4 carte</td>
<td>con un Jolly: +4 (8, 12 …)</td></tr>
</tbody>
</table>
<ul>
<li>A una penalità si risponde solo con una carta dello stesso tipo: un Jolly non risponde a un
Asso, un Asso non risponde a un Jolly, e un J non risponde a nessuno dei due.</li>
<li>Chi non risponde pesca tutte le carte accumulate e il suo turno finisce. Il giocatore
seguente gioca poi sull'Asso o sul Jolly come di consueto (il seme scelto con il Jolly
resta).</li>
<li>In due giocatori il K passa semplicemente il turno all'avversario, e con la Q si gioca di
nuovo.</li>
</ul>

<h3>§7 “Dernier!”</h3>
<ul>
<li>Chi gioca la penultima carta e resta con una carta sola deve dichiarare
<strong>Dernier</strong> prima che il giocatore successivo inizi il turno: con il pulsante
Dernier, oppure insieme alla giocata.</li>
<li>Anche chi ha una carta sola e viene saltato da una Q deve dichiararlo, prima che tocchi al
giocatore dopo di lui.</li>
<li>Chi se ne dimentica pesca 2 carte di penalità. Anche i bot dichiarano, ma i più deboli a
volte se ne dimenticano.</li>
</ul>

<h3>§8 Fine della smazzata</h3>
<ul>
<li>Chi resta senza carte vince la smazzata. Se l'ultima carta è un 7, un Asso o un Jolly, chi la
subisce pesca comunque le carte dovute (tutta la catena), senza poter rispondere, prima del
conteggio.</li>
<li>Se nel mazzo pesca ci sono meno carte di quelle da pescare, si prendono tutte quelle
rimaste. Quando il mazzo pesca si esaurisce, la smazzata finisce subito e si contano i
punti.</li>
</ul>

<h3>§9 Punteggi</h3>
<table>
<thead><tr><th>Carta</th><th>Punti</th></tr></thead>
<tbody>
<tr><td>Jolly</td><td>15</td></tr>
<tr><td>Asso</td><td>11</td></tr>
<tr><td>K, Q, J</td><td>10</td></tr>
<tr><td>da 2 a 10</td><td>il valore della carta</td></tr>
</tbody>
</table>
<p>A fine smazzata <strong>ogni</strong> giocatore segna la somma dei punti delle carte rimaste in
mano ai suoi avversari; chi ha chiuso segna anche <strong>50</strong> punti. Se la smazzata
finisce perché il mazzo pesca è esaurito, i 50 punti non li prende nessuno. In due: il vincitore
segna 50 più le carte dell'avversario, lo sconfitto 0.</p>

<h3>§10 La partita</h3>
<ul>
<li>Una partita dura un numero fisso di smazzate (1, 3, 5 …) oppure fino a un punteggio (per
esempio 200: la partita finisce con la smazzata in cui qualcuno lo raggiunge). Vince chi ha più
punti.</li>
<li>Parità in una partita di una smazzata: vince chi ha meno carte in mano, poi chi ha pescato
per l'ultima volta prima degli altri.</li>
<li>Parità in una partita di più smazzate o a punti: vince chi ha vinto più smazzate, poi chi ha
meno carte in mano alla fine; poi <strong>perde</strong> chi ha pescato per ultimo.</li>
<li>Una smazzata finita per mazzo pesca esaurito è vinta come in una partita di una
smazzata.</li>
</ul>

<h3>§11 Tempo scaduto e abbandono</h3>
<p>Si può fissare un tempo massimo per turno. Chi lo lascia scadere, o preme
<strong>Abbandona</strong>, perde subito la partita: −1 match point a lui, +1 a ciascuno degli
altri giocatori; i punti restano visibili.</p>

<h2>Regole tradizionali</h2>
<p>Il gioco da tavolo delle regole popolari: come le regole ufficiali, con queste
differenze.</p>
<ul>
<li>Due mazzi: 108 carte con 4 Jolly; le carte uguali sono intercambiabili (§1).</li>
<li>Da 3 a 8 giocatori, 9 carte a testa (§2).</li>
<li>Chi pesca passa: la carta appena pescata non si può giocare (§5).</li>
<li>Il 7 fa pescare al giocatore precedente una carta sola (§6).</li>
<li>Il Jolly è una matta: diventa la carta che chi lo gioca dichiara (valore e seme) e vale
come quella carta; non può rispondere a un Asso e non fa pescare 4 carte (§6).</li>
<li>Non si può chiudere con un Jolly come ultima carta (§8).</li>
<li>Quando il mazzo pesca è esaurito, gli scarti tranne l'ultima carta vengono mescolati e
formano un nuovo mazzo pesca (§8).</li>
<li>Il tempo scaduto costa solo il turno e una carta, non la partita (§11).</li>
</ul>

<h2>§12 Varianti della casa</h2>
<p>Regole facoltative del gioco tradizionale, disattivate se non le si sceglie prima della
partita.</p>
<ul>
<li><strong>Anticipo</strong> (solo con due mazzi): chi ha una carta identica a quella in cima
(stesso valore e stesso seme) può giocarla fuori turno; non su J, Q, K, 7, Asso o Jolly, e non
chi è sotto Dernier. Il gioco prosegue dopo di lui.</li>
<li><strong>Chi sbaglia paga</strong>: chi tenta una giocata non valida pesca 2 carte invece di
vedersela rifiutare, e il turno resta suo. Vale anche fuori turno: chi gioca una carta che ha quando
non tocca a lui (e non è un anticipo) pesca 2 carte, e il turno non cambia.</li>
<li>Nel pannello delle regole della casa si può anche cambiare una per una ogni differenza tra
regole ufficiali e tradizionali.</li>
<li>Il “Dernier parlato” e le regole di galateo riguardano le chiacchiere al tavolo: qui non ci
sono.</li>
</ul>
<h2>Analisi della mano e suggerimenti</h2>
<p>Finita la mano tutte le carte sono note, e l’<strong>analisi</strong> misura ogni tua scelta
(quando ne avevi almeno due) con le mani vere: per ogni mossa possibile, la probabilità di vincere
la mano giocandola, stimata con centinaia di partite simulate in cui solo il mazzo viene rimescolato.
Il <strong>costo</strong> di una scelta è la probabilità della mossa migliore meno quella della mossa
giocata.</p>
<ul>
<li><strong>Precisione</strong>: la quota delle tue scelte che sono costate meno di 2 punti
percentuali (il margine d’errore della stima).</li>
<li><strong>Probabilità perse per scelta</strong>: la media dei costi delle tue scelte nella mano.</li>
<li>Le tre scelte più costose sono segnate, con la mossa migliore e il perché.</li>
</ul>
<p>Il <strong>suggerimento</strong> durante la partita vede solo quello che vedi tu (mai le carte
nascoste): è la ricerca del Campione, con la probabilità stimata di vincere per ogni mossa. Una
partita in cui hai chiesto un suggerimento è segnata nelle statistiche come giocata “con
suggerimenti”.</p>
<h3>Replay</h3>
<p>Le ultime 20 partite finite restano in questo browser (<strong>Replay</strong> nella schermata
iniziale): rivedi ogni mano mossa per mossa, dal punto di vista di un giocatore o con tutte le mani
scoperte. “Condividi il replay” mette l’intera partita nel link stesso (dopo il #, che non arriva a
nessun server): chi lo apre la rivede anche senza rete.</p>
"""

_RULES_EN: Final = """\
<h2>Dernier: the rules</h2>
<p>The first player to run out of cards wins the hand. Play a card of the same suit or the same
rank as the top of the discard pile, use the action cards against your opponents, and when you
are down to one card, call <strong>“Dernier!”</strong>. Below are the official rules (the
default), then the traditional rules and the house variants.</p>

<h2>Official rules</h2>

<h3>§1 The cards</h3>
<ul>
<li>One deck of 54 cards: 52 plus 2 Jolly (jokers).</li>
<li>Each suit has its colour, and every card also shows its suit symbol: ♥ Cuori (Hearts) red,
♦ Quadri (Diamonds) yellow, ♣ Fiori (Clubs) green, ♠ Picche (Spades) blue.</li>
<li>Normal cards: 2 3 4 5 6 8 9 10. Action cards: A (Ace), 7, J (Jack), Q (Queen), K (King) and
Jolly.</li>
</ul>

<h3>§2 Players and the deal</h3>
<ul>
<li>2 to 6 players. Play goes counter-clockwise: after a player comes the one on their
right.</li>
<li>The first dealer is drawn at random; after every hand the deal passes to the player on the
dealer's right.</li>
<li>Everyone gets 5 cards, one at a time, starting with the player on the dealer's right. The
rest is the draw pile; its top card is turned face up to start the discard pile.</li>
</ul>

<h3>§3 The first card</h3>
<p>If the turned-up card is an action card, it counts as played by the dealer. With a J or a
Jolly the dealer chooses the suit (a Jolly also makes the player on the dealer's right draw 4,
unless they answer with a Jolly). An Ace makes the player on the dealer's right draw 2, unless
they answer with an Ace. A 7 makes the player on the dealer's left draw 2. A Q skips the player
on the dealer's right. A K reverses the direction, so the player on the dealer's left starts.
Then play starts with the player after the dealer in the direction of play.</p>

<h3>§4 What you may play</h3>
<p>On the top card of the discard pile you may play:</p>
<ul>
<li>a card of the <strong>active suit</strong>: the top card's suit, or the suit chosen with the
J or Jolly on top;</li>
<li>a card of the <strong>same rank</strong> as the top card;</li>
<li>a <strong>J</strong> or a <strong>Jolly</strong>: on anything, at any time, even when you
hold other playable cards, except when you must answer a penalty (§6).</li>
</ul>

<h3>§5 Your turn</h3>
<ul>
<li>Play one playable card, or draw one card from the draw pile. You may draw even when you
could play.</li>
<li>If the card you drew is playable you may play it at once; otherwise, or if you prefer, you
pass. After drawing you may not play any other card.</li>
<li>When you play a J or a Jolly, you choose the suit.</li>
</ul>

<h3>§6 Action cards</h3>
<table>
<thead><tr><th>Card</th><th>Effect</th><th>Answer</th></tr></thead>
<tbody>
<tr><td>A (Ace)</td><td>the next player draws 2</td>
<td>with any Ace: the penalty grows by 2 (4, 6 …) and passes on</td></tr>
<tr><td>7</td><td>the <strong>previous</strong> player draws 2</td>
<td>none: 7s do not stack, and the turn passes on as usual</td></tr>
<tr><td>J (Jack)</td><td>you choose the suit</td><td>—</td></tr>
<tr><td>Q (Queen)</td><td>the next player is skipped</td><td>—</td></tr>
<tr><td>K (King)</td><td>the direction of play reverses</td><td>—</td></tr>
<tr><td>Jolly</td><td>you choose the suit and the next player draws 4</td>
<td>with a Jolly: +4 (8, 12 …)</td></tr>
</tbody>
</table>
<ul>
<li>A penalty is answered only with a card of the same kind: a Jolly never answers an Ace, an
Ace never answers a Jolly, and a J answers neither.</li>
<li>If you do not answer, you draw the whole total and your turn ends. The next player then
plays on the Ace or Jolly as usual (the suit chosen with the Jolly stands).</li>
<li>With two players, a K simply passes the turn to the other player, and a Q lets you play
again.</li>
</ul>

<h3>§7 “Dernier!”</h3>
<ul>
<li>When you play your second-to-last card and are left with one, you must call
<strong>Dernier</strong> before the next player starts their turn: with the Dernier button, or
together with your play.</li>
<li>A player with one card who is skipped by a Q must call it too, before the player after them
starts.</li>
<li>Forget, and you draw 2 penalty cards. Bots call too, but the weaker ones sometimes
forget.</li>
</ul>

<h3>§8 End of a hand</h3>
<ul>
<li>A player with no cards left wins the hand. If the last card was a 7, an Ace or a Jolly, its
victim still draws what it imposes (the whole chain), with no answer, before scoring.</li>
<li>If the draw pile holds fewer cards than you must draw, you take all that is left. When the
draw pile runs out, the hand ends at once and is scored.</li>
</ul>

<h3>§9 Scores</h3>
<table>
<thead><tr><th>Card</th><th>Points</th></tr></thead>
<tbody>
<tr><td>Jolly</td><td>15</td></tr>
<tr><td>Ace</td><td>11</td></tr>
<tr><td>K, Q, J</td><td>10</td></tr>
<tr><td>2 to 10</td><td>face value</td></tr>
</tbody>
</table>
<p>At the end of a hand <strong>every</strong> player scores the points of the cards left in
their opponents' hands; the player who went out also scores <strong>50</strong>. A hand ended by
an empty draw pile gives nobody the 50. With two players: the winner scores 50 plus the loser's
cards, the loser 0.</p>

<h3>§10 The match</h3>
<ul>
<li>A match is a fixed number of hands (1, 3, 5 …) or runs to a points target (for example 200:
the match ends after the hand in which someone reaches it). Most points wins.</li>
<li>Ties in a one-hand match: fewest cards in hand wins, then the player whose last draw came
earliest.</li>
<li>Ties in a match of several hands or to a target: most hands won wins, then fewest cards in
hand at the end; then the player who drew most recently <strong>loses</strong>.</li>
<li>A hand ended by an empty draw pile is won as in a one-hand match.</li>
</ul>

<h3>§11 Time limit and abandon</h3>
<p>A time limit per turn is optional. If you let it run out, or press
<strong>Abandon</strong>, you lose the match at once: −1 match point to you, +1 to each other
player; the points stay visible.</p>

<h2>Traditional rules</h2>
<p>The table game of the folk rules: the official rules with these changes.</p>
<ul>
<li>Two decks: 108 cards with 4 Jolly; identical cards are interchangeable (§1).</li>
<li>3 to 8 players, 9 cards each (§2).</li>
<li>Draw and pass: a card you have just drawn may not be played (§5).</li>
<li>A 7 makes the previous player draw only 1 card (§6).</li>
<li>The Jolly is wild: it becomes the card its player names (rank and suit) and acts as that
card; it may not answer an Ace and makes nobody draw 4 (§6).</li>
<li>You may not go out with a Jolly as your last card (§8).</li>
<li>When the draw pile runs out, the discard pile except its top card is shuffled into a new
draw pile (§8).</li>
<li>Running out of time costs only your turn and one card, not the match (§11).</li>
</ul>

<h2>§12 House variants</h2>
<p>Optional rules of the traditional game, off unless chosen before the match.</p>
<ul>
<li><strong>Anticipo</strong> (jump-in, two decks only): a player holding a card identical to the
top card (same rank and same suit) may play it out of turn; not on a J, Q, K, 7, Ace or Jolly,
and not by a player under Dernier. Play continues after the jumper.</li>
<li><strong>Chi sbaglia paga</strong> (“who errs pays”): trying an illegal play costs you 2 cards
instead of being refused, and it is still your turn. This holds out of turn too: playing a card you
hold when it is not your turn (and it is no allowed jump-in) costs 2 cards, and the turn does not
change.</li>
<li>The house rules panel also lets you change, one by one, each difference between the
official and the traditional rules.</li>
<li>“Dernier parlato” (talking Dernier) and the etiquette rules are table talk: they are not part
of this game.</li>
</ul>
<h2>The hand review and hints</h2>
<p>Once a hand is over every card is known, and the <strong>review</strong> measures each of your
choices (whenever you had two or more) with the true hands: for each possible move, the chance to
win the hand by playing it, estimated from hundreds of simulated games in which only the draw pile
is shuffled. A choice’s <strong>cost</strong> is the best move’s chance minus the chance of the
move you played.</p>
<ul>
<li><strong>Accuracy</strong>: the share of your choices that cost less than 2 percentage points
(the estimate’s margin of error).</li>
<li><strong>Chance lost per choice</strong>: the mean cost of your choices in the hand.</li>
<li>The three costliest choices are marked, with the better move and why.</li>
</ul>
<p>A <strong>hint</strong> during play sees only what you see (never the hidden cards): it is the
Campione’s search, with the estimated chance to win of each move. A match in which you asked
for a hint is marked in the statistics as played “with hints”.</p>
<h3>Replays</h3>
<p>Your last 20 finished matches stay in this browser (<strong>Replays</strong> on the start
screen): watch any hand move by move, from one player’s view or with every hand face up. “Share
replay” puts the whole match in the link itself (after the #, which never reaches a server): whoever
opens it watches it, offline too.</p>
"""

#: the rules page, per language: static trusted HTML (RULES §1–§12)
RULES_HTML: Final[dict[str, str]] = {"it": _RULES_IT, "en": _RULES_EN}

#: one line per rule-set field of the house rules panel (names as in dernier.Ruleset)
HOUSE_RULES: Final[dict[str, dict[str, str]]] = {
    "anticipo": {
        "it": "Anticipo (solo con due mazzi): chi ha una carta identica a quella in cima (stesso valore e "
        "seme) può giocarla fuori turno; non su J, Q, K, 7, Asso o Jolly, né con una carta sola (§12).",
        "en": "Anticipo (jump-in, two decks only): holding a card identical to the top card (same rank "
        "and suit), play it out of turn; not on J, Q, K, 7, Ace or Jolly, nor with one card left (§12).",
    },
    "chi_sbaglia_paga": {
        "it": "Chi sbaglia paga: una giocata non valida costa 2 carte invece di essere rifiutata, anche "
        "una carta giocata fuori turno (§12).",
        "en": "Chi sbaglia paga (who errs pays): an illegal play costs 2 cards instead of being "
        "refused, a card played out of turn too (§12).",
    },
    "play_after_draw": {
        "it": "Sì: la carta appena pescata si può giocare subito, se è valida (ufficiale). No: chi pesca "
        "passa (tradizionale) (§5).",
        "en": "On: a card you have just drawn may be played at once if it fits (official). Off: draw and "
        "pass (traditional) (§5).",
    },
    "seven_penalty": {
        "it": "Quante carte pesca il giocatore precedente per un 7: 2 (ufficiale) o 1 (tradizionale) (§6).",
        "en": "How many cards the previous player draws for a 7: 2 (official) or 1 (traditional) (§6).",
    },
    "jolly": {
        "it": "Jolly “seme”: sceglie il seme e il successivo pesca 4 (ufficiale); “matta”: diventa la "
        "carta che dichiari (tradizionale) (§6).",
        "en": "Jolly “suit”: it chooses the suit and the next player draws 4 (official); “wild”: it "
        "becomes the card you name (traditional) (§6).",
    },
    "empty_draw": {
        "it": "Mazzo pesca esaurito: la smazzata finisce e si contano i punti (ufficiale), oppure gli "
        "scarti si rimescolano in un nuovo mazzo pesca (tradizionale) (§8).",
        "en": "Empty draw pile: the hand ends and is scored (official), or the discard pile is shuffled "
        "into a new draw pile (traditional) (§8).",
    },
    "jolly_can_close": {
        "it": "Sì: si può chiudere con un Jolly come ultima carta (ufficiale). No: il Jolly non può "
        "essere l'ultima carta (tradizionale) (§8).",
        "en": "On: you may go out with a Jolly as your last card (official). Off: a Jolly may not be "
        "the last card (traditional) (§8).",
    },
    "hand_size": {
        "it": "Carte distribuite a ciascun giocatore: 5 (ufficiale), 9 (tradizionale) (§2).",
        "en": "Cards dealt to each player: 5 (official), 9 (traditional) (§2).",
    },
    "timeout": {
        "it": "Tempo scaduto: si perde la partita (ufficiale), oppure si perdono solo il turno e una "
        "carta (tradizionale) (§11).",
        "en": "Time running out: you lose the match (official), or only your turn and one card "
        "(traditional) (§11).",
    },
}

#: short names of the house rules panel's controls
HOUSE_RULE_LABELS: Final[dict[str, dict[str, str]]] = {
    "anticipo": {"it": "Anticipo", "en": "Anticipo (jump-in)"},
    "chi_sbaglia_paga": {"it": "Chi sbaglia paga", "en": "Chi sbaglia paga (who errs pays)"},
    "play_after_draw": {"it": "Giocare la carta pescata", "en": "Play the card just drawn"},
    "seven_penalty": {"it": "Carte pescate per un 7", "en": "Cards drawn for a 7"},
    "jolly": {"it": "Jolly", "en": "Jolly"},
    "empty_draw": {"it": "Mazzo pesca esaurito", "en": "Empty draw pile"},
    "jolly_can_close": {"it": "Chiudere con un Jolly", "en": "Go out with a Jolly"},
    "hand_size": {"it": "Carte in mano all'inizio", "en": "Cards dealt"},
    "timeout": {"it": "Tempo scaduto", "en": "Time running out"},
}

#: words for the values of the fields that are neither on/off nor a number
CHOICE_LABELS: Final[dict[str, dict[str, dict[str, str]]]] = {
    "jolly": {
        "suit": {"it": "sceglie il seme, +4", "en": "chooses the suit, +4"},
        "wild": {"it": "matta (diventa qualsiasi carta)", "en": "wild (becomes any card)"},
    },
    "empty_draw": {
        "end": {"it": "fine della smazzata", "en": "the hand ends"},
        "reshuffle": {"it": "si rimescolano gli scarti", "en": "reshuffle the discards"},
    },
    "timeout": {
        "lose": {"it": "partita persa", "en": "the match is lost"},
        "penalty": {"it": "turno perso, +1 carta", "en": "lose turn, +1 card"},
    },
}
