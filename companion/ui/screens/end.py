"""The end of the game: who won and why, the ranking with each worth broken down, and everyone's worth over the
game as a chart; for a game played on mini boards (no money), the ranking by blocks and the winner's board with
its landmark instead of the chart. Every figure comes from :mod:`companion.table.history` and
:mod:`companion.table.views`; the screen only lays it out.

The fixed layout (the header with its buttons, the ranking and chart panels) is ``end.kv``; the class fills the
ranking, the legend and the chart.
"""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.properties import ColorProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.stacklayout import StackLayout

from companion.edition import capital
from companion.table.history import RankRow, axis_label, chart_title, ranking, side_victory, winners, worth_history
from companion.table.views import RoundView, coop_state, table_view
from companion.ui import theme
from companion.ui.boards import BoardCard
from companion.ui.chart import WorthChart
from companion.ui.screens.base import CompanionScreen
from companion.ui.widgets import load_layout


class EndScreen(CompanionScreen):
    """Ranking, worth parts and the worth chart; buttons to the journal and home (layout: ``end.kv``)."""

    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.winner: Label = self.ids.winner
        self.reason: Label = self.ids.reason
        self.rank_list: BoxLayout = self.ids.rank_list
        # Strong references (the ids are weak): the chart and the boards are taken out of the layout in turn.
        self.legend: StackLayout = self.ids.legend.__self__
        self.chart: WorthChart = self.ids.chart.__self__
        self.chart_panel: BoxLayout = self.ids.chart_panel.__self__
        self.chart_title: Label = self.ids.chart_title
        self.winner_boards: BoxLayout = self.ids.winner_boards.__self__
        self.board_cards: list[BoardCard] = []
        self._show_chart(True)

    def _show_chart(self, chart: bool) -> None:
        """The worth chart with its legend, or (a game on mini boards) the winner's board in their place."""
        shown, hidden = ((self.legend, self.chart), (self.winner_boards,)) if chart else \
            ((self.winner_boards,), (self.legend, self.chart))
        for part in hidden:
            if part.parent is not None:
                self.chart_panel.remove_widget(part)
        for part in shown:
            if part.parent is None:
                self.chart_panel.add_widget(part)

    def refresh(self) -> None:
        """Redraw the ranking, the legend and the chart from the finished game."""
        session = self.app.session
        self.rank_list.clear_widgets()
        self.legend.clear_widgets()
        if session is None:
            return
        game = session.game
        view = table_view(game, journal_last=0)
        names = winners(game)
        lost = view.over and not names and coop_state(game) is not None
        self.winner.color = theme.DANGER if lost else theme.ACCENT
        if lost:  # a co-operative game with no ranking: the Empire won and every hero lost
            self.winner.text = "Everyone loses"
        elif len(names) > 1:
            self.winner.text = f"{', '.join(names[:-1])} and {names[-1]} share first place"
        else:
            self.winner.text = f"{names[0]} wins!" if names else "The game is over"
        state = f"The game is over: {view.end_reason}" if view.over else "The game is still on"
        self.reason.text = f"{state}  ·  {'round' if view.rounds else 'turn'} {view.turn_number}"
        victory = side_victory(game)
        if victory is not None:  # sides against each other: the side's victory, then the ultimate winner
            self.winner.text = victory.headline
            self.reason.text = f"{victory.line(capital(game.edition.term('bases')))}  ·  turn {view.turn_number}"
        if view.rounds is not None:
            self._show_boards(view.rounds)
            return
        self._show_chart(True)
        self.chart_title.text = chart_title(game)
        series = worth_history(game, theme.PALETTE)
        colours = {s.player: s.colour for s in series}
        rows = ranking(game)
        if victory is not None:  # by side, the winners first, each side under its count of Bases
            for score in victory.scores:
                self.rank_list.add_widget(SideHeading(side_words=score.words(game.edition.term("base")),
                                                      colour=theme.rgba(score.colour)))
                for row in rows:
                    if row.side == score.side:
                        self.rank_list.add_widget(RankCard(row, colours.get(row.player, "")))
        else:
            for row in rows:
                self.rank_list.add_widget(RankCard(row, colours.get(row.player, "")))
        if lost:
            self.rank_list.add_widget(Factory.EveryoneLoses(text=f"{view.end_reason}: nobody wins. The heroes "
                                                                 "played together, and Grogu is lost to the Empire."))
        for s in series:
            self.legend.add_widget(LegendEntry(name=s.name, colour=theme.rgba(s.colour)))
        self.chart.show(series, lambda amount: axis_label(game, amount))


    def _show_boards(self, rounds: RoundView) -> None:
        """A game on mini boards: everyone ranked by the blocks on their board, in their board's colour, and the
        winner's board (each winner's, for a shared win) with its landmark."""
        self._show_chart(False)
        session = self.app.session
        assert session is not None
        colours = {seat.board.player: seat.board.paint for seat in rounds.boards}
        for row in ranking(session.game):
            self.rank_list.add_widget(RankCard(row, colours.get(row.player, "")))
        won = [seat for seat in rounds.boards if seat.board.winner]
        self.chart_title.text = (f"{won[0].board.name}'s board" if len(won) == 1 else "The winners' boards") \
            if won else "The boards"
        self.winner_boards.clear_widgets()
        self.board_cards = [BoardCard(seat, rounds.landmark, big=True) for seat in (won or rounds.boards)]
        for card in self.board_cards:
            self.winner_boards.add_widget(card)


class RankCard(BoxLayout):
    """One place in the ranking: the place, the name in the player's chart colour, the worth, then its parts. Only
    its data here; its look is ``<RankCard>`` in ``end.kv``."""

    player = StringProperty("")
    place = StringProperty("")
    """The place with its dot (``1.``)."""
    name = StringProperty("")
    worth = StringProperty("")
    """The worth as the table reads it."""
    colour = ColorProperty(theme.TEXT)
    """The player's colour on the chart (or board), their name's colour."""

    def __init__(self, row: RankRow, colour: str, **kwargs: Any) -> None:
        super().__init__(player=row.player, place=f"{row.place}.", name=row.name, worth=row.worth_text,
                         colour=theme.rgba(colour) if colour else theme.TEXT, **kwargs)
        for label, amount in row.parts:
            self.add_widget(RankPart(label=label, amount=amount))


class RankPart(BoxLayout):
    """A part of a player's worth under their name: what it is and how much (look: ``<RankPart>`` in
    ``end.kv``)."""

    label = StringProperty("")
    amount = StringProperty("")


class SideHeading(BoxLayout):
    """A side's line over its players in the ranking: a band of the side's colour and its Bases (look:
    ``<SideHeading>`` in ``end.kv``)."""

    side_words = StringProperty("")
    colour = ColorProperty(theme.TEXT)


class LegendEntry(BoxLayout):
    """A short line and a player's name, both in the colour of their line on the chart (look: ``<LegendEntry>`` in
    ``end.kv``)."""

    name = StringProperty("")
    colour = ColorProperty(theme.TEXT)


load_layout(__file__)
