"""Imports: discs from share codes and from the fan apps' maps.

This layer sits after :mod:`pachaprint.check`: an import proves the disc it
writes and adds start cells to maps that are not unique. The share code's
format itself is the model's (:mod:`pachaprint.model.sharecode`), so that the
checker can give a checked disc its code.
"""
