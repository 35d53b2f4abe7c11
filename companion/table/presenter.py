"""What one mechanic shows at the table: its presenter.

A mechanic of the rules (``companion/rules/mechanics``) has, here in the table layer, a presenter in
``companion/table/presenters`` under the same name: the words for each of its events, the line and the buttons
for each decision kind it opens, and the buttons it offers whenever its state calls for them (a rent to claim, a
debt to pay). The table reads a game through the presenters of the game's own mechanics, so nothing one edition
means is spelled out for another.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.engine.events import Event
    from companion.engine.game import Game
    from companion.table.offers import Action

EventWords = Callable[["Game", Any], str]
"""An event in words ("" for one the table need not read)."""
DecisionData = dict[str, object]
NowWords = Callable[["Game", list[str], DecisionData], str]
"""Who acts now, in a few words, for the players with a decision of one kind open (the first one's data)."""


@dataclass(frozen=True)
class Decision:
    """How the table shows one decision kind: the journal's line when it opens, and the buttons that settle it
    (none when a screen of its own settles it, e.g. placing a piece from the deeds screen). ``now``: who acts, in
    a few words, where a status line names them (several players at once: ``Ann and Ben place their blocks``);
    without it the line is used. ``on_map``: the choice is a space of the board, made on the board map."""

    line: Callable[[Game, str, DecisionData], str]
    actions: Callable[[Game, str, DecisionData], list[Action]]
    now: NowWords | None = None
    on_map: Callable[[Game, str, DecisionData], str] | None = None
    """The words of the one button that opens the board map, where the decision's buttons (each naming its board
    space, ``Action.space``) are taps on their spaces; None: its buttons are shown as they are."""


@dataclass(frozen=True)
class Presenter:
    """A mechanic's presenter (see the module's words)."""

    events: Mapping[type[Event], EventWords] = field(default_factory=dict)
    decisions: Mapping[str, Decision] = field(default_factory=dict)
    actions: tuple[Callable[[Game], list[Action]], ...] = ()
    """Buttons offered whenever they apply, whoever's turn it is (a rent to claim, a debt to pay, a battle)."""
    before_roll: tuple[Callable[[Game, str], list[Action]], ...] = ()
    """The turn player's buttons offered before the roll (the jail's fine and card)."""
    roll_label: Callable[[Game], str] | None = None
    """The words on the roll button, where a mechanic has its own (a round's roll); else Roll."""
