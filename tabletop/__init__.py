"""What the three games' rules packages (``dernier``, ``scala40``, ``dog``) share: plain
Python, standard library only, no browser imports.

- :mod:`tabletop.engine`: the match interface the three games' ``Match`` classes satisfy
  (``MatchProtocol``, checked by mypy), refusals explained on a copy, seeds, field readers;
- :mod:`tabletop.errors`: the errors each game's own derive from (``IllegalMove``, …);
- :mod:`tabletop.saves`: match saves and records (read, checked move by move, written);
- :mod:`tabletop.bots`: the bot levels, their registry and the sliced bot interface;
- :mod:`tabletop.cli`: the command line's verbs (``python -m <game> play | arena | bench | review``);
- :mod:`tabletop.arena`: the tournaments' statistics (Wilson interval, decision times).

Each game keeps its own API (its CONTRACT), with the interface's names beside its own:
these are the pieces behind it.
"""
