"""What every game's table uses: card faces (:mod:`web.cards.cardface`, :mod:`web.cards.faces`)
and one seat's view of the table (:mod:`web.cards.seatview`). No game's code or rule: a game
adds its own marks or helpers in its own folder."""
