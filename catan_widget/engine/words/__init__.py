"""The engine in words: the log worded per reader (:mod:`.log`, its sentences in
:mod:`.log_words`), places named as players see them (:mod:`.places`), what the others did since
a seat's last turn (:mod:`.since`) and why a control is disabled (:mod:`.reasons`).  Every
sentence is one catalogue message (:mod:`catan_widget.engine.language`), the reader's own moves
in the second person, chosen by the reader's seat.  The rules' own refusals carry their sentence
and code (:mod:`catan_widget.engine.errors`); whose move it is, in an observation's words, is
:mod:`catan_widget.engine.knowledge.prompts`.
"""
