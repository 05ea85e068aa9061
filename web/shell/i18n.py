"""The page's words in English and Italian: ``t(lang, key, **values)``.

Every string is plain text (never HTML): the page puts it in ``textContent``. Names of
players arrive through ``{who}``-style fields and so are never interpreted either.
"""

from __future__ import annotations

from typing import Any

# key: (English, Italian)
STRINGS: dict[str, tuple[str, str]] = {
    # setup screen
    # a game's words say what it is (its words' own "tagline" and "rules_heading")
    "tagline": (
        "A card table: play with bots or with friends.",
        "Un tavolo da gioco: gioca con i bot o con gli amici.",
    ),
    "setup_heading": ("New match", "Nuova partita"),
    "opt_players": ("Players", "Giocatori"),
    "opt_levels": ("The other players", "Gli altri giocatori"),
    "opt_level_of": ("Level of {who}", "Livello di {who}"),
    "opt_rules": ("Rules", "Regole"),
    "opt_format": ("Match", "Partita"),
    "opt_lang": ("Language", "Lingua"),
    "opt_name": ("Your name", "Il tuo nome"),
    "opt_delay": ("Bots' speed", "Velocità dei bot"),
    "opt_timer": ("Turn timer", "Tempo per turno"),
    "start": ("Deal the cards", "Distribuisci le carte"),
    "show_rules": ("Rules", "Regole"),
    "stats_none": ("No matches played yet.", "Nessuna partita giocata finora."),
    # short words: a seat's level shows under its name at the table, six seats across a phone
    "level_easy": ("easy", "facile"),
    "level_medium": ("medium", "medio"),
    "level_hard": ("hard", "difficile"),
    "rules_official": ("official", "ufficiali"),
    "rules_traditional": ("traditional", "tradizionali"),
    "format_hands_1": ("1 hand", "1 mano"),
    "format_hands": ("{n} hands", "{n} mani"),
    "format_target": ("first to {n} points", "chi arriva a {n} punti"),
    "delay_fast": ("fast", "veloce"),
    "delay_normal": ("normal", "normale"),
    "delay_slow": ("slow", "lenta"),
    "delay_instant": ("instant", "istantanea"),
    "timer_off": ("off", "nessuno"),
    "timer_s": ("{n} s", "{n} s"),
    "lang_en": ("English", "English"),
    "lang_it": ("Italiano", "Italiano"),
    "you": ("You", "Tu"),
    "default_name": ("You", "Tu"),
    # table
    "table_label": ("Card table", "Tavolo da gioco"),
    "hand_of": ("Hand {n} of {total}", "Mano {n} di {total}"),
    "hand_plain": ("Hand {n}", "Mano {n}"),
    "hand_target": ("Hand {n} · first to {target} points", "Mano {n} · si vince a {target} punti"),
    "draw": ("Draw", "Pesca"),
    "pass": ("Pass", "Passo"),
    "abandon": ("Abandon", "Abbandona"),
    "rules_button": ("Rules", "Regole"),
    "menu_new": ("New match", "Nuova partita"),
    "menu_link": ("Link to a new match like this one", "Link a una nuova partita come questa"),
    "menu_match": ("This match: {what}", "Questa partita: {what}"),
    "menu_button": ("Menu", "Menu"),
    "menu_later": ("Resume later", "Riprendi più tardi"),
    "menu_later_help": (
        "The match stays saved: resume it from the start screen.",
        "La partita resta salvata: la riprendi dalla schermata iniziale.",
    ),
    "menu_help": ("How to play", "Come si gioca"),
    "menu_sound": ("Sound", "Suoni"),
    "resume_match": ("Resume the match ({info})", "Riprendi la partita ({info})"),
    "help_heading": ("How to play", "Come si gioca"),
    "help_menu": (
        "The Menu has this help again, the rules, sound and more.",
        "Nel Menu ritrovi questo aiuto, le regole, i suoni e altro.",
    ),
    "help_ok": ("Got it", "Ho capito"),
    "draw_pile_short": ("{n}", "{n}"),
    "pending": ("+{n} to draw", "+{n} da pescare"),
    "direction_ccw": ("counter-clockwise", "antiorario"),
    "direction_cw": ("clockwise", "orario"),
    "direction_label": ("Play goes {dir}", "Si gioca in senso {dir}"),
    "dealer": ("dealer", "mazziere"),
    "your_hand": ("Your hand", "La tua mano"),
    "log_heading": ("Moves of the hand", "Mosse della mano"),
    "timer_left": ("{n} s left", "ancora {n} s"),
    # whose turn
    "hand_over": ("The hand is over", "La mano è finita"),
    "match_over": ("The match is over", "La partita è finita"),
    # the suit chooser
    "choose_suit": ("Choose the suit", "Scegli il seme"),
    "cancel": ("Cancel", "Annulla"),
    "suit_H": ("Hearts", "Cuori"),
    "suit_D": ("Diamonds", "Quadri"),
    "suit_C": ("Clubs", "Fiori"),
    "suit_S": ("Spades", "Picche"),
    # why a card cannot be played
    "why_generic": ("Not playable now", "Non giocabile ora"),
    "or": ("or", "o"),
    "playable": ("playable", "giocabile"),
    "house_on": ("on", "sì"),
    "house_off": ("off", "no"),
    "house_rules": ("House rules", "Regole della casa"),
    # end of hand and match
    "none_left": ("none", "nessuna"),
    "result_heading": ("Match result", "Risultato della partita"),
    "change_settings": ("Change settings", "Cambia impostazioni"),
    "close": ("Close", "Chiudi"),
    "view_table": ("See the table", "Guarda il tavolo"),
    "show_result": ("Show the result", "Mostra il risultato"),
    # abandon
    "abandon_heading": ("Abandon the match?", "Abbandonare la partita?"),
    "abandon_yes": ("Abandon", "Abbandona"),
    "abandon_no": ("Keep playing", "Continua a giocare"),
    # notices
    "bad_param": ("Ignored the URL parameter {param}={value}", "Parametro ignorato: {param}={value}"),
    "bad_param_detail": (
        "Ignored the URL parameter {param}={value} (expected {detail})",
        "Parametro ignorato: {param}={value} (atteso {detail})",
    ),
    "unknown_param": ("Ignored the unknown URL parameter {param}", "Parametro sconosciuto ignorato: {param}"),
    "repeated_param": ("Ignored a repeated URL parameter {param}", "Parametro ripetuto ignorato: {param}"),
    "one_format": (
        "A match has {detail} or {param}, not both: ignored {param}={value}",
        "Una partita ha {detail} o {param}, non entrambi: ignorato {param}={value}",
    ),
    "levels_count": (
        "levels={value} does not give one level per bot ({detail} bots): adjusted",
        "levels={value} non dà un livello per bot ({detail} bot): corretto",
    ),
    "dismiss": ("Dismiss", "Chiudi"),
    "save_problem_heading": (
        "Your saved match could not be resumed",
        "Impossibile riprendere la partita salvata",
    ),
    "save_problem_text": (
        "The save in this browser is damaged or comes from another program, so it was not loaded.",
        "Il salvataggio in questo browser è danneggiato o viene da un altro programma: non è stato caricato.",
    ),
    "save_problem_new": ("Start a new match", "Inizia una nuova partita"),
    "prefs_set_aside": (
        "Your remembered choices for {game} could not be read: they were set aside, and the game"
        " starts from its usual settings.",
        "Le scelte ricordate per {game} non erano leggibili: sono state messe da parte e il gioco"
        " parte dalle impostazioni abituali.",
    ),
    "storage_off": (
        "This table cannot keep the match here: it ends if the page is closed or reloaded.",
        "Questo tavolo non può conservare la partita qui: finisce se la pagina si chiude o si ricarica.",
    ),
    "storage_tab": ("Open in its own tab", "Apri in una scheda a sé"),
    "storage_ask": ("Allow saving", "Permetti di salvare"),
    "storage_refused": (
        "The browser did not allow saving here: open the game in its own tab to keep the match.",
        "Il browser non permette di salvare qui: apri il gioco in una scheda a sé per conservare la partita.",
    ),
    "storage_granted": (
        "Saving is on: this table keeps the match.",
        "Il salvataggio è attivo: questo tavolo conserva la partita.",
    ),
    "error_heading": ("Something went wrong", "Qualcosa è andato storto"),
    "starting": ("Loading the game…", "Caricamento del gioco…"),
    "rules_heading": ("Rules", "Regole"),
    "rules_missing": (
        "The rules page is being written; see RULES.md in the project.",
        "La pagina delle regole è in preparazione; vedi RULES.md nel progetto.",
    ),
    "bot_default_names": (
        "Bianca,Carlo,Dario,Elena,Fabio,Giulia,Marco,Nora",
        "Bianca,Carlo,Dario,Elena,Fabio,Giulia,Marco,Nora",
    ),
    "announce_turn": ("Your turn", "Tocca a te"),
    # playing with friends
    "player_name": ("Player {n}", "Giocatore {n}"),
    "friend_name": ("Friend {n}", "Amico {n}"),
    "opt_seat_name": ("Name of player {n}", "Nome del giocatore {n}"),
    "talk_heading": ("Say…", "Di'…"),
    "level_human": ("a person on this device", "una persona su questo dispositivo"),
    "level_friend": ("a friend online", "un amico online"),
    "presence_waiting": ("not here yet", "non ancora arrivato"),
    "presence_connected": ("online", "online"),
    "presence_away": ("away", "assente"),
    "presence_standin": ("away: a bot plays", "assente: gioca un bot"),
    "curtain_pass": ("Pass the device to {who}", "Passa il dispositivo a {who}"),
    "curtain_go": ("I am {who}: show my cards", "Sono {who}: mostra le mie carte"),
    "friends_button": ("Friends", "Amici"),
    "leave_table": ("Leave", "Esci"),
    "lobby_heading": ("Friends at the table", "Amici al tavolo"),
    "lobby_help": (
        "Send each friend their invitation (link or QR code). They open it and send you back a "
        "reply code: paste it under their name.",
        "Manda a ogni amico il suo invito (link o codice QR). Lo apre e ti rimanda un codice di "
        "risposta: incollalo sotto il suo nome.",
    ),
    "start_online": ("Start the match", "Inizia la partita"),
    "lobby_back": ("Back", "Indietro"),
    "back_to_table": ("Back to the table", "Torna al tavolo"),
    "lobby_wait": (
        "Waiting for every friend (or let a bot take a seat).",
        "Si aspettano tutti gli amici (o fai giocare un bot al loro posto).",
    ),
    "lobby_bot": ("Let a bot play", "Fai giocare un bot"),
    "invite_link": ("Invitation link", "Link d'invito"),
    "qr_label": ("QR code of the invitation", "Codice QR dell'invito"),
    "copy": ("Copy", "Copia"),
    "invite_make": ("Make an invitation", "Crea un invito"),
    "invite_fresh": ("Fresh invitation", "Nuovo invito"),
    "invite_making": ("Making the invitation…", "Preparo l'invito…"),
    "invite_ready": (
        "Invitation ready: send it, then paste the reply code here.",
        "Invito pronto: mandalo, poi incolla qui il codice di risposta.",
    ),
    "invite_failed": (
        "The invitation could not be made in this browser.",
        "Non è stato possibile creare l'invito in questo browser.",
    ),
    "reply_paste": ("Reply code", "Codice di risposta"),
    "reply_accept": ("Connect", "Collega"),
    "reply_connecting": ("Connecting…", "Collegamento…"),
    "reply_bad": (
        "That is not a reply code of this invitation: check that it was copied whole.",
        "Questo non è un codice di risposta di questo invito: controlla che sia copiato intero.",
    ),
    "reply_expired": (
        "The connection did not open: the routers between your homes stopped it, or the reply came "
        "too late (across the internet a reply code is good for about 15 s). Easiest: one link for "
        "friends in other homes (above). Or send the fresh invitation below and paste the reply at once.",
        "Il collegamento non si è aperto: i router tra le vostre case l'hanno bloccato, o la risposta "
        "è arrivata tardi (via internet un codice di risposta vale circa 15 s). Più semplice: un link "
        "per amici in altre case (sopra). Oppure manda il nuovo invito qui sotto e incolla subito "
        "la risposta.",
    ),
    "reply_linked": ("Connected: waiting for their hello…", "Collegato: si attende il saluto…"),
    "join_heading": ("Join {who}'s table", "Unisciti al tavolo di {who}"),
    "join_name": ("Your name", "Il tuo nome"),
    "join_bad": (
        "This invitation cannot be used: ask for a fresh one",
        "Questo invito non si può usare: chiedine uno nuovo",
    ),
    "reply_making": ("Preparing your reply code…", "Preparo il tuo codice di risposta…"),
    "reply_send": (
        "Send this reply code to {who} (any messenger); the table opens when they paste it. It "
        "works on the same network as {who}; from another home, ask {who} for the one link "
        "(“friends in other homes”).",
        "Manda questo codice di risposta a {who} (con qualsiasi app); il tavolo si apre quando lo "
        "incolla. Funziona sulla stessa rete di {who}; da un'altra casa, chiedi a {who} il link "
        "unico (“amici in altre case”).",
    ),
    "reply_good_for": ("This code stays good for {n} s.", "Questo codice vale ancora {n} s."),
    "reply_expired_guest": (
        "This reply code has expired: make a fresh one (or ask for a fresh invitation).",
        "Questo codice è scaduto: creane uno nuovo (o chiedi un nuovo invito).",
    ),
    "reply_fresh": ("Make a fresh reply", "Crea una nuova risposta"),
    "join_linked": ("Connected: taking your seat…", "Collegato: prendi posto…"),
    "talk_wait": ("Wait a moment before saying more.", "Aspetta un attimo prima di parlare ancora."),
    "net_error": ("The host refused that", "Chi ospita ha rifiutato"),
    "net_error_illegal": ("Not allowed", "Non consentito"),
    "net_error_stale": (
        "The table changed before your move arrived: look again",
        "Il tavolo è cambiato prima che arrivasse la tua mossa: guarda di nuovo",
    ),
    "net_error_flood": ("Too many messages: slow down", "Troppi messaggi: rallenta"),
    "net_error_bad_token": (
        "This invitation is not for this seat any more",
        "Questo invito non vale più per questo posto",
    ),
    "host_left": ("The host closed the table.", "Chi ospita ha chiuso il tavolo."),
    "host_lost": (
        "The connection to the host is lost. Ask for a fresh invitation to rejoin your seat.",
        "Il collegamento con chi ospita si è interrotto. Chiedi un nuovo invito per tornare al tuo posto.",
    ),
    "left_table": ("You left the table.", "Hai lasciato il tavolo."),
    "room_summary": (
        "Or use your own signalling server",
        "Oppure usa un tuo server di segnalazione",
    ),
    "room_help": (
        "The same one link per friend, through a PeerJS server you run yourself "
        "(npx peerjs --port 9000, see docs/FRIENDS.md): then no outside service is used.",
        "Lo stesso link unico per amico, tramite un server PeerJS che avvii tu "
        "(npx peerjs --port 9000, vedi docs/FRIENDS.md): così non si usa nessun servizio esterno.",
    ),
    "room_server": ("Signalling server", "Server di segnalazione"),
    "room_open": ("Open a room", "Apri una stanza"),
    "room_code": ("Room code", "Codice stanza"),
    "room_opening": ("Opening the room…", "Apro la stanza…"),
    "room_open_now": (
        "Room {room} is open: send each friend their link.",
        "La stanza {room} è aperta: manda a ogni amico il suo link.",
    ),
    "room_bad_server": ("That server address cannot be used", "Questo indirizzo di server non si può usare"),
    "room_failed": (
        "The signalling server could not be reached (trying again…)",
        "Il server di segnalazione non risponde (si riprova…)",
    ),
    "room_invite_ready": ("Room link ready: send it.", "Link della stanza pronto: mandalo."),
    "room_joining": ("Joining the table…", "Entro al tavolo…"),
    "join_room": ("Join table {room}", "Entra nel tavolo {room}"),
    # -- friends anywhere (issue 25): one link between homes, honest manual exchange ------
    "cloud_heading": ("Friends in other homes?", "Amici in altre case?"),
    "cloud_help": (
        "One click gives each friend one link: they open it and sit down, nothing to send back, "
        "even an hour later while this table is open. It uses the free public PeerJS server "
        "(0.peerjs.com, run by the PeerJS project): it learns the room code and the internet "
        "addresses of your devices, to introduce them. The game itself goes straight between "
        "the browsers, encrypted, or through PeerJS's relay when a router blocks the direct way; "
        "Google's STUN server tells each device its internet address.",
        "Un clic dà a ogni amico un link unico: lo apre e si siede, senza rimandare nulla, anche "
        "un'ora dopo finché questo tavolo è aperto. Usa il server pubblico gratuito di PeerJS "
        "(0.peerjs.com, gestito dal progetto PeerJS): conosce il codice della stanza e gli "
        "indirizzi internet dei vostri dispositivi, per presentarli. La partita va direttamente "
        "tra i browser, cifrata, o passa dal relay di PeerJS quando un router blocca la via "
        "diretta; il server STUN di Google dice a ogni dispositivo il suo indirizzo internet.",
    ),
    "cloud_button": ("One link for friends in other homes", "Un link per amici in altre case"),
    "room_reopening": (
        "The signalling server cannot be reached: trying your room again every few seconds "
        "(the links your friends have stay good).",
        "Il server di segnalazione non risponde: riprovo la tua stanza ogni pochi secondi "
        "(i link dei tuoi amici restano validi).",
    ),
    "room_failed_open": (
        "The signalling server could not be reached: try again, or use the invitations below.",
        "Il server di segnalazione non risponde: riprova, o usa gli inviti qui sotto.",
    ),
    "copied": ("Copied ✓", "Copiato ✓"),
    "copy_select": ("Selected: copy it", "Selezionato: copialo"),
    "reply_used": (
        "That reply answers an invitation that was already used. Send your friend the fresh "
        "invitation shown here.",
        "Questa risposta è di un invito già usato. Manda al tuo amico il nuovo invito qui sotto.",
    ),
    "invite_after_drop": (
        "They dropped: send them this fresh invitation (the first one is used up).",
        "È uscito: mandagli questo nuovo invito (il primo è già stato usato).",
    ),
    "reply_send_now": (
        "Send this reply code to {who} now: across the internet it is good for about 15 s. "
        "The table opens when they paste it.",
        "Manda subito questo codice di risposta a {who}: via internet vale circa 15 s. "
        "Il tavolo si apre quando lo incolla.",
    ),
    "reply_dead": ("This reply code no longer works.", "Questo codice di risposta non funziona più."),
    "reply_dead_next": (
        "The connection attempt ended before {who} pasted the reply. Make a fresh reply and send "
        "it at once, or ask {who} for a one-link invitation (“friends in other homes”).",
        "Il tentativo di collegamento è finito prima che {who} incollasse la risposta. Crea una "
        "nuova risposta e mandala subito, o chiedi a {who} un invito con un link unico (“amici in "
        "altre case”).",
    ),
    "join_used": (
        "You already joined with this invitation, and it is used up. Ask {who} for a fresh one: "
        "their Friends panel shows it under your name.",
        "Sei già entrato con questo invito, che ora è usato. Chiedine uno nuovo a {who}: il suo "
        "pannello Amici lo mostra sotto il tuo nome.",
    ),
    "join_wait_start": (
        "You are at the table: waiting for the host to start the match.",
        "Sei al tavolo: si aspetta che chi ospita inizi la partita.",
    ),
    "back_at_table": ("Back at the table.", "Di nuovo al tavolo."),
    "standin_yours": ("Your stand-in", "Il tuo sostituto"),
    "host_left_room": (
        "The host closed the table. If they open it again, you are back at it by yourself.",
        "Chi ospita ha chiuso il tavolo. Se lo riapre, ci torni da solo.",
    ),
    "host_lost_room": (
        "The connection to the host is lost: trying to rejoin by itself…",
        "Il collegamento con chi ospita si è interrotto: si riprova da solo…",
    ),
    "ice_room_links": (
        "Links already sent still work; the links shown now carry the new settings.",
        "I link già mandati funzionano ancora; quelli mostrati ora portano le nuove impostazioni.",
    ),
    "ice_remade": (
        "The invitations were made again with them: send the new ones.",
        "Gli inviti sono stati rifatti con queste: manda i nuovi.",
    ),
    # -- a reply to an invitation that is no longer open (issue 33), refused at once ---------
    "invite_replaced": (
        "Fresh invitation ready: the link made before no longer works. Send this one, then paste "
        "the reply code here.",
        "Nuovo invito pronto: il link di prima non funziona più. Manda questo, poi incolla qui il "
        "codice di risposta.",
    ),
    "reply_replaced": (
        "This reply answers an earlier invitation for this seat: send your friend the new link "
        "(or ask them to open it again).",
        "Questa risposta è di un invito precedente per questo posto: manda al tuo amico il nuovo "
        "link (o chiedigli di aprirlo di nuovo).",
    ),
    "reply_other_seat": (
        "This reply answers the invitation of another seat: paste it under that friend's name.",
        "Questa risposta è dell'invito di un altro posto: incollala sotto il nome di quell'amico.",
    ),
    "reply_unknown": (
        "This reply answers an invitation this page no longer has (made before the page was "
        "reloaded, or at another table): send your friend the link shown here.",
        "Questa risposta è di un invito che questa pagina non ha più (fatto prima di ricaricarla, "
        "o a un altro tavolo): manda al tuo amico il link mostrato qui.",
    ),
    # table talk (web.protocol.TALK_PHRASES): fixed phrases only, never free text
    "talk_not_careful": ("Weren't you paying attention?", "Non sei stato attento?"),
    "talk_why": ("Do you want to know why?", "Vuoi sapere perché?"),
    "talk_who_last": ("Who played last?", "Chi è l'ultimo che ha giocato?"),
    "talk_who_threw": ("Who threw this card?", "Chi ha buttato questa carta?"),
    "talk_well_played": ("Well played!", "Ben giocato!"),
    "talk_hurry": ("Hurry up!", "Dai, tocca a te!"),
    "talk_good_game": ("Good game!", "Bella partita!"),
    # the other web.protocol error codes, as a friend's page shows them
    "net_error_replayed": ("That move was already sent", "Mossa già inviata"),
    "net_error_too_soon": ("Wait a moment before saying more", "Aspetta un attimo prima di parlare ancora"),
    "net_error_version": (
        "The host runs another version of the game: reload the page",
        "Chi ospita usa un'altra versione del gioco: ricarica la pagina",
    ),
    "net_error_not_your_seat": ("That seat is not yours", "Quel posto non è tuo"),
    "net_error_seat_taken": (
        "This page already plays another seat",
        "Questa pagina gioca già un altro posto",
    ),
    "net_error_not_joined": ("Not at the table yet", "Non ancora al tavolo"),
    "net_error_bad_host_message": (
        "The host sent something this page cannot read",
        "Chi ospita ha mandato qualcosa che questa pagina non sa leggere",
    ),
    "ice_summary": ("Connection settings (STUN / TURN)", "Impostazioni di collegamento (STUN / TURN)"),
    "ice_help": (
        "Two devices on the same network need nothing here. Across the internet a STUN server (and "
        "behind strict routers a TURN server) may be needed: one per line, e.g. "
        "stun:stun.example.org:3478 or turn:turn.example.org:3478 user password. The invitations "
        "carry them: your friends type nothing.",
        "Due dispositivi sulla stessa rete non hanno bisogno di nulla qui. Via internet può servire "
        "un server STUN (e dietro router severi un server TURN): uno per riga, per esempio "
        "stun:stun.example.org:3478 oppure turn:turn.example.org:3478 utente password. Gli inviti "
        "li portano con sé: i tuoi amici non scrivono nulla.",
    ),
    "ice_help_guest": (
        "The invitation brings the host's STUN / TURN servers (shown here): change them only if "
        "the host asks. Changing them makes a fresh reply code.",
        "L'invito porta i server STUN / TURN di chi ospita (qui sotto): cambiali solo se chi "
        "ospita lo chiede. Cambiarli crea un nuovo codice di risposta.",
    ),
    "ice_saved": ("Saved: {n} server(s).", "Salvato: {n} server."),
    "ice_bad": ("Not saved", "Non salvato"),
    "coach_button": ("Hint", "Suggerimento"),
    "coach_thinking": ("Campione is thinking…", "Campione ci pensa…"),
    "coach_only": ("Hint: {move}", "Suggerimento: {move}"),
    "coach_none": ("No hint now", "Nessun suggerimento ora"),
    "export_match": ("Export the match", "Esporta la partita"),
    "import_match": ("Open a match file", "Apri un file di partita"),
    "import_bad": ("This match file cannot be used", "Questo file di partita non si può usare"),
    "import_too_large": ("the file is too large ({mb} MB)", "il file è troppo grande ({mb} MB)"),
    "review_hand": ("Review this hand", "Analizza la mano"),
    "review_heading": ("Review", "Analisi"),
    "review_running": ("Reviewing… {done}/{total} choices", "Analisi in corso… {done}/{total} scelte"),
    "review_cancelled": ("Review stopped", "Analisi interrotta"),
    "review_hand_heading": ("Hand {n} — {who}", "Mano {n} — {who}"),
    "review_no_choices": (
        "No choices to review in this hand.",
        "Nessuna scelta da analizzare in questa mano.",
    ),
    "review_clean": ("No costly choice: well played!", "Nessuna scelta costosa: ben giocato!"),
    "review_close": ("Close", "Chiudi"),
    # the replay viewer and the Replays list (web/replay_ui.py)
    "replay_heading": ("Replay", "Replay"),
    "replay_back": ("Back", "Indietro"),
    "replay_open": ("Watch the replay", "Rivedi la mano"),
    "replay_hand": ("Hand", "Mano"),
    "replay_hand_n": ("Hand {n}", "Mano {n}"),
    "replay_view": ("Cards seen by", "Carte viste da"),
    "replay_all_face_up": ("all hands face up", "tutte le mani scoperte"),
    "replay_first": ("First move", "Prima mossa"),
    "replay_prev": ("Previous move", "Mossa precedente"),
    "replay_next": ("Next move", "Mossa seguente"),
    "replay_last": ("Last move", "Ultima mossa"),
    "replay_slider": ("Move", "Mossa"),
    "replay_step": ("Move {n} of {total}", "Mossa {n} di {total}"),
    "replay_dealt": ("The cards are dealt ({who} deals).", "Le carte sono distribuite (dà {who})."),
    "replay_to_act": ("to play", "di turno"),
    "replay_hand_winner": ("wins the hand", "vince la mano"),
    "replay_hidden": ("{n} hidden cards", "{n} carte coperte"),
    "replay_winner": ("{who} won the match", "{who} ha vinto la partita"),
    "replay_winners": ("{who} won the match", "{who} hanno vinto la partita"),  # partners (DOG)
    "replay_unfinished": ("match not finished", "partita non finita"),
    "replay_abandoned": ("{who} abandoned the match", "{who} ha abbandonato la partita"),
    "replay_timed_out": ("{who} ran out of time", "{who} ha finito il tempo"),
    # the same said to the person (a seat named with the default name "You"/"Tu": see about())
    "replay_winner_you": ("You won the match", "Hai vinto la partita"),
    "replay_abandoned_you": ("You abandoned the match", "Hai abbandonato la partita"),
    "replay_timed_out_you": ("You ran out of time", "Hai finito il tempo"),
    "replay_share": ("Share replay", "Condividi il replay"),
    "replay_link_label": (
        "Link to this replay (the match travels in the link itself, never to a server):",
        "Link a questo replay (la partita viaggia nel link stesso, mai verso un server):",
    ),
    "replay_link_ready": ("Link ready ({n} characters).", "Link pronto ({n} caratteri)."),
    "replay_link_copied": ("Link copied.", "Link copiato."),
    "replay_link_select": ("Select the link and copy it.", "Seleziona il link e copialo."),
    "link_bad": ("This replay link cannot be used", "Questo link di replay non si può usare"),
    "replays_heading": ("Replays", "Replay"),
    "replays_empty": (
        "Your finished matches are kept here (the last 20), to watch again move by move.",
        "Le tue partite finite restano qui (le ultime 20), da rivedere mossa per mossa.",
    ),
    "replays_open": ("Watch", "Guarda"),
    "replays_delete": ("Delete", "Elimina"),
    "replays_delete_of": ("Delete the replay of {when}", "Elimina il replay del {when}"),
    "replays_kind_finished": ("played here", "giocata qui"),
    "replays_kind_abandoned": ("played here", "giocata qui"),
    "replays_kind_imported": ("from a file", "da un file"),
    "replays_kind_shared": ("from a link", "da un link"),
    "replays_kind_unfinished": ("set aside for a link", "messa da parte per un link"),
    "replays_hinted": ("with hints", "con suggerimenti"),
    # a kept match's length in its Replays entry (a game that plays no hands words it its way)
    "replays_hands_1": ("1 hand", "1 mano"),
    "replays_hands": ("{n} hands", "{n} mani"),
    "replays_bad": ("This replay cannot be opened", "Questo replay non si può aprire"),
    "replays_full": (
        "The browser's storage is full: this match was not kept in the Replays list.",
        "La memoria del browser è piena: questa partita non è stata tenuta tra i replay.",
    ),
    "replays_dropped": (
        "The browser's storage is full: the {n} oldest replay(s) were removed to keep this one.",
        "La memoria del browser è piena: tolti i {n} replay più vecchi per tenere questo.",
    ),
    "drop_help": (
        "…or drop a match file anywhere on this screen.",
        "…oppure trascina un file di partita in questa schermata.",
    ),
    "stats_hinted": ("{n} played with hints", "{n} giocate con i suggerimenti"),
    # -- issue 26: words for newcomers ------------------------------------------------------
    "rule_ref": ("(rules §", "(regole §"),
    "new_heading": ("Start a new match?", "Iniziare una nuova partita?"),
    "new_lost": (
        "The match in progress ({info}) will be lost.",
        "La partita in corso ({info}) andrà persa.",
    ),
    "new_no": ("Keep the match", "Tieni la partita"),
    "new_yes": ("Start a new match", "Nuova partita"),
    # a link that would start a match over the saved one (web/shell/keeper.py)
    "link_heading": ("This link starts another match", "Questo link inizia un'altra partita"),
    "link_saved": (
        "Your match of {game} is saved in this browser: {info}, you with {seats}.",
        "In questo browser è salvata la tua partita di {game}: {info}, tu con {seats}.",
    ),
    "link_choice": (
        "Resume it, or start the link's match? The saved one then goes to the Replays list, unfinished.",
        "Vuoi riprenderla o iniziare la partita del link? Quella salvata va allora "
        "nell'elenco dei replay, non finita.",
    ),
    "link_keep": ("Resume my match", "Riprendi la mia partita"),
    "link_new": ("Start the link's match", "Inizia la partita del link"),
    "link_set_aside": (
        "Your earlier match is in the Replays list (unfinished).",
        "La tua partita di prima è nell'elenco dei replay (non finita).",
    ),
    "seat_with_level": ("{who} ({level})", "{who} ({level})"),
    # a match open in two tabs (web/shell/keeper.py)
    "tab_followed": (
        "This match was continued in another tab: here it is as it stands now.",
        "Questa partita è andata avanti in un'altra scheda: eccola com'è ora.",
    ),
    "tab_refused": (
        "Your move was not played: the match was continued in another tab. Here it is as it stands now.",
        "La tua mossa non è stata giocata: la partita è andata avanti in un'altra scheda. Eccola com'è ora.",
    ),
    "tab_gone": (
        "The match was closed in another tab.",
        "La partita è stata chiusa in un'altra scheda.",
    ),
    # the choice of game on the start screen (web.shell.games)
    "opt_game": ("Game", "Gioco"),
    # the start screen of a visit that names no game: the house and its choice of games
    # (web/shell/game_choice.py)
    "house_name": ("The card table", "Il tavolo da gioco"),
    "house_tagline": (
        "Three table games from Italy and Switzerland: play with bots, on one device or with friends.",
        "Tre giochi da tavolo d'Italia e di Svizzera: gioca con i bot, su un dispositivo o con gli amici.",
    ),
    "choose_game": ("Choose a game", "Scegli un gioco"),
    "setup_heading_of": ("New match of {game}", "Nuova partita a {game}"),
    "learn_to_play": ("Learn to play", "Impara a giocare"),
    "learn_to_play_of": ("Learn to play {game}", "Impara a giocare a {game}"),
    # lessons (web/shell/lessons.py, web/shell/lessons_ui.py): any game's, played at its table
    "lesson_offer": ("Learn with a short lesson", "Impara con una breve lezione"),
    "lesson_heading": ("Lessons", "Lezioni"),
    "lesson_box": ("Lesson", "Lezione"),
    "lesson_of": ("Lesson {n} of {total}: {title}", "Lezione {n} di {total}: {title}"),
    "lesson_not_this": (
        "Not this time: in this lesson, try what the box above says.",
        "Non questa volta: in questa lezione prova quello che dice il riquadro in alto.",
    ),
    "lesson_wait": ("Wait: the others are playing.", "Aspetta: giocano gli altri."),
    "lesson_over": ("The lesson is over.", "La lezione è finita."),
    "lesson_watch": ("Good. Now watch the others play.", "Bene. Ora guarda gli altri giocare."),
    "lesson_done": ("Lesson done!", "Lezione completata!"),
    "lesson_play_on": (
        "You may play on, or go on to the next lesson.",
        "Puoi continuare a giocare, o passare alla lezione successiva.",
    ),
    "lesson_next": ("Next lesson", "Lezione successiva"),
    "lesson_again": ("Start again", "Ricomincia"),
    "lesson_leave": ("Leave the lesson", "Esci dalla lezione"),
    "lesson_first_game": ("Play your first game", "Gioca la tua prima partita"),
    "lesson_bad": (
        "There is no lesson {value}: this game has lessons 1–{n}.",
        "Non c'è la lezione {value}: questo gioco ha le lezioni 1–{n}.",
    ),
    "lesson_none": ("This game has no lessons yet.", "Questo gioco non ha ancora lezioni."),
    "lesson_finished": ("{title} (done)", "{title} (fatta)"),
}


