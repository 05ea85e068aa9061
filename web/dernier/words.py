"""Dernier's words in the page (``STRINGS = {key: (English, Italian)}``, added over the
shell's when a Dernier match is played: :attr:`web.shell.games.GameSpec.words`)."""

from __future__ import annotations

STRINGS: dict[str, tuple[str, str]] = {
    "title": ("Dernier", "Dernier"),
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
    "wait_host_hand": ("The host deals the next hand.", "Chi ospita distribuisce la prossima mano."),
    "wait_host_match": ("The host may start a new match.", "Chi ospita può iniziare una nuova partita."),
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
}
