"""What a viewer knows: its observation (:mod:`.observation`, records in :mod:`.observed`;
with what a screen shows it, worded by :mod:`catan_widget.engine.words`), the card counting of
the opponents' hands (:mod:`.counting`), games redrawn to agree with an observation in
everything it knows (:mod:`.determinize`), and whose move it is in the observation's words
(:mod:`.prompts`).
"""