def t(lang: str, key: str, **values: Any) -> str:
    """The text of ``key`` in ``lang`` (``en`` if unknown), with ``{name}`` fields filled."""
    pair = STRINGS.get(key)
    if pair is None:
        return key
    text = rule_refs(pair[1] if lang == "it" else pair[0], lang)
    if values:
        try:
            return text.format(**values)
        except (KeyError, IndexError, ValueError):
            return text
    return text


def about(lang: str, key: str, who: str) -> str:
    """``key``'s words about the player ``who``; to the person in the second person ("Hai
    vinto", never "Tu ha vinto") when ``who`` is the default name of the person ("You"/"Tu",
    in either language) and ``key`` has its ``_you`` form."""
    mine = set(STRINGS.get("default_name", ("You", "Tu")))
    if who in mine and f"{key}_you" in STRINGS:
        return t(lang, f"{key}_you")
    return t(lang, key, who=who)


def seat_note(lang: str, seat: int) -> str:
    """What a game says of a seat beside its name on the start screen and in the lobby
    (its words' ``seat_note_<seat>``, e.g. DOG's "your partner"), else ""."""
    key = f"seat_note_{seat}"
    return t(lang, key) if key in STRINGS else ""


def rule_refs(text: str, lang: str) -> str:
    """A bare "(§9)" says nothing to a newcomer: "(rules §9)", "(regole §9)"."""
    if "(§" not in text:
        return text
    pair = STRINGS["rule_ref"]
    return text.replace("(§", pair[1] if lang == "it" else pair[0])


def bot_names() -> list[str]:
    return STRINGS["bot_default_names"][0].split(",")


def choice_text(lang: str, field: str, value: str) -> str | None:
    """The words of a start-form choice drawn from its value: the match format
    (``hands:N``, ``target:P``) and the turn timer (seconds; ``0`` has its own key).
    None for other fields and values. Used by the page and by the build (web/boot.js)."""
    if field == "format":
        kind, _, n = value.partition(":")
        if kind == "hands":
            return t(lang, "format_hands_1") if n == "1" else t(lang, "format_hands", n=n)
        if kind == "target":
            return t(lang, "format_target", n=n)
    elif field == "timer" and value.isdigit() and value != "0":
        return t(lang, "timer_s", n=value)
    return None
