"""The properties screen: one player's deeds by colour group with build, sell, mortgage and lift buttons, the
bank's stock of building pieces, and the player's debt with "Pay" and "Declare bankruptcy".

Every button is an engine-checked action (:mod:`companion.table.actions`): a refused one stays dimmed and a tap
shows the engine's reasons. Even building is explained per group by the engine's verdicts on each deed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from kivy.clock import Clock
from kivy.properties import BooleanProperty, ColorProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.edition import capital, counted
from companion.table.actions import (
    Action,
    DeedActions,
    bankruptcy_lines,
    build_hints,
    debt_lines,
    deed_actions,
    sell_all_actions,
    short_deed_name,
    shortage_auctions,
    turn_actions,
)
from companion.table.views import HoldingGroup, PlayerView, player_views, stock
from companion.ui import theme
from companion.ui.screens.base import CompanionScreen
from companion.ui.widgets import EngineActionButton, Panel, TapButton, confirm, load_layout

if TYPE_CHECKING:
    from companion.ui.shell import Shell

DEED_SLOTS = ("build:", "sell:", "mortgage:|unmortgage:")  # button columns of a deed row, left to right


def without_name(action: Action, name: str) -> Action:
    """The action labelled without the player's name in front (the screen already shows whose it is)."""
    return replace(action, label=capital(action.label.removeprefix(f"{name}: ")))


class PropertiesLine(Label):
    """A line of words on the properties screen, ``tone`` ``text``, ``muted`` or ``danger``, ``small`` or not; look:
    ``<PropertiesLine>`` in ``properties.kv``."""

    tone = StringProperty("text")
    small = BooleanProperty(False)


class DeedRow(BoxLayout):
    """One deed: its name and marks, then its build, sell and mortgage/lift buttons. Only its data and buttons
    here; its look is ``<DeedRow>`` in ``properties.kv``."""

    deed_id = StringProperty("")
    title = StringProperty("")
    """The deed's short name."""
    marks = StringProperty("")
    """Its buildings and mortgage in marks, if any."""

    def __init__(self, held: DeedActions, run: Callable[[Action], Any], **kwargs: Any) -> None:
        super().__init__(deed_id=held.deed.id, title=short_deed_name(held.deed), marks=held.deed.marks, **kwargs)
        for slot in DEED_SLOTS:
            action = next((a for a in held.actions if a.key.startswith(tuple(slot.split("|")))), None)
            self.ids.buttons.add_widget(EngineActionButton(action, run, font_size=theme.FONT_SMALL) if action
                                        else Widget())


class GroupPanel(Panel):
    """A colour group of one player: colour band, name, full-group mark, building hint, sell-all and deeds. Only
    its data and buttons here; its look is ``<GroupPanel>`` in ``properties.kv``."""

    group_id = StringProperty("")
    title = StringProperty("")
    """The group's name."""
    band = ColorProperty(theme.PANEL)
    """The group's colour, on the band at the left of its name."""
    complete = BooleanProperty(False)
    """The player holds the full group."""
    group_word = StringProperty("")
    """The edition's word for a colour group."""

    def __init__(self, group: HoldingGroup, held: list[DeedActions], hint: str, sell_all: Action | None,
                 run: Callable[[Action], Any], group_word: str) -> None:
        super().__init__(group_id=group.id, title=group.name, band=theme.rgba(group.colour),
                         complete=group.complete, group_word=group_word)
        if sell_all is not None:
            self.ids.header.add_widget(EngineActionButton(sell_all, run, font_size=theme.FONT_SMALL,
                                                          size_hint_x=0.6))
        if hint:
            self.add_widget(PropertiesLine(text=hint, tone="muted", small=True))
        for deed in held:
            self.add_widget(DeedRow(deed, run))


class PlayerTab(TapButton):
    """A player's tab along the top (smaller words when more than four share the row); look: ``<PlayerTab>`` in
    ``properties.kv``."""

    player_id = StringProperty("")
    crowded = BooleanProperty(False)


