"""The engine in words: the log worded per reader (:mod:`.log`), places named as players see
them (:mod:`.places`), whose move it is (:mod:`.prompts`) and why a control is disabled
(:mod:`.reasons`).  The rules' own refusals carry their sentence and code
(:mod:`catan_widget.engine.errors`).
"""
