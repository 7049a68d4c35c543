"""The rules engine: pure Python, standard library only.

Start with :class:`Game` (:mod:`.game`, the face over the engine's parts); actions are in
:mod:`.actions`, the board's ids in :mod:`.board.topology`.  The parts, each importing only those
below it (``pyproject.toml``'s import contracts): :mod:`.saves` and :mod:`.knowledge` (what a
viewer knows), :mod:`.words`, :mod:`.rules` (the rulebook as code), and the root's state,
actions, phases, options, rng and errors, with :mod:`.board`.
"""

from __future__ import annotations

from .actions import (
    AcceptTrade,
    Action,
    BuildCity,
    BuildRoad,
    BuildSettlement,
    BuyDevelopmentCard,
    CancelTrade,
    ConfirmTrade,
    CounterTrade,
    DeclineTrade,
    Discard,
    EndTurn,
    MaritimeTrade,
    MoveRobber,
    OfferTrade,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    RollDice,
    action_from_dict,
    action_to_dict,
    decode,
    encode,
)
from .board.layouts import Board, beginner_board, random_board
from .constants import DEV_CARDS, RESOURCES, TERRAINS
from .errors import REFUSALS, IllegalActionError, Refusal, SaveError
from .game import Game
from .knowledge.observation import Observation, PlayerInfo
from .options import Rules
from .players import PlayerView
from .registry import Bot, register_bot
from .viewer import ALL_SEEING, ONLOOKER, Viewer

__all__ = [
    "ALL_SEEING",
    "DEV_CARDS",
    "ONLOOKER",
    "REFUSALS",
    "RESOURCES",
    "TERRAINS",
    "AcceptTrade",
    "Action",
    "Board",
    "Bot",
    "BuildCity",
    "BuildRoad",
    "BuildSettlement",
    "BuyDevelopmentCard",
    "CancelTrade",
    "ConfirmTrade",
    "CounterTrade",
    "DeclineTrade",
    "Discard",
    "EndTurn",
    "Game",
    "IllegalActionError",
    "MaritimeTrade",
    "MoveRobber",
    "Observation",
    "OfferTrade",
    "PlayKnight",
    "PlayMonopoly",
    "PlayRoadBuilding",
    "PlayYearOfPlenty",
    "PlayerInfo",
    "PlayerView",
    "Refusal",
    "RollDice",
    "Rules",
    "SaveError",
    "Viewer",
    "action_from_dict",
    "action_to_dict",
    "beginner_board",
    "decode",
    "encode",
    "random_board",
    "register_bot",
]
