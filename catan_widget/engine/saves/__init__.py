"""Saves: the JSON format (:mod:`.format`), the checks a loaded save passes (:mod:`.checks`),
and staged positions a game may start from (:mod:`.staging`).
"""
