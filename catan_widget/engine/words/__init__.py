"""The engine in words: the log worded per reader (:mod:`.log`), places named as players see
them (:mod:`.places`) and why a control is disabled (:mod:`.reasons`).  The rules' own refusals
carry their sentence and code (:mod:`catan_widget.engine.errors`); whose move it is, in an
observation's words, is :mod:`catan_widget.engine.knowledge.prompts`.
"""