class PropertiesScreen(CompanionScreen):
    """Deeds, buildings, mortgages and debts of the player chosen along the top (layout: ``properties.kv``)."""

    def __init__(self, app: Shell, **kwargs: object) -> None:
        super().__init__(app, **kwargs)
        self.chosen: str | None = None
        self.keep_choice = False
        self.scrolled: tuple[str | None, float] = (None, 1.0)
        """Whose deeds the list shows and where it is scrolled to (1: the top)."""
        # Kept here as they leave the tree (ids hold only weak references; __self__ is the widget).
        self.page: BoxLayout = self.ids.page.__self__
        self.no_game: BoxLayout = self.ids.no_game.__self__
        self.remove_widget(self.no_game)
        self.tabs: BoxLayout = self.ids.tabs
        self.side_scroller: ScrollView = self.ids.side_scroller
        self.side_name: Label = self.ids.side_name
        self.cash_label: Label = self.ids.cash_label
        self.side_token: Label = self.ids.side_token
        self.settle: BoxLayout = self.ids.settle
        self.scroller: ScrollView = self.ids.scroller
        self.column: BoxLayout = self.ids.column
        self.scroller.bind(scroll_y=lambda _s, y: setattr(self, "scrolled", (self.chosen, y)))

    def open_for(self, player: str | None) -> None:
        """Go to this screen showing one player's deeds (None: the debtor, else the player whose turn it is)."""
        self.chosen = player
        self.keep_choice = self.app.manager.current != self.name
        self.app.goto(self.name)

    def choose(self, player: str) -> None:
        """Show another player's deeds."""
        self.chosen = player
        self.refresh()

    def on_pre_enter(self, *args: object) -> None:
        """Entering the screen starts from the debtor or the turn player, unless :meth:`open_for` chose."""
        if not self.keep_choice:
            self.chosen = None
            self.scrolled = (None, 1.0)
        self.keep_choice = False
        super().on_pre_enter(*args)

    def refresh(self) -> None:
        """Rebuild from the views of the chosen player; the list of deeds stays where it was scrolled to, so a tap
        on a deed low in the list leaves it in view."""
        kept = self.scrolled if self.scrolled[0] == self.chosen else (None, 1.0)
        session = self.app.session
        self._show(self.page if session is not None else self.no_game)
        if session is None:
            return
        game = session.game
        players = player_views(game)
        table_actions = turn_actions(game)
        debtors = [a.player for a in table_actions if a.key.startswith("pay:")]
        if self.chosen not in {p.id for p in players}:
            turn = next((p.id for p in players if p.is_turn), players[0].id)
            self.chosen = debtors[0] if debtors else turn
        me = next(p for p in players if p.id == self.chosen)

        self.tabs.clear_widgets()
        for p in players:
            self.tabs.add_widget(self._tab(p, p.id in debtors, len(players)))
        self._side(me, [a for a in table_actions if a.player == me.id])
        column = self.column
        column.clear_widgets()
        left = ", ".join(f"{count} {word}" for word, count in stock(game))
        column.add_widget(PropertiesLine(text=f"{session.edition.term('bank')} stock: {left}", tone="muted"))
        held = deed_actions(game, me.id)
        hints = build_hints(game, held)
        sell_all = {a.key.removeprefix("sell-all:"): a for a in sell_all_actions(game, me.id)}
        for group in me.groups:
            deeds = [d for d in held if d.deed.group == group.id]
            column.add_widget(GroupPanel(group, deeds, hints.get(group.id, ""), sell_all.get(group.id),
                                         self.app.run_action, session.edition.term("group")))
        if not me.groups:
            column.add_widget(PropertiesLine(text=f"{me.name} holds no {session.edition.term('deed')}s.", tone="muted"))
        self.scrolled = (me.id, kept[1])
        Clock.schedule_once(lambda _dt: setattr(self.scroller, "scroll_y", kept[1]))  # once the list is laid out

    def _show(self, page: Widget) -> None:
        """The page of the game's deeds, or the note that no game is open."""
        if page.parent is None:
            self.clear_widgets()
            self.add_widget(page)

    def _tab(self, p: PlayerView, owes: bool, count: int) -> PlayerTab:
        label = f"{p.name} (out)" if p.retired else f"{p.name}\n{p.cash_text}"
        style = "primary" if p.id == self.chosen else "off" if p.retired else "danger" if owes else "normal"
        return PlayerTab(label, partial(self.choose, p.id), style, player_id=p.id, crowded=count > 4)

    def _side(self, me: PlayerView, mine: list[Action]) -> None:
        """The chosen player's cash and token, and what the player must settle."""
        game = self.app.session.game if self.app.session else None
        assert game is not None
        self.side_scroller.scroll_y = 1
        self.side_name.text = me.name
        self.cash_label.text = me.cash_text
        self.side_token.text = f"{me.token}, {me.side}" if me.side else me.token
        column = self.settle
        column.clear_widgets()
        if me.retired:
            column.add_widget(PropertiesLine(text=f"{me.name} has left the game.", tone="muted"))
            return
        edition = game.edition
        column.add_widget(PropertiesLine(text=f"In {edition.term('jail')}" if me.in_jail else f"On {me.space}",
                                         tone="danger" if me.in_jail else "text"))
        if me.jail_cards:
            column.add_widget(PropertiesLine(text=counted(me.jail_cards, f"{edition.term('get_out_of_jail')} card"),
                                             small=True))
        for line in debt_lines(game, me.id):
            column.add_widget(PropertiesLine(text=line, tone="danger" if line.startswith("Owes") else "text"))
        for action in mine:
            if action.key.startswith("pay:"):
                column.add_widget(EngineActionButton(without_name(action, me.name), self.app.run_action))
            elif action.key.startswith("bankrupt:"):
                column.add_widget(EngineActionButton(without_name(action, me.name),
                                               partial(self._ask_bankruptcy, name=me.name)))
            elif action.key.startswith(("lift:", "keep:")):
                column.add_widget(EngineActionButton(without_name(action, me.name), self.app.run_action,
                                               font_size=theme.FONT_SMALL))
        for action in shortage_auctions(game):
            column.add_widget(EngineActionButton(action, self.app.run_action))

    def _ask_bankruptcy(self, action: Action, name: str) -> None:
        """Bankruptcy is for good: say where everything goes and ask first."""
        game = self.app.session.game if self.app.session else None
        assert game is not None
        confirm(f"Declare {name} {game.edition.term('bankrupt')}?",
                [*debt_lines(game, action.player), *bankruptcy_lines(game, action.player)],
                lambda: self.app.run_action(action), yes=capital(game.edition.term("declare_bankruptcy")),
                style="danger")


load_layout(__file__)
