"""A player's own choices, as their phone shows them: each decision open to them with its line and its buttons
(the presenters' own, each checked by the engine), the buttons offered whenever they apply that are theirs (a kept
GO Button), and a choice the rules want made in secret (a Bank Heist dial), offered to that player alone as its
pictures. Also where a secret choice stands for one player: to make, made (only they are told what they chose),
or shown to everyone at once.

Nothing here is for the table's eyes: a secret choice is never in the table's views, only in the view of the
player who makes it (see :func:`secret_view`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.engine.events import DiceRolled
from companion.rules import has_mechanic
from companion.rules.go_events import HeistRevealed
from companion.rules.go_state import go
from companion.rules.mechanics.heists import PICTURE_NAMES, Heists
from companion.table.presenters import presenter_of
from companion.table.presenters.heists import SECRET_DIAL, dial_offers
from companion.table.views import events_of
from companion.table.words import party_name

if TYPE_CHECKING:
    from companion.engine.game import Game
    from companion.table.offers import Action

SECRET_CHOICES: dict[str, Callable[[Game, str], list[Action]]] = {SECRET_DIAL: dial_offers}
"""A button that asks a player alone (its key begins with one of these, and it has no command), and the choices
it stands for, which only that player sees."""
PICTURE = "picture:"
"""The key of a choice that is a picture (a Bank Heist dial's): ``picture:coin``."""
DIAL_SET = "Dial set — wait for the reveal"


@dataclass(frozen=True)
class OpenChoice:
    """One thing a player has to settle (or may do now): its line and its buttons. ``secret``: the buttons are
    a choice made in secret, shown to this player alone."""

    line: str
    actions: tuple[Action, ...]
    secret: bool = False
    at_table: bool = False
    """Settled at the table only (it needs the dice or one of the table's own screens): no buttons here."""


def picture_of(action: Action) -> str:
    """The picture a choice stands for (``coin``), or "" when it is not a picture."""
    return action.key.removeprefix(PICTURE) if action.key.startswith(PICTURE) else ""


def _usable(action: Action) -> bool:
    """A button a phone can carry out: one with a command and no dice to roll (those are the table's)."""
    return bool(action.command) and action.roll is None


def _secret(game: Game, action: Action) -> list[Action] | None:
    """The choices a secret button stands for, or None when it is not one."""
    if action.command:
        return None
    for prefix, choices in SECRET_CHOICES.items():
        if action.key.startswith(prefix):
            return choices(game, action.key.removeprefix(prefix))
    return None


def own_choices(game: Game, player: str) -> tuple[OpenChoice, ...]:
    """Every decision open to ``player`` with its buttons, then the buttons for them that apply whenever they
    apply. A decision made in secret shows only its secret choices (the table's other ways to settle it, such as
    the paper dials, are entered at the table); one that needs the dice or a screen of the table's own is named,
    without buttons: it is settled at the table."""
    s = game.state
    if s.over or not s.has_player(player):
        return ()
    presenter = presenter_of(game)
    found = []
    for d in s.decisions:
        if d.player != player or d.kind not in presenter.decisions:
            continue
        shown = presenter.decisions[d.kind]
        actions = shown.actions(game, d.player, d.data)
        secret = [c for a in actions if (choices := _secret(game, a)) is not None for c in choices
                  if c.player == player]
        line = shown.line(game, d.player, d.data)
        if secret:
            found.append(OpenChoice(line, tuple(secret), secret=True))
        elif (mine := tuple(a for a in actions if a.player == player)) and all(_usable(a) for a in actions):
            found.append(OpenChoice(line, mine))
        else:  # a roll of the dice, or a screen of the table's own, settles it
            found.append(OpenChoice(line, (), at_table=True))
    standing = [a for offered in presenter.actions for a in offered(game) if _usable(a) and a.player == player]
    if standing:
        found.append(OpenChoice("Whenever you like", tuple(standing)))
    return tuple(found)


def own_action(game: Game, player: str, key: str) -> Action | None:
    """The button ``key`` among ``player``'s own choices now (None when it is not one of them)."""
    return next((a for c in own_choices(game, player) for a in c.actions if a.key == key), None)


@dataclass(frozen=True)
class SecretView:
    """Where a secret choice stands for one player: ``stage`` ``choose`` (theirs to make), ``set`` (made: only
    ``mine`` tells them what it was) or ``revealed`` (every picture shown at once, and what came of it)."""

    stage: str
    title: str
    text: str
    mine: str = ""
    pictures: tuple[tuple[str, str, str], ...] = ()
    """Once revealed: (who, picture, the picture's name), the challenger first."""
    outcome: str = ""


def secret_view(game: Game, player: str) -> SecretView | None:
    """The Bank Heist ``player`` takes part in this round, as only they may see it (None when there is none)."""
    if not has_mechanic(game, Heists):
        return None
    heist = go(game.state).heist
    if heist is not None and player in (heist.attacker, heist.target):
        title = f"Bank Heist: {party_name(game, heist.attacker)} against {party_name(game, heist.target)}"
        picture = heist.dials.get(player)
        if picture:
            return SecretView("set", title, DIAL_SET, f"You chose the {PICTURE_NAMES.get(picture, picture)}")
        if any(d.player == player and d.kind == "dial" for d in game.state.decisions):
            return SecretView("choose", title, "Turn your dial in secret: nobody sees it until both dials are set.")
        return None
    event = last_reveal(game, player)
    if event is None:
        return None
    title = f"Bank Heist: {party_name(game, event.attacker)} against {party_name(game, event.target)}"
    pictures = tuple((party_name(game, who), pic, PICTURE_NAMES.get(pic, pic))
                     for who, pic in zip((event.attacker, event.target), event.pictures, strict=False))
    shown = "Both dials, shown at once:" if pictures else "The paper dials were shown."
    return SecretView("revealed", title, shown, pictures=pictures,
                      outcome="The heist works!" if event.success else "No match: the heist fails.")


def last_reveal(game: Game, player: str) -> HeistRevealed | None:
    """The last Bank Heist ``player`` took part in, once its dials were shown, until the next roll of the dice
    (a heist settled last in its round is still shown while the next round waits for its roll)."""
    for entry in reversed(game.in_effect):
        events = events_of(game, entry)
        found = next((e for e in reversed(events)
                      if isinstance(e, HeistRevealed) and player in (e.attacker, e.target)), None)
        if found is not None:
            return found
        if any(isinstance(e, DiceRolled) for e in events):
            return None
    return None
