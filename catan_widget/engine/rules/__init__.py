"""The rulebook as code.

:mod:`.legal` lists what a seat may do and :mod:`.apply` checks and applies one action, both
through one module per rule family: :mod:`.building`, :mod:`.trade`, :mod:`.devcards`,
:mod:`.robber`, :mod:`.production`, :mod:`.scoring` and :mod:`.turn`.  A move applied is
recorded as :mod:`.events` (tuples of ids and counts) and may be replayed (:mod:`.replay`, with
its scripted :mod:`.chance`); :mod:`.autoplay` is the compiled play loop of bots and
:mod:`.atomic` makes each step all or nothing.  The house options are
:class:`catan_widget.engine.options.Rules`; the phase ids are :mod:`catan_widget.engine.phases`.
"""
