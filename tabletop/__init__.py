"""What the three games' rules packages (``dernier``, ``scala40``, ``dog``) share: plain
Python, standard library only, no browser imports.

- :mod:`tabletop.saves`: match saves and records (read, checked move by move, written);
- :mod:`tabletop.bots`: the bot levels, their registry and the sliced bot interface;
- :mod:`tabletop.cli`: the command line's verbs (``python -m <game> play | arena | bench | review``);
- :mod:`tabletop.arena`: the tournaments' statistics (Wilson interval, decision times).

Each game keeps its own API (its CONTRACT): these are the pieces behind it.
"""
