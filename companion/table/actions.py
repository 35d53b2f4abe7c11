"""The actions the table is offered now, each a command the engine has already checked (an
:class:`~companion.table.offers.Action`): a turn's buttons gathered from the mechanics' presenters, a player's
deeds, the auction, a trade, undo and corrections.

Nothing here decides a rule; every ``enabled`` comes from validation, and every amount on a label is a printed
value or one the ruleset worked out.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from companion.edition import a_or_an, and_list, capital
from companion.engine.commands import parse_command
from companion.engine.ledger import BANK, HOTEL, HOUSE
from companion.rules import has_mechanic, mechanic, rules_of
from companion.rules.mechanics.buildings import Buildings
from companion.rules.mechanics.mortgages import Mortgages
from companion.table.boards import paint
from companion.table.offers import Action, offer
from companion.table.presenters import presenter_of
from companion.table.views import DeedView, deed_view
from companion.table.words import credits, lot_name, party_name

if TYPE_CHECKING:
    from companion.edition import Edition
    from companion.engine.game import Game

BID_STEPS = (1, 10, 50, 100)
MOVES = ("move", "move-with-grogu")
"""The rolls that move a token (an edition may roll other dice for other things)."""


def turn_actions(game: Game) -> list[Action]:
    """What the table must or may do next: the buttons of each open decision, those the mechanics offer whenever
    they apply (rent claims, debts, a battle), then the turn player's: the ways out of jail, the roll and the end
    of the turn. Each mechanic's buttons are its presenter's."""
    s = game.state
    if s.over:
        return []
    presenter = presenter_of(game)
    actions: list[Action] = []
    for d in s.decisions:
        actions += presenter.decisions[d.kind].actions(game, d.player, d.data)
    for standing in presenter.actions:
        actions += standing(game)
    p = s.turn.player
    if s.has_player(p):
        for before in presenter.before_roll:
            actions += before(game, p)
        label = presenter.roll_label(game) if presenter.roll_label else "Roll"
        roll = offer(game, "roll", "Roll again" if s.turn.roll_again else label, f"roll {p}", "primary")
        # A roll the player owes for a utility's rent, a battle or the enemies' advance has its own button
        # (above); it is not a move.
        other_roll = (any(d.kind == "utility-roll" and d.player == p for d in s.decisions)
                      or game.roll_need(p).kind not in MOVES)
        if (roll.enabled or not s.turn.rolled) and not other_roll:
            actions.append(roll)
        if rules_of(game).knows("end"):  # a game played in rounds has no turn to end: the round ends by itself
            actions.append(offer(game, "end", "End turn", f"end {p}"))
    return actions


@dataclass(frozen=True)
class ChoiceRow:
    """One button of the table's list, with the other ways to do the same thing (``more``: the other Build
    squares a block could go on), offered from a small button beside it that says what they are
    (``more_label``: their heading)."""

    action: Action
    more: tuple[Action, ...] = ()
    label: str = ""
    """The words on the button when they differ from the action's (its group's line already says whose and
    what: ``Brown`` under "Dan's tracker is full: name a colour...")."""
    swatch: str = ""
    """The colour the button is painted in, for a choice of a block colour."""

    @property
    def more_label(self) -> str:
        """What the other ways are, in words (``Another square``)."""
        return self.more[0].heading or "Something else" if self.more else ""

    @property
    def words(self) -> str:
        """The words on the button."""
        return self.label or self.action.label


@dataclass(frozen=True)
class ActionGroup:
    """The buttons of one thing the table must or may do now: a decision's, under its line when it has several
    (a Chance tile's kinds, the opponents to challenge), the roll, or a kept tile's uses. ``listed``: one button
    named by ``line`` opens the list (a GO Button's three uses)."""

    line: str
    rows: tuple[ChoiceRow, ...]
    listed: bool = False


def folded(actions: list[Action]) -> list[ChoiceRow]:
    """A decision's buttons, each way to do one thing in one row: a proposed action (the first, ``primary``)
    followed by others whose keys differ only in their last part (the same block on other squares) becomes one
    row offering them as ``more``."""
    if len(actions) > 1 and actions[0].style == "primary":
        stem = actions[0].key.rpartition(":")[0]
        same = [a for a in actions[1:] if stem and a.key.rpartition(":")[0] == stem and a.player == actions[0].player]
        if len(same) == len(actions) - 1:
            return [ChoiceRow(actions[0], tuple(same))]
    return [ChoiceRow(a) for a in actions]


def without_common_start(rows: list[ChoiceRow]) -> list[ChoiceRow]:
    """Buttons listed under their decision's line lose the words they start with when all that have such a start
    share it (``Mega Shut Down: ``, ``Ann: ``): the line says them once (``Not this round`` stays as it is)."""
    said = [r for r in rows if ": " in r.action.label]
    starts = {r.action.label.partition(": ")[0] for r in said}
    if len(starts) != 1 or len(said) < 2:
        return rows
    return [replace(r, label=capital(r.action.label.partition(": ")[2])) if r in said else r for r in rows]


def round_actions(game: Game) -> list[ActionGroup]:
    """What the table may do now in a game played in rounds, grouped: the roll first (in the main action's
    place), then each open decision in the order it opened, under its line when it offers several buttons, then
    what kept tiles can do (a tile's uses listed from one button)."""
    s = game.state
    if s.over:
        return []
    presenter = presenter_of(game)
    groups = [ActionGroup("", (ChoiceRow(a),)) for a in turn_actions(game) if a.roll is not None]
    colours = game.edition.mini_boards.colours if game.edition.mini_boards else ()
    for d in s.decisions:
        shown = presenter.decisions[d.kind]
        rows = [replace(r, swatch=paint(colour)) if (colour := r.action.key.rpartition(":")[2]) in colours else r
                for r in folded(shown.actions(game, d.player, d.data))]
        if len(rows) > 1:
            groups.append(ActionGroup(shown.line(game, d.player, d.data), tuple(without_common_start(rows))))
        elif rows:
            groups.append(ActionGroup("", tuple(rows)))
    listed: dict[str, list[Action]] = {}
    for standing in presenter.actions:
        for a in standing(game):
            if a.heading:
                listed.setdefault(a.heading, []).append(a)
            else:
                groups.append(ActionGroup("", (ChoiceRow(a),)))
    groups += [ActionGroup(heading, tuple(ChoiceRow(a) for a in acts), listed=True)
               for heading, acts in listed.items()]
    return groups


def mortgage_choice_words(edition: Edition) -> tuple[str, str]:
    """The heading and the explanation over the lift / keep buttons after a mortgaged deed changed hands: the new
    owner lifts the mortgage now, or keeps the deed mortgaged and pays the interest now and again when lifting."""
    mortgaged, unmortgage = edition.term("mortgaged"), edition.term("unmortgage")
    return (f"{capital(a_or_an(mortgaged))} deed changed hands",
            f"Its new owner chooses: {unmortgage} it now, or keep it {mortgaged} and pay the "
            f"{edition.term('interest')} now (and again to {unmortgage} it later).")


@dataclass(frozen=True)
class DeedActions:
    """One of a player's deeds with what can be done to it now."""

    deed: DeedView
    actions: tuple[Action, ...]


def deed_actions(game: Game, player: str) -> list[DeedActions]:
    """Build, sell, mortgage and lift for each deed a player holds, in board order; each checked by the engine."""
    e, s = game.edition, game.state
    out = []
    for space in e.deeds:
        if s.owner(space.id) != player:
            continue
        actions = []
        if space.kind == "street":
            rules = mechanic(game, Buildings)
            nxt = HOTEL if rules.level(s, space.id) >= rules.houses_before_hotel else HOUSE
            actions.append(offer(game, f"build:{space.id}", f"Build {a_or_an(e.term(nxt))} "
                                 f"({credits(e, rules.piece_cost(space, nxt))})", f"build {player} {space.id}",
                                 "primary"))
            on_top = HOTEL if s.hotels(space.id) else HOUSE
            back = credits(e, rules.sellback(rules.piece_cost(space, on_top)))
            actions.append(offer(game, f"sell:{space.id}", f"Sell {a_or_an(e.term(on_top))} (+{back})",
                                 f"sell {player} {space.id}"))
        if space.kind == "hideout":
            actions.append(offer(game, f"sell-deed:{space.id}", f"Sell to the {e.term('bank')} "
                                 f"(+{credits(e, space.price)})", f"sell-deed {player} {space.id}"))
        elif space.id in s.mortgaged:
            cost = mechanic(game, Mortgages).lift_cost(space)
            # The button sits under the deed's name: "it" keeps it short (the term comes before a deed).
            actions.append(offer(game, f"unmortgage:{space.id}", f"{capital(e.term('unmortgage'))} it "
                                 f"({credits(e, cost)})", f"unmortgage {player} {space.id}"))
        else:
            actions.append(offer(game, f"mortgage:{space.id}", f"{capital(e.term('mortgage'))} "
                                 f"(+{credits(e, space.mortgage)})", f"mortgage {player} {space.id}"))
        out.append(DeedActions(deed_view(game, space), tuple(actions)))
    return out


def sell_all_actions(game: Game, player: str) -> list[Action]:
    """Selling every building of a group at once, for the groups where the engine allows it."""
    acts = [offer(game, f"sell-all:{g.id}", f"Sell every {game.edition.term('building')} on {g.name}",
                  f"sell-all {player} {g.id}") for g in game.edition.groups.values()]
    return [a for a in acts if a.enabled]


def piece_auction_actions(game: Game) -> list[Action]:
    """Auctioning a house or hotel piece when several players want more than the bank has left."""
    e = game.edition
    return [offer(game, f"piece-auction:{k}", f"Auction {a_or_an(e.term(k))}", f"piece-auction {k}")
            for k in (HOUSE, HOTEL)]


@dataclass(frozen=True)
class Bidder:
    """One player at the auction: cash, whether they dropped out, and their bid buttons."""

    id: str
    name: str
    cash: str
    passed: bool
    high: bool
    raises: tuple[Action, ...]
    drop: Action
    side_colour: str = ""
    """The colour of the player's side, where sides play against each other (allies told apart at a glance)."""


@dataclass(frozen=True)
class AuctionView:
    """The open auction: the lot, the highest bid and bidder, and every player's buttons."""

    lot: str
    high_bid: int
    high_bid_text: str
    high_bidder: str
    bidders: tuple[Bidder, ...]
    close: Action
    queue: int


def auction_view(game: Game) -> AuctionView | None:
    """The open auction, or None (also once the game is over: an auction left open then is void). Raise buttons
    offer the highest bid plus 1, 10, 50 and 100."""
    s, e = game.state, game.edition
    a = s.auction
    if a is None or s.over:
        return None
    high = a.high[1] if a.high else 0
    sides = bool(rules_of(game).side_bases(s))  # a game of sides (Star Wars 2015), not a token's side alone
    bidders = []
    for p in s.active:
        raises = tuple(offer(game, f"bid:{p.id}:{step}", f"+{step}", f"bid {p.id} {high + step}")
                       for step in BID_STEPS)
        bidders.append(Bidder(p.id, p.name, credits(e, s.cash(p.id)), p.id in a.passed,
                              bool(a.high and a.high[0] == p.id), raises,
                              offer(game, f"pass:{p.id}", "Pass", f"pass {p.id}"),
                              str(e.sides[p.side].get("colour", "")) if sides and p.side in e.sides else ""))
    return AuctionView(lot_name(e, a.lot), high, credits(e, high) if a.high else "no bid yet",
                       party_name(game, a.high[0]) if a.high else "", tuple(bidders),
                       offer(game, "close", "Sold!" if a.high else "No bids: close", "close", "primary"),
                       len(s.auction_queue))


def bid_command(player: str, amount: int) -> str:
    """The command for an exact bid typed on the keypad."""
    return f"bid {player} {amount}"


@dataclass(frozen=True)
class TradeSide:
    """What one player could put into a trade: deeds (with why not, if they cannot), credits, jail cards."""

    player: str
    name: str
    cash: int
    deeds: tuple[tuple[DeedView, tuple[str, ...]], ...]
    jail_cards: tuple[tuple[str, str], ...]


def trade_side(game: Game, player: str) -> TradeSide:
    """A player's tradeable things; a deed that cannot change hands now carries the engine's reasons."""
    s, e = game.state, game.edition
    others = [p.id for p in s.active if p.id != player]
    deeds = []
    for space in e.deeds:
        if s.owner(space.id) != player:
            continue
        reasons: tuple[str, ...] = ()
        if others:
            probe = propose_command(player, others[0], [space.id], 0, [], [], 0, [])
            reasons = tuple(v.message for v in game.validate(parse_command(probe)) if v.code != "trade/open")
        deeds.append((deed_view(game, space), reasons))
    cards = tuple((deck, f"{e.decks[deck].name} {e.term('get_out_of_jail')}") for deck in s.player(player).jail_cards)
    return TradeSide(player, party_name(game, player), s.cash(player), tuple(deeds), cards)


def propose_command(proposer: str, partner: str, give_deeds: list[str], give_cash: int, give_cards: list[str],
                    get_deeds: list[str], get_cash: int, get_cards: list[str]) -> str:
    """The ``propose`` command for a trade built on screen (notation of :mod:`companion.rules.assets`)."""
    def side(deeds: list[str], cash: int, cards: list[str]) -> str:
        items = [f"deed:{d}" for d in deeds] + ([f"cash:{cash}"] if cash else []) + [f"card:{c}" for c in cards]
        return ",".join(items)

    return (f"propose {proposer} {partner} give={side(give_deeds, give_cash, give_cards)} "
            f"get={side(get_deeds, get_cash, get_cards)}")


def parties(game: Game) -> list[tuple[str, str]]:
    """Who can pay or be paid by hand: the players still in, and the bank."""
    return [(p.id, p.name) for p in game.state.active] + [(BANK, game.edition.term("bank"))]


def correction_spaces(game: Game) -> list[tuple[str, str, str]]:
    """Every board space (id, name, colour band) for the "my token is really on ..." correction."""
    e = game.edition
    return [(sp.id, sp.name, e.groups[sp.group].colour if sp.group in e.groups else "") for sp in e.spaces]


def undo_action(game: Game, count: int = 1, reason: str = "taken back at the table") -> Action:
    """Taking back the last ``count`` actions, checked by the engine (refused when there is too little to take
    back); the reason goes into the journal with the undo."""
    label = "Undo last action" if count == 1 else f"Undo the last {count} actions"
    return offer(game, f"undo:{count}", label, f"undo {count} {' '.join(reason.split())}", "danger")


def short_deed_name(deed: DeedView) -> str:
    """A deed's name without its group's name in front (``Swamp`` for ``Dagobah: Swamp``), for lists that
    already show the group."""
    return deed.name.removeprefix(f"{deed.group_name}: ") if deed.group_name else deed.name


def build_hints(game: Game, holdings: list[DeedActions]) -> dict[str, str]:
    """One line per colour group of streets in ``holdings`` (from :func:`deed_actions`) saying which deeds the
    engine would let take the next building now; when none can, the engine's first reason."""
    e = game.edition
    groups: dict[str, list[tuple[DeedView, Action]]] = {}
    for held in holdings:
        build = next((a for a in held.actions if a.key.startswith("build:")), None)
        if build is not None:
            groups.setdefault(held.deed.group, []).append((held.deed, build))
    hints = {}
    for group, builds in groups.items():
        ready = [short_deed_name(deed) for deed, action in builds if action.enabled]
        if ready:
            hints[group] = f"Next {e.term('building')} can go on: {', '.join(ready)}"
        else:
            hints[group] = next((a.reasons[0] for _, a in builds if a.reasons), "")
    return hints


def debt_lines(game: Game, player: str) -> tuple[str, ...]:
    """What a player owes, one line per unpaid debt (oldest first), then the most they could raise: their cash
    plus selling every building and mortgaging every deed still free."""
    s, e = game.state, game.edition
    debts = s.debts_of(player)
    if not debts:
        return ()
    lines = [f"Owes {party_name(game, d.creditor)} {credits(e, d.amount)} ({d.reason})" for d in debts]
    lines.append(f"Could raise {credits(e, rules_of(game).raisable(s, player))} at most, cash included, with every "
                 f"{e.term('building')} sold and every deed {e.term('mortgaged')}")
    return tuple(lines)


def bankruptcy_lines(game: Game, player: str) -> tuple[str, ...]:
    """What declaring bankruptcy would do, as the edition's rules say: whether the player leaves the game or
    plays on, where their things go, and whether the game would end with it."""
    outcome = rules_of(game).bankruptcy(game.state, player)
    if outcome is None:
        return ()
    e = game.edition
    name, to = party_name(game, player), party_name(game, outcome.creditor)
    bank = f"the {e.term('bank')}"
    lines = [f"{name} leaves the game for good." if outcome.leaves_game else
             f"{name} plays on: the rest of the debt is forgiven."]
    things = {"credits": "credits", "deeds": f"{e.term('deed')}s",
              "jail-cards": f"{e.term('get_out_of_jail')} cards", "signets": "Signet cards"}
    handed = and_list([things[t] for t in outcome.hands_over])
    if outcome.creditor != BANK:
        lines.append(f"{name}'s {handed} go to {to}" + (
            f"; the {e.term('buildings')} go back to {bank}, which pays {to} half what they cost."
            if outcome.buildings_back else "."))
    elif "signets" in outcome.hands_over:
        lines.append(f"{name}'s credits go to {bank} and the Signet cards to the bottom of their deck.")
    else:
        lines.append(f"{name}'s {handed} go to {bank}" +
                     (f", and the {e.term('buildings')} go back to it." if outcome.buildings_back else "."))
    if outcome.mortgaged_choice:
        mortgaged = e.term("mortgaged")
        lines.append(f"{to} then chooses, for each {mortgaged} deed received, to {e.term('unmortgage')} it or "
                     f"keep it {mortgaged}.")
    if outcome.ends_game == "last-player":
        rest = [p.name for p in game.state.active if p.id != player]
        lines.append(f"{rest[0]} is the last player left: the game ends.")
    elif outcome.ends_game == "first-bankruptcy":
        variant = e.variants[game.setup.variant]
        lines.append(f"In the {variant.name.lower()} the game ends as soon as one player is {e.term('bankrupt')}.")
    if outcome.deeds_auctioned:
        lines.append(f"{capital(bank)} auctions {name}'s deeds at once.")
    return tuple(lines)


def asset_words(game: Game, deeds: list[str], cash: int, cards: list[str]) -> tuple[str, ...]:
    """One side of a trade in words: deed names (marked when mortgaged), credits and jail cards."""
    e, s = game.edition, game.state
    words = [e.space(d).name + (f" ({e.term('mortgaged')})" if d in s.mortgaged else "") for d in deeds]
    if cash:
        words.append(credits(e, cash))
    words += [f"{e.decks[c].name} {e.term('get_out_of_jail')} card" for c in cards]
    return tuple(words)


@dataclass(frozen=True)
class TradeOfferView:
    """The open trade offer: who offers what to whom, and the answers each side may give."""

    proposer: str
    proposer_name: str
    partner: str
    partner_name: str
    gives: tuple[str, ...]
    gets: tuple[str, ...]
    accept: Action
    reject: Action
    withdraw: Action


def trade_offer(game: Game) -> TradeOfferView | None:
    """The open trade offer (None when there is none, or once the game is over: an offer left open then is void).
    The proposer confirmed by proposing; the partner accepts or rejects, and the proposer may withdraw."""
    t = game.state.trade
    if t is None or game.state.over:
        return None
    a, b = party_name(game, t.proposer), party_name(game, t.partner)

    def side(data: dict[str, object]) -> tuple[str, ...]:
        deeds, cards = data.get("deeds", []), data.get("cards", [])
        cash = data.get("cash", 0)
        return asset_words(game, list(deeds) if isinstance(deeds, list) else [],
                           cash if isinstance(cash, int) else 0, list(cards) if isinstance(cards, list) else [])

    return TradeOfferView(
        t.proposer, a, t.partner, b, side(t.give), side(t.get),
        offer(game, "accept", f"{b}: Accept", f"accept {t.partner}", "primary"),
        offer(game, "reject", f"{b}: Reject", f"reject {t.partner}", "danger"),
        offer(game, "withdraw", f"{a}: Withdraw", f"reject {t.proposer}"))


def card_deck_name(game: Game, player: str) -> str:
    """The name of the deck ``player`` is drawing from now ("" when they are not drawing a card)."""
    e = game.edition
    deck = next((str(d.data["deck"]) for d in game.state.decisions if d.kind == "card" and d.player == player), "")
    return e.decks[deck].name if deck in e.decks else ""


def correction_action(game: Game) -> Action:
    """The "my token is really on ..." button for the turn player, checked by the engine with a space other than
    the one the token is on; its command lacks the space, which the screen appends (see :func:`correct_command`)."""
    s, e = game.state, game.edition
    p = s.turn.player
    if not e.spaces:  # mini boards: no board of spaces to correct a token on
        return Action("correct", "My token is on another space", f"correct {p}", p, False,
                      ("Nothing to correct on this board.",))
    here = s.player(p).position if s.has_player(p) else 0
    elsewhere = e.spaces[(here + 1) % len(e.spaces)].id
    probe = offer(game, "correct", "My token is on another space", correct_command(p, elsewhere))
    return replace(probe, command=f"correct {p}")


def correct_command(player: str, space_id: str) -> str:
    """The command that says where ``player``'s token really stands."""
    return f"correct {player} {space_id}"


def transfer_command(payer: str, payee: str, amount: int, reason: str) -> str:
    """The command for a payment made by hand (the reason may hold spaces: it is the rest of the line)."""
    return f"transfer {payer} {payee} {amount} {shlex.quote(' '.join(reason.split()))}"


def transfer_reasons(game: Game) -> tuple[str, ...]:
    """Reasons the pay / collect form offers for a payment made by hand, in the edition's words."""
    e = game.edition
    decks = " or ".join(deck.name for deck in e.decks.values())  # the decks' own names: Imperial or Rebel
    return (f"{e.spaces[0].name} salary", "Agreed at the table", f"{decks} card" if decks else "A card",
            "Fine or fee")


def shortage_auctions(game: Game) -> list[Action]:
    """The piece auctions worth offering now: for the kinds of piece the ruleset says the bank is short of."""
    if not has_mechanic(game, Buildings):
        return []
    short = mechanic(game, Buildings).short_pieces(game.state)
    return [a for a in piece_auction_actions(game) if a.enabled and a.key.removeprefix("piece-auction:") in short]


def stepped_amount(amount: int, step: int, most: int | None = None) -> int:
    """An amount on a form (a payment by hand, one side's credits in a trade) after a stepper tap or a typed
    number: never below nothing, nor above ``most`` when given (the engine checks the command itself)."""
    return max(0, amount + step if most is None else min(most, amount + step))
