"""What a seat knows: its observation (:mod:`.observation`, records in :mod:`.observed`), the
card counting of the opponents' hands (:mod:`.counting`), and games redrawn to agree with an
observation in everything it knows (:mod:`.determinize`).
"""
