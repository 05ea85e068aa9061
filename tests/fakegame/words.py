"""Ten's words and rules page."""

STRINGS = {
    "ten_total": ("Total {n}", "Totale {n}"),
    "ten_start": ("The total starts at 0.", "Il totale parte da 0."),
    "ten_log_add": ("{who} adds {n}", "{who} aggiunge {n}"),
    "ten_log_wave": ("{who} waves", "{who} saluta"),
    "ten_log_abandon": ("{who} leaves", "{who} se ne va"),
    "ten_log_timeout": ("{who} ran out of time", "{who} ha finito il tempo"),
    "tagline": ("Add 1, 2 or 3: who reaches 10 wins.", "Aggiungi 1, 2 o 3: chi arriva a 10 vince."),
    # the words of the flows the shell owns (web.shell.games.GAME_WORDS)
    "abandon_text": ("You leave: the others win.", "Te ne vai: vincono gli altri."),
    "stats": ("Rounds played: {played} · won: {won}", "Giri giocati: {played} · vinti: {won}"),
    "next_hand": ("Next round", "Prossimo giro"),
    "play_again": ("Another round", "Un altro giro"),
    "wait_host_hand": ("The host starts the next round.", "Chi ospita inizia il prossimo giro."),
    "wait_host_match": ("The host may start another round.", "Chi ospita può iniziare un altro giro."),
    "ten_summary": ("End of hand {n}", "Fine della mano {n}"),
    "ten_hand_won": ("{who} reached 10", "{who} è arrivato a 10"),
    "ten_match_won": ("{who} wins the match", "{who} vince la partita"),
}
RULES_HTML = {"en": "<p>Add 1, 2 or 3; reach 10 to win.</p>", "it": "<p>Aggiungi 1, 2 o 3; arriva a 10.</p>"}


def help_lines(lang: str, session: object, state: object) -> list[tuple[str, str]]:
    """Ten's "How to play" lines."""
    return [
        (
            "",
            "Add 1, 2 or 3 to the total; who reaches 10 wins."
            if lang == "en"
            else "Aggiungi 1, 2 o 3; chi arriva a 10 vince.",
        )
    ]
