"""What the phone pages show, as plain JSON-ready data taken from the table's views.

Every word and amount comes from :mod:`companion.table.views`, :mod:`companion.table.actions`,
:mod:`companion.table.boards` and :mod:`companion.table.choices` in the edition's own words (its money, its
buildings, its word for a mortgaged deed); the pages only place them. The table view is what everyone at the table
can see anyway. A player's view adds what only that player acts on: their jail cards, their auction buttons and
their own open decisions (each button already checked by the engine), the things they could put into a trade,
and a choice made in secret (a Bank Heist dial), which is in no view but its maker's until it is revealed.

A game played on mini boards (MONOPOLY GO!) has no money: its views show each board's Build squares, marker and
kept tiles instead of seats with cash and deeds (:func:`~companion.table.boards.board_view` says which).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.edition import counted
from companion.engine.commands import parse_command
from companion.table.actions import Action, AuctionView, auction_view, trade_offer, trade_side
from companion.table.boards import BoardView, blocks_word, board_view, board_views, tray
from companion.table.choices import OpenChoice, SecretView, own_choices, picture_of, secret_view
from companion.table.views import (
    DeedView,
    HoldingGroup,
    PlayerView,
    RoundView,
    acting_words,
    auction_lot_details,
    journal_lines,
    last_roll,
    player_views,
    round_view,
    table_view,
)
from companion.table.words import credits

if TYPE_CHECKING:
    from companion.edition import Edition
    from companion.engine.game import Game

TABLE_JOURNAL_LINES = 6
PLAYER_JOURNAL_LINES = 4


def table_payload(game: Game) -> dict[str, Any]:
    """The whole table for a phone: whose turn, the dice, every seat's cash and deeds with their buildings and
    mortgages, the pieces on the board that are not players' tokens, an open auction or trade offer, what the
    table waits for, and the last journal lines (for a game on mini boards: every board and the tray)."""
    e = game.edition
    rounds = round_view(game, last_roll(game)[0])
    if rounds is not None:
        return _boards_table(game, rounds)
    view = table_view(game, journal_last=TABLE_JOURNAL_LINES)
    return {
        "edition": view.edition,
        "variant": view.variant,
        "headline": _headline(view.over, view.end_reason, view.turn_number, view.turn_player_name),
        "dice": list(view.dice),
        "dice_source": f"The dice were {view.dice_source}." if view.dice_source else "",
        "space": f"{view.turn_player_name} is on {view.space.name}" if view.turn_player_name and not view.over
        else "",
        "stock": f"{e.term('bank')}: " + ", ".join(f"{count} {word}" for word, count in view.stock) + " left",
        "players": [seat(e, p) for p in view.players],
        "pieces": [{"name": p.name, "colour": p.colour, "place": p.place} for p in view.pieces],
        "auction": _auction_summary(game, auction_view(game)),
        "trade": _trade_summary(game),
        "journal": [{"seq": j.seq, "text": j.text, "undone": j.undone} for j in view.journal],
        "words": words(e),
        "boards": [],
        "waiting": [now] if (now := acting_words(game)) else [],
    }


def _boards_table(game: Game, rounds: RoundView) -> dict[str, Any]:
    """The table of a game on mini boards: the round and its step, who acts now, every board with its owner's
    die in the last roll, the tray. No money, and no secret choice."""
    e = game.edition
    variant = e.variants.get(game.setup.variant)
    return {
        "edition": e.name,
        "variant": variant.name if variant else game.setup.variant,
        "headline": rounds.heading,
        "dice": [],
        "dice_source": "",
        "space": rounds.step,
        "stock": _tray_words(game) + (f" · {rounds.chance}" if rounds.chance else ""),
        "players": [],
        "boards": [{**_board(b.board), "die": b.die, "acting": b.acting} for b in rounds.boards],
        "waiting": [rounds.now] if rounds.now else [],
        "pieces": [],
        "auction": None,
        "trade": None,
        "journal": [{"seq": j.seq, "text": j.text, "undone": j.undone}
                    for j in journal_lines(game, TABLE_JOURNAL_LINES)],
        "words": words(e),
    }


def player_payload(game: Game, player: str, shared: dict[str, Any] | None = None) -> dict[str, Any]:
    """One player's own view: their seat, jail cards, the auction buttons the engine allows them, what they
    could trade and with whom, the others' cash, and the last journal lines.

    ``shared`` keeps what every player's view of this same moment of the game repeats (the seats, the auction,
    what each player could trade), so the views of several phones are not worked out again for each."""
    e = game.edition
    shared = {} if shared is None else shared
    own = {"choices": [_choice(c) for c in own_choices(game, player)],
           "secret": _secret(secret_view(game, player))}
    mine_board = board_view(game, player)
    if mine_board is not None:
        return {**_boards_player(game, player, mine_board, shared), **own}
    if "views" not in shared:
        shared["views"] = {p.id: p for p in player_views(game)}
        shared["auction"] = auction_view(game)
    views: dict[str, PlayerView] = shared["views"]
    me = views[player]
    mine = _shared_things(game, player, shared)
    partners = [p for p in views.values() if p.id != player and not p.retired]
    return {
        "player": seat(e, me),
        "cards": [card["label"] for card in mine["cards"]],
        "others": [{"name": p.name, "cash": p.cash_text, "turn": p.is_turn, "out": p.retired}
                   for p in views.values() if p.id != player],
        "headline": _headline(game.state.over, game.state.end_reason, game.state.turn.number,
                              next((p.name for p in views.values() if p.is_turn), "")),
        "turn_words": "your turn",
        "auction": _my_auction(game, player, shared["auction"]),
        "trade": {
            "open": _trade_summary(game),
            "mine": mine,
            "partners": [{"id": p.id, "name": p.name, **_shared_things(game, p.id, shared)} for p in partners]
            if not me.retired else [],
        },
        "journal": [{"seq": j.seq, "text": j.text, "undone": j.undone}
                    for j in journal_lines(game, PLAYER_JOURNAL_LINES)],
        "words": words(e),
        "board": None,
        **own,
    }


def _boards_player(game: Game, player: str, me: BoardView, shared: dict[str, Any]) -> dict[str, Any]:
    """A player's own view of a game on mini boards: their board (no money), the others' boards in short, the
    round, and the last journal lines; their choices are added by :func:`player_payload`."""
    if "boards" not in shared:
        shared["boards"] = board_views(game)
        shared["round"] = round_view(game)
    boards: tuple[BoardView, ...] = shared["boards"]
    rounds: RoundView | None = shared["round"]
    return {
        "player": {"id": me.player, "name": me.name, "colour": me.paint, "turn": me.roller, "out": me.out,
                   "cash": "", "space": me.space, "notes": _board_notes(me), "groups": []},
        "board": _board(me),
        "cards": list(me.tiles),
        "others": [{"name": b.name, "blocks": blocks_word(b), "turn": b.roller, "out": b.out}
                   for b in boards if b.player != player],
        "headline": " · ".join(w for w in (rounds.heading, rounds.now) if w) if rounds else "",
        "turn_words": "",
        "tray": _tray_words(game),
        "auction": None,
        "trade": None,
        "journal": [{"seq": j.seq, "text": j.text, "undone": j.undone}
                    for j in journal_lines(game, PLAYER_JOURNAL_LINES)],
        "words": words(game.edition),
    }


def _board(b: BoardView) -> dict[str, Any]:
    """One mini board: its Build squares bottom block first, the marker, the tiles kept; no money."""
    return {
        "player": b.player, "name": b.name, "face": b.face, "colour": b.paint, "space": b.space, "jail": b.in_jail,
        "squares": [{"square": q.square, "colour": q.colour_name, "paint": q.paint, "height": q.height,
                     "landmark": q.landmark} for q in b.stacks],
        "blocks": blocks_word(b), "marker": b.marker_text, "marker_step": b.marker, "tracker": b.tracker,
        "tiles": list(b.tiles), "turn": b.roller, "winner": b.winner, "out": b.out, "notes": _board_notes(b),
    }


def _board_notes(b: BoardView) -> list[str]:
    notes = []
    if b.in_jail:
        notes.append("In Jail: sits out the next round")
    if b.winner:
        notes.append("Landmark: wins")
    return notes


def _tray_words(game: Game) -> str:
    return "Tray: " + ", ".join(f"{count} {name}" for name, _paint, count in tray(game))


def _choice(c: OpenChoice) -> dict[str, Any]:
    """One open decision with its buttons; a picture button says which picture it is (the page draws it)."""
    return {"line": c.line, "secret": c.secret, "at_table": c.at_table,
            "actions": [{"key": a.key, "label": a.label, "style": a.style, "picture": picture_of(a), **_checked(a)}
                        for a in c.actions]}


def _secret(view: SecretView | None) -> dict[str, Any] | None:
    """A secret choice as its maker sees it (this is only ever in that player's own view)."""
    if view is None:
        return None
    return {"stage": view.stage, "title": view.title, "text": view.text, "mine": view.mine,
            "pictures": [{"who": who, "picture": pic, "name": name} for who, pic, name in view.pictures],
            "outcome": view.outcome}


def _shared_things(game: Game, player: str, shared: dict[str, Any]) -> dict[str, Any]:
    key = f"trade:{player}"
    if key not in shared:
        shared[key] = _trade_things(game, player)
    return shared[key]


def words(e: Edition) -> dict[str, str]:
    """The edition's words the pages use in their headings and labels."""
    return {"deeds": f"{e.term('deed')}s", "currency": e.terms.get("currency_short") or e.term("currency")}


def seat(e: Edition, p: PlayerView) -> dict[str, Any]:
    """One seat: name, token, side colour, cash, where the token stands, jail and cards, and the deeds by group."""
    notes = []
    if p.in_jail:
        notes.append(f"In {e.term('jail')}")
    if p.jail_cards:
        notes.append(f"{p.jail_cards} × {e.term('get_out_of_jail')}")
    if p.force_cards:
        notes.append(counted(p.force_cards, "Force card"))
    if p.retired:
        notes.append(e.term("bankrupt"))
    return {
        "id": p.id, "name": p.name, "token": p.token, "side": p.side, "colour": p.side_colour, "cash": p.cash_text,
        "space": p.space, "turn": p.is_turn, "out": p.retired, "notes": notes,
        "groups": [_group(g) for g in p.groups],
    }


def _group(g: HoldingGroup) -> dict[str, Any]:
    return {"name": g.name, "colour": g.colour, "complete": g.complete, "deeds": [_deed(d) for d in g.deeds]}


def _deed(d: DeedView) -> dict[str, Any]:
    """A deed as a line: its name (without the group's, shown above it), its buildings and mortgage in words."""
    short = d.name.removeprefix(f"{d.group_name}: ") if d.group_name else d.name
    return {"id": d.id, "name": short, "full_name": d.name, "marks": d.marks, "mortgaged": d.mortgaged}


def _headline(over: bool, end_reason: str, turn: int, name: str) -> str:
    if over:
        return f"Game over{': ' + end_reason if end_reason else ''}"
    return f"Turn {turn} · {name}" if name else f"Turn {turn}"


def _auction_summary(game: Game, view: AuctionView | None) -> dict[str, Any] | None:
    if view is None:
        return None
    details = auction_lot_details(game)
    return {
        "lot": view.lot, "info": details.info if details else "", "colour": details.colour if details else "",
        "waiting": details.waiting if details else "",
        "high": f"{view.high_bid_text} · {view.high_bidder}" if view.high_bidder else view.high_bid_text,
        "bidders": [{"name": b.name, "cash": b.cash, "passed": b.passed, "high": b.high} for b in view.bidders],
    }


def _my_auction(game: Game, player: str, view: AuctionView | None) -> dict[str, Any] | None:
    """The open auction with this player's own buttons: each raise names the exact bid it sends."""
    summary = _auction_summary(game, view)
    if summary is None or view is None:
        return None
    me = next((b for b in view.bidders if b.id == player), None)
    summary["raises"] = [{"label": a.label, "amount": bid_amount(a), **_checked(a)} for a in me.raises] if me else []
    summary["pass"] = _checked(me.drop) if me else {"enabled": False, "reasons": []}
    return summary


def bid_amount(action: Action) -> int:
    """The exact bid a raise button sends (the last word of its ``bid`` command)."""
    return parse_command(action.command).ints(1)[0]


def _checked(action: Action) -> dict[str, Any]:
    return {"enabled": action.enabled, "reasons": list(action.reasons)}


def _trade_summary(game: Game) -> dict[str, Any] | None:
    """The open trade offer in words (the partner answers it on the table)."""
    offer = trade_offer(game)
    if offer is None:
        return None
    return {"proposer": offer.proposer_name, "partner": offer.partner_name, "gives": list(offer.gives),
            "gets": list(offer.gets)}


def _trade_things(game: Game, player: str) -> dict[str, Any]:
    """What a player could put into a trade: deeds (with the engine's reasons when one cannot change hands now),
    their credits and their jail cards."""
    e = game.edition
    side = trade_side(game, player)
    return {
        "cash": side.cash,
        "cash_text": credits(e, side.cash),
        "deeds": [{**_deed(deed), "reasons": list(reasons)} for deed, reasons in side.deeds],
        "cards": [{"id": deck, "label": label} for deck, label in side.jail_cards],
        "currency": words(e)["currency"],
    }
