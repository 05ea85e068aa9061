"""Dernier's words in the page (``STRINGS = {key: (English, Italian)}``, added over the
shell's when a Dernier match is played: :attr:`web.shell.games.GameSpec.words`)."""

from __future__ import annotations

STRINGS: dict[str, tuple[str, str]] = {
    "title": ("Dernier", "Dernier"),
    # the words of the flows the shell owns, in this game's rules (web.shell.games.GAME_WORDS)
    "abandon_text": (
        "You lose the match at once: −1 match point to you, +1 to every other player (§11).",
        "Perdi subito la partita: −1 punto partita a te, +1 a ogni altro giocatore (§11).",
    ),
    "stats": (
        "Matches played: {played} · won: {won} · match points: {points} (+1 a match won, −1 a match lost)",
        "Partite giocate: {played} · vinte: {won} · punti partita: {points} (+1 ogni partita vinta, "
        "−1 ogni partita persa)",
    ),
    "next_hand": ("Deal the next hand", "Distribuisci la prossima mano"),
    "play_again": ("Play again", "Gioca ancora"),
    "wait_host_hand": ("The host deals the next hand.", "Chi ospita distribuisce la prossima mano."),
    "wait_host_match": ("The host may start a new match.", "Chi ospita può iniziare una nuova partita."),
    "tagline": (
        "The Italian shedding card game: empty your hand, and call “Dernier!” on your last card.",
        "Il gioco di carte italiano: liberati delle carte e grida «Dernier!» all'ultima.",
    ),
    "rules_heading": ("Rules of Dernier", "Regole del Dernier"),
    "draw_n": ("Draw {n}", "Pesca {n}"),
    "dernier_armed": ("Dernier! ✓", "Dernier! ✓"),
    "dernier_help_call": ("Call Dernier now", "Di' Dernier adesso"),
    "dernier_help_arm": (
        "Call Dernier with your next card (it leaves you one)",
        "Di' Dernier con la prossima carta (te ne resta una)",
    ),
    "dernier_help_off": (
        "Dernier: call it when you are left with one card",
        "Dernier: si dice quando resta una sola carta",
    ),
    "help_play": (
        "Play a card of the same suit or rank as the top card: click or tap it. Cards you cannot "
        "play are dimmed; press and hold one to see why.",
        "Gioca una carta dello stesso seme o valore di quella in cima: cliccala o toccala. Le carte "
        "che non puoi giocare sono scure; tienine premuta una per sapere perché.",
    ),
    "help_draw": (
        "No card fits? Draw; if you still cannot play, pass.",
        "Nessuna carta va bene? Pesca; se ancora non puoi giocare, passa.",
    ),
    "help_dernier": (
        "When a play leaves you one card, press Dernier! before the next player moves, or you draw 2.",
        "Quando una giocata ti lascia una carta, premi Dernier! prima che muova il prossimo giocatore, "
        "o peschi 2.",
    ),
    "help_keys": (
        "Keys: ←/→ go through your cards, ↑/↓ jump to the playable ones, Enter plays, D draws, P passes, "
        "Space calls Dernier, Escape closes a window.",
        "Tasti: ←/→ scorrono le tue carte, ↑/↓ saltano a quelle giocabili, Invio gioca, D pesca, P passa, "
        "Spazio dice Dernier, Esc chiude una finestra.",
    ),
    "draw_pile": ("Draw pile: {n} cards", "Mazzo: {n} carte"),
    "discard_pile": ("Discard pile, top card: {card}", "Pila degli scarti, in cima: {card}"),
    "active_suit": ("Suit to play: {suit}", "Seme da giocare: {suit}"),
    "chosen_suit": ("Chosen suit: {suit}", "Seme scelto: {suit}"),
    "points_short": ("{n} pts", "{n} pt"),
    "points_label": ("{n} points in this match", "{n} punti in questa partita"),
    "dernier_badge": ("Dernier!", "Dernier!"),
    "seat_label": ("{who}, {level}, {cards}", "{who}, {level}, {cards}"),
    "seat_label_turn": ("{who}, {level}, {cards}, to play", "{who}, {level}, {cards}, di turno"),
    "your_hand_n": ("Your hand: {n} cards", "La tua mano: {n} carte"),
    "turn_you": ("Your turn", "Tocca a te"),
    "turn_you_drawn": ("Play {card} or pass", "Gioca {card} o passa"),
    "turn_you_drawn_pass": ("You drew {card}: pass", "Hai pescato {card}: passa"),
    "turn_you_chain_ace": (
        "Your turn: +{n}! Answer with an Ace or draw {n}",
        "Tocca a te: +{n}! Rispondi con un Asso o pesca {n}",
    ),
    "turn_you_chain_jolly": (
        "Your turn: +{n}! Answer with a Jolly or draw {n}",
        "Tocca a te: +{n}! Rispondi con un Jolly o pesca {n}",
    ),
    "turn_you_choose": (
        "You deal: choose the suit for the turned-up {card}",
        "Sei il mazziere: scegli il seme per il {card} scoperto",
    ),
    "turn_bot": ("{who} is playing…", "Tocca a {who}…"),
    "turn_call_now": ("Call Dernier now!", "Di' Dernier adesso!"),
    "choose_suit_for": ("Choose the suit for {card}", "Scegli il seme per {card}"),
    "choose_card_for": ("Which card does the Jolly stand for?", "Quale carta diventa il Jolly?"),
    "suit_held": ("{n} in your hand", "{n} in mano"),
    "not_playable": ("not playable: {why}", "non giocabile: {why}"),
    "no_draw_now": ("You cannot draw now", "Ora non puoi pescare"),
    "no_pass_now": ("You may pass only after drawing", "Puoi passare solo dopo aver pescato"),
    "no_dernier_now": (
        "Dernier is called when a play leaves you one card",
        "Dernier si dice quando una giocata ti lascia una carta",
    ),
    "log_call_you": ("You call Dernier!", "Dici Dernier!"),
    "log_forgot_you": (
        "You forgot to call Dernier: you draw {n}",
        "Non hai detto Dernier: peschi {n}",
    ),
    "jump_in": ("can be played out of turn (anticipo)", "si può giocare fuori turno (anticipo)"),
    "turn_you_jump": ("You may jump in with {card}!", "Puoi anticipare con {card}!"),
    "summary_heading": ("End of hand {n}", "Fine della mano {n}"),
    "summary_won": ("{who} wins the hand", "{who} vince la mano"),
    "summary_won_you": ("You win the hand!", "Hai vinto la mano!"),
    # §9: what the winner's points of the hand are made of
    "summary_scored_you": (
        "You score {total}: {bonus} for going out and {cards} for the cards left in the others' hands (§9)",
        "Segni {total}: {bonus} per aver chiuso e {cards} per le carte rimaste agli altri (§9)",
    ),
    "summary_scored": (
        "{who} scores {total}: {bonus} for going out and {cards} for the cards left in the others' "
        "hands (§9)",
        "{who} segna {total}: {bonus} per aver chiuso e {cards} per le carte rimaste agli altri (§9)",
    ),
    "summary_empty": (
        "The draw pile ran out: {who} wins the hand (§10)",
        "Il mazzo è finito: vince la mano {who} (§10)",
    ),
    "summary_empty_you": (
        "The draw pile ran out: you win the hand (§10)",
        "Il mazzo è finito: vinci tu la mano (§10)",
    ),
    "col_player": ("Player", "Giocatore"),
    "col_cards": ("Cards", "Carte"),
    "col_gave": ("Points given", "Punti ceduti"),
    "col_hand": ("This hand", "Questa mano"),
    "col_total": ("Total", "Totale"),
    "col_won": ("Hands won", "Mani vinte"),
    "col_gave_title": (
        "Points the cards left in hand give to every other player (§9)",
        "Punti che le carte rimaste danno a ogni altro giocatore (§9)",
    ),
    "col_match_points": ("Match points", "Punti partita"),
    "next_dealer": ("{who} deals next", "Il prossimo mazziere è {who}"),
    "next_dealer_you": ("You deal next", "Il prossimo mazziere sei tu"),
    "result_won": ("{who} wins the match", "{who} vince la partita"),
    "result_won_you": ("You win the match!", "Hai vinto la partita!"),
    "announce_turn_needs": ("Your turn: play {needs}, or draw", "Tocca a te: gioca {needs}, o pesca"),
    "announce_turn_draw": (
        "Your turn: no card fits {needs}, draw",
        "Tocca a te: nessuna carta va su {needs}, pesca",
    ),
    "kind_human": ("on this device", "su questo dispositivo"),
    "kind_host_device": ("at the host's device", "sul dispositivo di chi ospita"),
    "turn_away": ("{who} is away: waiting…", "{who} è assente: si aspetta…"),
    "penalty_two": ("+2 cards (chi sbaglia paga)", "+2 carte (chi sbaglia paga)"),
    "penalty_card": ("{card} does not fit: {why} — {cost}", "{card} non va: {why} — {cost}"),
    "col_gave_legend": (
        "Points given: what the cards left in a hand are worth; every other player scores them (§9).",
        "Punti ceduti: il valore delle carte rimaste in mano; li segna ogni altro giocatore (§9).",
    ),
    "and": ("and", "e"),
    "result_first": ("{who} comes first", "Primo posto: {who}"),
    "result_first_you": ("You come first!", "Primo posto: tu!"),
    "curtain_call": ("{who}: Dernier!", "{who}: Dernier!"),
    "wait_host_hand_you": (
        "You deal next: the hand starts when the host is ready.",
        "Il prossimo mazziere sei tu: la mano comincia quando chi ospita è pronto.",
    ),
    "wait_host_hand_other": (
        "{who} deals next: the hand starts when the host is ready.",
        "Il prossimo mazziere è {who}: la mano comincia quando chi ospita è pronto.",
    ),
    "talk_said_dernier": ("Did you say Dernier?", "Hai detto dernier?"),
    "coach_line": ("Hint: {move} ({pct}% to win)", "Suggerimento: {move} ({pct}% di vincere)"),
    "review_figures": (
        "Accuracy {acc}% ({n} choices) · {lost}% of the chance to win lost per choice",
        "Precisione {acc}% ({n} scelte) · {lost}% di probabilità di vincere perse per scelta",
    ),
    "review_mistake": (
        "Move {move_no}: you played {played} ({win_played}% to win); better {best} ({win_best}%)",
        "Mossa {move_no}: hai giocato {played} ({win_played}% di vincere); meglio {best} ({win_best}%)",
    ),
    "review_reason_call": ("call Dernier with that play", "chiama Dernier con quella giocata"),
    "review_reason_answer_chain": (
        "answer the chain instead of drawing {pending} cards",
        "rispondi alla catena invece di pescare {pending} carte",
    ),
    "review_reason_play_not_draw": ("a card fitted: play it", "avevi una carta giocabile: giocala"),
    "review_reason_draw_not_play": ("keeping your cards was worth more", "tenere le tue carte valeva di più"),
    "review_reason_play_drawn": ("play the card you drew", "gioca la carta che hai pescato"),
    "review_reason_keep_drawn": ("keep the card you drew", "tieni la carta che hai pescato"),
    "review_reason_suit": ("{suit} suit your hand better", "{suit} va meglio con la tua mano"),
    "review_reason_keep_wild": ("keep your J or Jolly for later", "tieni il J o il Jolly per dopo"),
    "review_reason_wild": ("the J or Jolly was worth playing now", "conveniva giocare ora il J o il Jolly"),
    "review_reason_effect": (
        "its effect helps you most now: {effect}",
        "il suo effetto ti aiuta di più ora: {effect}",
    ),
    "review_reason_keep_action": ("keep {played} for later ({effect})", "tieni {played} per dopo ({effect})"),
    "review_reason_other": ("it leaves you a better chance to win", "ti lascia più probabilità di vincere"),
    "review_effect_ace": ("the next player draws", "il giocatore seguente pesca"),
    "review_effect_seven": ("the previous player draws", "il giocatore precedente pesca"),
    "review_effect_queen": ("the next player is skipped", "il giocatore seguente salta il turno"),
    "review_effect_king": ("play turns back", "il giro cambia verso"),
    "help_cards": (
        "Action cards: A — the next player draws 2, unless they answer with an Ace (then the one "
        "after draws 4, and so on); 7 — the previous player draws {seven}; J — you choose the suit; "
        "Q — the next player misses a turn; K — play changes direction; Jolly — {jolly}.",
        "Carte azione: A — il prossimo giocatore pesca 2, se non risponde con un Asso (allora il "
        "seguente pesca 4, e così via); 7 — il giocatore precedente pesca {seven}; J — scegli il "
        "seme; Q — il prossimo giocatore salta il turno; K — si cambia senso di gioco; Jolly — {jolly}.",
    ),
    "help_jolly_suit": (
        "you choose the suit and the next player draws 4, unless they answer with a Jolly",
        "scegli il seme e il prossimo giocatore pesca 4, se non risponde con un Jolly",
    ),
    "help_jolly_wild": ("it becomes the card you name", "diventa la carta che nomini"),
    "help_wrong": (
        "Chi sbaglia paga (who errs pays) is on: a tap on a dimmed card tries it and costs 2 cards; "
        "press and hold it to see why instead.",
        "Chi sbaglia paga è attivo: toccare una carta scura la prova e costa 2 carte; per sapere "
        "perché, tienila premuta.",
    ),
    "match_points_legend": (
        "Match points: +1 to the winner of the match, −1 to every other player (who abandons or runs "
        "out of time: −1, every other player +1).",
        "Punti partita: +1 a chi vince la partita, −1 a ogni altro giocatore (chi abbandona o finisce "
        "il tempo: −1, ogni altro giocatore +1).",
    ),
    # lessons (web/dernier/lessons.py)
    "lesson_t_basics": ("Match the suit or the rank", "Stesso seme o stesso valore"),
    "lesson_basics_1": (
        "The top card is 4♥. A card of the same suit plays on it: tap your 9♥.",
        "In cima c'è il 4♥. Ci va sopra una carta dello stesso seme: tocca il tuo 9♥.",
    ),
    "lesson_basics_1_no": (
        "That one fits too, but this step is about the suit: tap your 9♥.",
        "Anche quella va bene, ma qui si impara il seme: tocca il tuo 9♥.",
    ),
    "lesson_basics_2": (
        "Now 3♣ is on top. A card of the same rank fits too, whatever its suit: tap your 3♠.",
        "Ora in cima c'è il 3♣. Va bene anche una carta dello stesso valore, di qualsiasi seme: "
        "tocca il tuo 3♠.",
    ),
    "lesson_basics_2_no": (
        "That one fits too, but this step is about the rank: tap your 3♠.",
        "Anche quella va bene, ma qui si impara il valore: tocca il tuo 3♠.",
    ),
    "lesson_basics_3": (
        "8♥ is on top and none of your cards fits it. Take a card: tap Draw.",
        "In cima c'è l'8♥ e nessuna tua carta ci va sopra. Prendi una carta: tocca Pesca.",
    ),
    "lesson_basics_4": (
        "The card you drew does not fit either: tap Pass to end your turn.",
        "Neanche la carta pescata va bene: tocca Passo per finire il turno.",
    ),
    "lesson_basics_done": (
        "You know the basics: play a card of the top card's suit or rank, else draw. "
        "Your 6♦ fits the 6♥ now.",
        "Sai le basi: gioca una carta dello stesso seme o valore di quella in cima, se no pesca. "
        "Ora il tuo 6♦ va sul 6♥.",
    ),
    "lesson_t_actions": ("The action cards: A, 7, Q, K", "Le carte azione: A, 7, Q, K"),
    "lesson_actions_1": (
        "An Ace makes the next player draw 2 cards, unless they answer with an Ace. Tap your A♥.",
        "L'Asso fa pescare 2 carte al giocatore seguente, se non risponde con un Asso. Tocca il tuo A♥.",
    ),
    "lesson_actions_2": (
        "A 7 makes the previous player draw 2 cards. Tap your 7♥.",
        "Il 7 fa pescare 2 carte al giocatore precedente. Tocca il tuo 7♥.",
    ),
    "lesson_actions_2_after": (
        "Your 7 made the previous player draw 2. Watch: the next player answers with a 7 of their own.",
        "Il tuo 7 ha fatto pescare 2 carte al giocatore precedente. Guarda: il seguente risponde con un 7.",
    ),
    "lesson_actions_3": (
        "That 7 made you draw 2 cards: you played just before it. A Queen makes the next player miss "
        "their turn. Tap your Q♠.",
        "Quel 7 ti ha fatto pescare 2 carte: avevi giocato subito prima. La Donna fa saltare il turno "
        "al giocatore seguente. Tocca la tua Q♠.",
    ),
    "lesson_actions_4": (
        "A King turns the direction of play around. Tap your K♠.",
        "Il Re inverte il senso del gioco. Tocca il tuo K♠.",
    ),
    "lesson_actions_done": (
        "Well done: A, 7, Q and K each do something to the others. Next: the J and the Jolly.",
        "Bravo: A, 7, Q e K fanno ciascuna qualcosa agli altri. Poi: il Fante e il Jolly.",
    ),
    "lesson_t_wild": ("The J and the Jolly", "Il Fante e il Jolly"),
    "lesson_wild_1": (
        "A J plays on any card, and you choose the suit that follows. Tap your J♠, then choose ♦.",
        "Il Fante va su qualsiasi carta e scegli tu il seme che segue. Tocca il tuo J♠, poi scegli ♦.",
    ),
    "lesson_wild_1_no": (
        "For this lesson, play your J♠ and choose ♦.",
        "In questa lezione gioca il tuo J♠ e scegli ♦.",
    ),
    "lesson_wild_2": (
        "The Jolly plays on anything too: you choose the suit, and the next player draws 4 unless "
        "they answer with a Jolly. Tap the Jolly, then choose ♠.",
        "Anche il Jolly va su qualsiasi carta: scegli il seme e il giocatore seguente pesca 4 carte, "
        "se non risponde con un Jolly. Tocca il Jolly, poi scegli ♠.",
    ),
    "lesson_wild_2_no": (
        "For this lesson, play the Jolly and choose ♠.",
        "In questa lezione gioca il Jolly e scegli ♠.",
    ),
    "lesson_wild_done": (
        "Well done: the J and the Jolly fit any card, and you choose the suit.",
        "Bravo: il Fante e il Jolly vanno su qualsiasi carta, e il seme lo scegli tu.",
    ),
    "lesson_t_call": ("Calling “Dernier!”", "Gridare «Dernier!»"),
    "lesson_call_1": ("Let's empty your hand. Tap your 5♥.", "Svuotiamo la mano. Tocca il tuo 5♥."),
    "lesson_call_2": (
        "9♠ is on top: tap your 9♣, the same rank.",
        "In cima c'è il 9♠: tocca il tuo 9♣, stesso valore.",
    ),
    "lesson_call_3": ("Tap your 6♥.", "Tocca il tuo 6♥."),
    "lesson_call_4": (
        "After this card you will hold one: you must call “Dernier!”. Tap Dernier!, then your 6♣.",
        "Dopo questa carta te ne resta una: devi gridare «Dernier!». Tocca Dernier!, poi il tuo 6♣.",
    ),
    "lesson_call_4_no": (
        "Not without the call: who forgets “Dernier!” draws 2 cards. Tap Dernier! first, then your 6♣.",
        "Non senza gridarlo: chi dimentica «Dernier!» pesca 2 carte. Tocca prima Dernier!, poi il tuo 6♣.",
    ),
    "lesson_call_4_after": (
        "Dernier! Everyone knows you hold one card.",
        "Dernier! Ora tutti sanno che hai una carta sola.",
    ),
    "lesson_call_done": (
        "You called in time. Your 2♠ fits the 6♠: play it and you win the hand.",
        "Hai gridato in tempo. Il tuo 2♠ va sul 6♠: giocalo e vinci la mano.",
    ),
    # the table's words made from a seat's view (web/dernier/describe.py): why a card cannot be
    # played, the log of the hand ({who} = another player; the *_you forms speak to the human),
    # the tie-breaks, and what a replayed position shows (web/dernier/replay_board.py)
    "dernier": ("Dernier!", "Dernier!"),
    "cards_count": ("{n} cards", "{n} carte"),
    "cards_count_1": ("1 card", "1 carta"),
    "why_not_turn": ("Not your turn: {who} is to play", "Non è il tuo turno: tocca a {who}"),
    "why_over": ("The hand is over", "La mano è finita"),
    "why_choose": (
        "First choose the suit for the turned-up card",
        "Prima scegli il seme della carta scoperta",
    ),
    "why_drawn": (
        "After drawing you may play only the card you drew ({card}) or pass",
        "Dopo aver pescato puoi giocare solo la carta pescata ({card}) o passare",
    ),
    "why_drawn_cant": (
        "After drawing you may only pass (the card you drew does not fit)",
        "Dopo aver pescato puoi solo passare (la carta pescata non va bene)",
    ),
    "why_chain_ace": (
        "+{n} pending: only an Ace answers, or draw {n}",
        "+{n} in sospeso: risponde solo un Asso, oppure pesca {n}",
    ),
    "why_chain_jolly": (
        "+{n} pending: only a Jolly answers, or draw {n}",
        "+{n} in sospeso: risponde solo un Jolly, oppure pesca {n}",
    ),
    "why_jolly_last": ("A Jolly may not be your last card", "Il Jolly non può essere l'ultima carta"),
    "why_needs": ("Needs {needs}", "Serve {needs}"),
    "log_play": ("{who} plays {card}", "{who} gioca {card}"),
    "log_play_you": ("You play {card}", "Giochi {card}"),
    "log_play_suit": ("{who} plays {card} and chooses {suit}", "{who} gioca {card} e sceglie {suit}"),
    "log_play_suit_you": ("You play {card} and choose {suit}", "Giochi {card} e scegli {suit}"),
    "log_play_wild": ("{who} plays a Jolly as {card}", "{who} gioca un Jolly come {card}"),
    "log_play_wild_you": ("You play a Jolly as {card}", "Giochi un Jolly come {card}"),
    "log_call_suffix": (" — Dernier!", " — Dernier!"),
    "log_draw": ("{who} draws a card", "{who} pesca una carta"),
    "log_draw_you": ("You draw {card}", "Peschi {card}"),
    "log_draw_n": ("{who} draws {n}", "{who} pesca {n}"),
    "log_draw_n_you": ("You draw {n}", "Peschi {n}"),
    "log_then_draw": ("{who} draws {n}", "{who} pesca {n}"),
    "log_then_draw_you": ("you draw {n}", "peschi {n}"),
    "log_pass": ("{who} passes", "{who} passa"),
    "log_pass_you": ("You pass", "Passi"),
    "log_call": ("{who} calls Dernier!", "{who} dice Dernier!"),
    "log_forgot": ("{who} forgot to call Dernier: draws {n}", "{who} non ha detto Dernier: pesca {n}"),
    "log_choose": ("{who} chooses {suit}", "{who} sceglie {suit}"),
    "log_choose_you": ("You choose {suit}", "Scegli {suit}"),
    "log_turned": ("{card} is turned up ({who} deals)", "Scoperta: {card} (distribuisce {who})"),
    "log_turned_you": ("{card} is turned up (you deal)", "Scoperta: {card} (distribuisci tu)"),
    "log_reshuffle": (
        "The discard pile becomes the new draw pile",
        "Gli scarti diventano il nuovo mazzo",
    ),
    "log_out": ("{who} goes out!", "{who} chiude!"),
    "log_out_you": ("You go out!", "Hai chiuso!"),
    "log_empty": ("The draw pile is empty: the hand ends", "Il mazzo è finito: la mano termina"),
    "log_timeout": ("{who} ran out of time", "{who} ha finito il tempo"),
    "log_timeout_you": ("You ran out of time", "Hai finito il tempo"),
    "log_skipped": ("{who} is skipped", "{who} salta il turno"),
    "log_skipped_you": ("you are skipped", "salti il turno"),
    "log_reversed": ("play turns round", "il giro si inverte"),
    "log_jump": ("{who} jumps in with {card}", "{who} anticipa con {card}"),
    "log_jump_you": ("You jump in with {card}", "Anticipi con {card}"),
    "log_try": ("{who} tries {card}: +{n} cards", "{who} prova {card}: +{n} carte"),
    "log_try_you": ("You try {card}: +{n} cards", "Provi {card}: +{n} carte"),
    "house_two_decks": (
        "Anticipo needs two decks: choose the traditional rules.",
        "L'anticipo richiede due mazzi: scegli le regole tradizionali.",
    ),
    "log_wrong": ("{who} draws {n} for a wrong play", "{who} pesca {n} per una giocata sbagliata"),
    "log_wrong_you": ("You draw {n} for a wrong play", "Peschi {n} per una giocata sbagliata"),
    "tb_points": ("decided by points", "decisa dai punti"),
    "tb_hands_won": (
        "tie on points: decided by hands won",
        "parità di punti: decide il numero di mani vinte",
    ),
    "tb_cards": (
        "tie: decided by the fewest cards in hand at the end",
        "parità: decide chi ha meno carte in mano alla fine",
    ),
    "tb_last_draw": (
        "tie: decided by the last draw (§10)",
        "parità: decide l'ultima pescata (§10)",
    ),
    "tb_seat": ("a perfect tie: decided by seat order", "parità perfetta: decide l'ordine dei posti"),
    "tb_abandon": ("{who} abandoned the match", "{who} ha abbandonato la partita"),
    "tb_abandon_you": ("You abandoned the match", "Hai abbandonato la partita"),
    "tb_timeout": ("{who} ran out of time", "{who} ha finito il tempo"),
    "tb_timeout_you": ("You ran out of time", "Hai finito il tempo"),
    "tb_shared": (
        "{who} each get +1 match point (§11)",
        "{who} prendono +1 punto partita ciascuno (§11)",
    ),
    "tb_first_points": (
        "{who} is first on points ({a} to {b})",
        "primo posto a {who} per punti ({a} a {b})",
    ),
    "tb_first_ties": (
        "{who} is first by the tie-breaks (§10)",
        "primo posto a {who} per gli spareggi (§10)",
    ),
    "replay_top": ("Top card: {card}", "Carta in cima: {card}"),
    "replay_draw_pile": ("Draw pile: {n}", "Mazzo: {n}"),
    "replay_suit": ("Suit to follow: {suit}", "Seme da seguire: {suit}"),
    "replay_wild": ("The Jolly is {card}", "Il Jolly vale {card}"),
    "replay_pending": ("Cards to draw: {n}", "Carte da pescare: {n}"),
}
