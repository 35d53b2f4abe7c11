"""The app's screens, one module each; :data:`SCREENS` maps each screen's name to its class."""

from __future__ import annotations

from companion.ui.screens.auction import AuctionScreen
from companion.ui.screens.base import CompanionScreen
from companion.ui.screens.battle import BattleScreen
from companion.ui.screens.board import BoardScreen
from companion.ui.screens.box import BoxScreen, BoxWalkScreen
from companion.ui.screens.end import EndScreen
from companion.ui.screens.home import HomeScreen
from companion.ui.screens.journal import JournalScreen
from companion.ui.screens.new_game import NewGameScreen
from companion.ui.screens.phone import PhoneScreen
from companion.ui.screens.properties import PropertiesScreen
from companion.ui.screens.table import TableScreen
from companion.ui.screens.trade import TradeScreen

SCREENS: dict[str, type[CompanionScreen]] = {
    "home": HomeScreen,
    "new-game": NewGameScreen,
    "table": TableScreen,
    "properties": PropertiesScreen,
    "trade": TradeScreen,
    "auction": AuctionScreen,
    "journal": JournalScreen,
    "end": EndScreen,
    "box": BoxScreen,
    "box-walk": BoxWalkScreen,
    "phone": PhoneScreen,
    "board": BoardScreen,
    "battle": BattleScreen,
}
