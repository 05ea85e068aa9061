"""Scala 40's rules page in the page, Italian and English, written from RULES.md: each
section cites its § (``RULES_HTML[lang]``, static HTML for ``innerHTML``: h3 p ul li
strong only)."""

from __future__ import annotations

_EN = """
<h3>§1 Cards</h3><p>Two French decks and 4 jokers: 108 cards. Opening value: A 11 (1 at the
low end of a run A-2-3), K Q J 10, 2–10 face value, a joker the card it stands for.</p>
<h3>§2–§3 Seats and deal</h3><p>2–6 players, clockwise. 13 cards each; one card starts the
discard pile (pozzo), the rest is the stock (tallone).</p>
<h3>§4 Melds</h3><ul><li><strong>Set</strong>: 3 or 4 cards of one rank, all different suits.</li>
<li><strong>Run</strong>: 3 to 5 cards in sequence of one suit; the Ace is low or high, never K-A-2.
A run that reaches 6 cards splits into two runs of 3.</li></ul>
<h3>§5 Jokers</h3><p>A joker stands for one card, at most one per meld; the card is fixed when it is
laid (the table asks when the layout leaves it open). Having opened in an earlier turn, you may
swap a joker for the very card it stands for: select the card, tap the meld.</p>
<h3>§6 A turn</h3><p>Draw from the stock or take the pile's top card (tap the pile). A taken card
must go on the table at once; before opening you may take only to open with it. Then meld, attach
or swap, and discard one card (select it, tap the pile).</p>
<h3>§7 The opening</h3><p>Lay melds worth <strong>40 or more</strong> in one move: select the cards of
a meld and press <em>Add to opening</em>; the count shows “34 / 40”; <em>Open</em> sends it,
<em>Take back</em> returns the cards. After opening only the discard follows that turn. An opening
that leaves one card is a close in hand and needs no 40.</p>
<h3>§8 Attaching</h3><p>From the turn after your opening: one card at a time to either end of a run
or as the missing suit of a set, on anyone's melds: select the card, tap a lit meld.</p>
<h3>§9 Closing</h3><p>Discarding your last card closes the hand. Closing in the turn of your
opening is <strong>closing in hand</strong>: the others' penalties are doubled.</p>
<h3>§10 Stock out</h3><p>The discard pile but its top is turned over as the new stock.</p>
<h3>§11 Penalties</h3><p>The closer pays 0; the others pay their cards (A 11, or 1 if the last card;
figures and 10 count 10; joker 25); not opened: 100.</p>
<h3>§12 The match</h3><p>Totals add up; reaching 101 puts a player out. With re-entries, a player who
goes out may re-enter with the worst total of those still in, or retire. The last player in wins.</p>
<h3>§13 Presets</h3><p><strong>classic</strong>: the rules above. <strong>strict</strong>: only a
player who opened earlier takes from the pile, jokers count 0 towards 40, no discarding the taken
card or a card that could be attached, jokers may not be attached.</p>
"""

_IT = """
<h3>§1 Carte</h3><p>Due mazzi francesi e 4 jolly: 108 carte. Valore per l'apertura: A 11 (1 in
fondo a una scala A-2-3), K Q J 10, 2–10 il loro valore, il jolly la carta che sostituisce.</p>
<h3>§2–§3 Posti e distribuzione</h3><p>Da 2 a 6 giocatori, in senso orario. 13 carte a testa; una
carta apre il pozzo, il resto è il tallone.</p>
<h3>§4 Combinazioni</h3><ul><li><strong>Tris</strong> (o poker): 3 o 4 carte dello stesso valore,
di semi diversi.</li><li><strong>Scala</strong>: da 3 a 5 carte in fila dello stesso seme; l'Asso
sta sotto o sopra, mai K-A-2. Una scala che arriva a 6 carte si divide in due scale da 3.</li></ul>
<h3>§5 Jolly</h3><p>Un jolly sostituisce una carta, al massimo uno per combinazione; la carta è
fissata quando si cala (il tavolo la chiede se non è già chiara). Dopo aver aperto in un turno
precedente puoi scambiare un jolly con la carta che sostituisce: scegli la carta, tocca la
combinazione.</p>
<h3>§6 Il turno</h3><p>Pesca dal tallone o prendi la carta in cima al pozzo (tocca il pozzo). La carta
presa va calata subito; prima di aprire la prendi solo per aprire con essa. Poi cala, attacca o
scambia, e scarta una carta (sceglila, tocca il pozzo).</p>
<h3>§7 L'apertura</h3><p>Cala in una sola mossa combinazioni che valgono <strong>almeno 40</strong>:
scegli le carte di una combinazione e premi <em>Metti in apertura</em>; il conto mostra “34 / 40”;
<em>Apri</em> la invia, <em>Riprendi</em> rimette le carte in mano. Dopo l'apertura, in quel turno,
solo lo scarto. Un'apertura che lascia una carta è una chiusura in mano e non chiede 40.</p>
<h3>§8 Attaccare</h3><p>Dal turno dopo l'apertura: una carta alla volta, in cima o in fondo a una
scala o come seme mancante di un tris, su qualunque combinazione: scegli la carta, tocca una
combinazione illuminata.</p>
<h3>§9 Chiudere</h3><p>Chi scarta l'ultima carta chiude la mano. Chiudere nel turno dell'apertura è
<strong>chiudere in mano</strong>: le penalità degli altri raddoppiano.</p>
<h3>§10 Tallone finito</h3><p>Il pozzo, tranne la carta in cima, diventa il nuovo tallone.</p>
<h3>§11 Penalità</h3><p>Chi chiude paga 0; gli altri pagano le carte in mano (A 11, o 1 se è l'ultima;
figure e 10 valgono 10; jolly 25); chi non ha aperto paga 100.</p>
<h3>§12 La partita</h3><p>I punti si sommano; chi arriva a 101 è eliminato. Con i rientri, chi è
eliminato può rientrare con il punteggio del peggiore ancora in gioco, o ritirarsi. Vince l'ultimo
rimasto.</p>
<h3>§13 Varianti</h3><p><strong>classica</strong>: le regole qui sopra. <strong>rigorosa</strong>:
prende dal pozzo solo chi ha già aperto, i jolly valgono 0 per i 40, non si scarta la carta presa né
una carta attaccabile, i jolly non si attaccano.</p>
"""

RULES_HTML = {"en": _EN.strip(), "it": _IT.strip()}
