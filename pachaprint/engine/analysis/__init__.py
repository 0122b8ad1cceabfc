"""Many games at once: simulations, their reports, the balance report and its statistics.

:mod:`~pachaprint.engine.analysis.simulate` plays bot games (each game:
:mod:`~pachaprint.engine.analysis.games`; handed out here, to local worker processes or
to a Dask cluster: :mod:`~pachaprint.engine.analysis.schedule`,
:mod:`~pachaprint.engine.analysis.cluster`);
:mod:`~pachaprint.engine.analysis.report` and :mod:`~pachaprint.engine.analysis.flags`
sum them up; :mod:`~pachaprint.engine.analysis.balance` adds win-rate intervals
(:mod:`~pachaprint.engine.analysis.stats`) and the cells the table proves late
(:mod:`~pachaprint.engine.analysis.cells`, watched by
:mod:`~pachaprint.engine.analysis.proofwatch`).
"""
