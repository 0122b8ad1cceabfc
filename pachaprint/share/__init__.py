"""Share codes and imports: a disc as a short code, and discs from codes and fan apps' maps.

This layer sits after :mod:`pachaprint.check` (an import proves the disc it
writes and adds start cells to maps that are not unique) and before the
renderer, which prints a disc's code on its back.
"""
