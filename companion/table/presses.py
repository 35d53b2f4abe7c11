"""What a physical button beside the board means at the table, worked out from the game and the screen shown.

Seat buttons are numbered in the order players were listed at set-up (seat 1 rolls first) and keep their number
when a player goes bankrupt. Confirm does the one thing the table is asked to do (buy, pay, claim, end the turn
when nothing else is open); a seat button answers what is asked of that seat's player, and in an auction raises
that player's bid by 10. The Roll button is not handled here: a roll goes through the dice desk. Like every
action, a press only ever turns into a command the engine has already checked; otherwise the table is told why
it did nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.devices.buttons import Press
from companion.devices.rolls import RollRequest
from companion.table.actions import Action, auction_view, offer, trade_offer, turn_actions
from companion.table.words import party_name

if TYPE_CHECKING:
    from companion.engine.game import Game

SEAT_RAISE = 10  # a seat button in an auction raises that player's bid by this much


@dataclass(frozen=True)
class PressMeaning:
    """The action a press stands for, or every reason it stands for nothing now."""

    action: Action | None
    reasons: tuple[str, ...] = ()


def seat_player(game: Game, seat: int) -> str | None:
    """The player sitting at ``seat`` (1 = first listed at set-up), if the game has that many players."""
    players = game.state.players
    return players[seat - 1].id if 1 <= seat <= len(players) else None


def seat_of(game: Game, player: str) -> int | None:
    """The seat number of ``player``."""
    return next((n for n, p in enumerate(game.state.players, start=1) if p.id == player), None)


def roll_request(game: Game | None) -> tuple[RollRequest | None, str]:
    """The roll the engine would accept now (the turn's roll, or a roll for a utility), or why none is wanted:
    what the table hears when someone presses Roll or throws the dice device at the wrong moment."""
    if game is None:
        return None, "No game is open."
    if game.state.over:
        return None, "The game is over."
    ready = next((a for a in turn_actions(game) if a.roll is not None and a.enabled), None)
    if ready is not None and ready.roll is not None:
        return RollRequest(ready.roll, ready.command, party_name(game, ready.player)), ""
    player = game.state.turn.player
    reasons = offer(game, "roll", "Roll", f"roll {player}").reasons
    return None, " ".join(("No roll now.", *reasons))


def press_meaning(game: Game, screen: str, press: Press) -> PressMeaning:
    """What ``press`` does on ``screen`` (``table``, ``auction`` or ``trade``; elsewhere presses do nothing)."""
    if press.button == "cancel":
        return PressMeaning(None, ("The Cancel button closes a question on the screen; none is open.",))
    player = seat_player(game, press.seat) if press.button == "seat" else None
    if press.button == "seat" and player is None:
        return PressMeaning(None, (f"No one sits at seat {press.seat} in this game.",))
    if screen == "auction":
        return _auction(game, player)
    if screen == "trade":
        return _trade(game, player)
    if screen != "table":
        return PressMeaning(None, ("Buttons only act on the table, auction and trade screens.",))
    return _table(game, player)


def _table(game: Game, player: str | None) -> PressMeaning:
    """Confirm: the one engine-approved main action (not a roll or a card pick, which need dice or a choice).
    A seat button: the same, but only among the actions of that seat's player."""
    actions = turn_actions(game)
    # A button with no command asks a player alone on the screen (a secret dial): never a press's to carry out.
    wanted = [a for a in actions if a.enabled and a.style == "primary" and a.roll is None and a.command
              and not a.key.startswith("card:") and (player is None or a.player == player)]
    if player is None:
        # With nothing to decide, Confirm ends the turn; it never ends a turn while a decision is open.
        end = next((a for a in actions if a.key == "end" and a.enabled), None)
        if len(wanted) == 1:
            return PressMeaning(wanted[0])
        if not wanted and end is not None:
            return PressMeaning(end)
        reason = "Several things are waiting: choose on the screen." if wanted else \
            "Nothing to confirm now: choose on the screen."
        return PressMeaning(None, (reason,))
    if wanted:
        return PressMeaning(wanted[0])
    return PressMeaning(None, (f"Nothing is asked of {party_name(game, player)} now.",))


def _auction(game: Game, player: str | None) -> PressMeaning:
    """A seat button raises that player's bid by :data:`SEAT_RAISE`; Confirm does nothing (the countdown sells)."""
    view = auction_view(game)
    if view is None:
        return PressMeaning(None, ("No auction is open.",))
    if player is None:
        return PressMeaning(None, ("The lot is sold when the countdown ends; bid with your seat button.",))
    bidder = next((b for b in view.bidders if b.id == player), None)
    if bidder is None:
        return PressMeaning(None, (f"{party_name(game, player)} is not bidding in this auction.",))
    step = next(a for a in bidder.raises if a.key == f"bid:{player}:{SEAT_RAISE}")
    return PressMeaning(step) if step.enabled else PressMeaning(None, step.reasons)


def _trade(game: Game, player: str | None) -> PressMeaning:
    """The partner's seat button accepts the open offer; nothing else answers a trade from the buttons."""
    offer = trade_offer(game)
    if offer is None:
        return PressMeaning(None, ("No trade offer is waiting for an answer.",))
    if player != offer.partner:
        return PressMeaning(None, (f"Only {offer.partner_name} answers this offer, with their seat button.",))
    return PressMeaning(offer.accept) if offer.accept.enabled else PressMeaning(None, offer.accept.reasons)
