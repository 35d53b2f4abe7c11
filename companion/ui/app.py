"""The touchscreen app: the screens, the one place where they submit commands, and the feedback.

Screens never change the game themselves: they call :meth:`CompanionApp.submit` (or :meth:`run_action` for an
engine-checked button). The app hands the command to the session, which journals it before answering; a refusal
is shown with every reason, an acceptance plays its sound and redraws the screen. A command that needs a value
nobody has entered from the box yet asks for it instead, and is carried out once the value is in. This module
must not create the Window at import time: :func:`run_app` sets the window size through :mod:`kivy.config` first.

Rolls from every source (the dice dialog, the Roll button, a dice device) go through one dice desk, which the app
keeps told which roll the engine would accept; button presses become engine-checked actions
(:mod:`companion.table.presses`). Devices call back from their own threads; the app hops to the UI thread.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.uix.screenmanager import FadeTransition, ScreenManager

from companion.devices.buttons import Press
from companion.devices.desk import DiceDesk, Outcome
from companion.devices.hub import Devices
from companion.devices.rolls import SYSTEM_RANDOM, DiceRoll, RollRequest, draw
from companion.edition import Edition, available_editions, load_edition
from companion.engine.commands import Command, parse_command
from companion.engine.errors import CommandRejected, CommandSyntaxError, EditionError
from companion.engine.state import Setup
from companion.paths import data_dir, editions_dir, journal_path
from companion.storage.journal import Journal
from companion.table.actions import Action
from companion.table.box_play import (
    box_store,
    card_command,
    enter_values,
    new_card_deck,
    not_played,
    put_off,
    start_with_box,
    stored_values,
)
from companion.table.coop import battle_due, moved_enemies
from companion.table.phone import HandOff, PhoneLink
from companion.table.presses import press_meaning, roll_request, seat_of
from companion.table.session import Answer, Session, start_problems
from companion.table.views import game_end_time
from companion.ui.board_map import BoardMapDialog
from companion.ui.box_dialogs import BoxValuesDialog, NewCardDialog
from companion.ui.dice import DiceDialog
from companion.ui.screens import SCREENS
from companion.ui.screens.base import CompanionScreen
from companion.ui.sounds import Sounds
from companion.ui.widgets import Dialog, show_reasons, toast

log = logging.getLogger(__name__)

TITLE = "Star Wars Monopoly companion"
WAITING_FOR_BOX = "First enter the values read off the box: the game waits for them."


class CompanionApp(App):
    """The Banker's screen beside the board."""

    def __init__(self, journal_file: Path | None = None, dice_rng: random.Random | None = None,
                 devices: Devices | None = None, clock: Callable[[], float] = time.monotonic,
                 now: Callable[[], datetime] = datetime.now, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.clock = clock
        """Seconds from any fixed start: what the auction countdown measures time by (a test's fake clock)."""
        self.now = now
        """The local date and time: what a time-limit game's end is agreed and checked by (a test's fake)."""
        self.title = TITLE  # a Kivy property: set per instance, never as a class attribute
        self.journal = Journal(journal_file or journal_path())
        self.boxes = box_store()
        self.dice_rng = dice_rng or SYSTEM_RANDOM  # on-screen dice and the Roll button: the OS's secure randomness
        self.devices = devices or Devices()
        self.desk = DiceDesk(self._on_ui_thread(self._roll_taken), self._on_ui_thread(self._roll_refused))
        self.session: Session | None = None
        self.last_answer: Answer | None = None
        self.kept_roll: Command | None = None
        """A roll whose box question was cancelled: the next Roll tap of that player plays these dice again
        (the token on the board has already moved by them)."""
        self.sounds = Sounds(data_dir() / "sounds", data_dir() / "settings.json")
        # Phones read and act through the UI thread only: the server's threads hand their work to Kivy's clock.
        self.phones = PhoneLink(lambda: self.session, HandOff(self._soon), self.phone_submit,
                                data_dir() / "settings.json")
        self.manager = ScreenManager(transition=FadeTransition(duration=0.12))
        self._editions: dict[str, Edition] | None = None
        self._ticking: Any = None

    # ---------------------------------------------------------------- screens

    def build(self) -> ScreenManager:
        """Every screen, starting on the home screen (new game, resume, delete)."""
        if not self.manager.screen_names:
            for name, screen in SCREENS.items():
                self.manager.add_widget(screen(self, name=name))
            self._ticking = Clock.schedule_interval(lambda _dt: self.tick(), 1)
            self.devices.start(self.desk.offer, self._on_ui_thread(self.hardware_press),
                               self._on_ui_thread(self.refresh))
            self.sync_devices()
            if self.phones.enabled:
                self.phones.start()
        return self.manager

    def screen(self, name: str) -> CompanionScreen:
        """The screen called ``name``."""
        found = self.manager.get_screen(name)
        assert isinstance(found, CompanionScreen)
        return found

    def goto(self, name: str) -> None:
        """Show a screen (it redraws itself on entering)."""
        if self.manager.current == name:
            self.screen(name).refresh()
        else:
            self.manager.current = name
        self.sync_devices()

    def refresh(self) -> None:
        """Redraw the screen on show."""
        self.screen(self.manager.current).refresh()

    # ---------------------------------------------------------------- editions and saved games

    @property
    def editions(self) -> dict[str, Edition]:
        """The editions on disk that load without problems, by id (problems are logged)."""
        if self._editions is None:
            self._editions = {}
            try:
                folders = available_editions(editions_dir())
            except FileNotFoundError as exc:
                log.warning("%s", exc)
                folders = {}
            for edition_id, folder in folders.items():
                try:
                    self._editions[edition_id] = load_edition(folder)
                except EditionError as exc:
                    log.warning("edition %s is skipped: %s", edition_id, exc)
        return self._editions

    def new_game(self, setup: Setup, box: str = "") -> Answer:
        """Start and save a new game with the box the table chose (the last saved one when ``box`` is empty),
        then show the table; a refused set-up names every problem (an unfinished box among them)."""
        edition = self.editions.get(setup.edition)
        if edition is None:
            return self._refuse("start", [f"There is no edition '{setup.edition}' on this device."])
        try:
            self.session = start_with_box(self.journal, self.boxes, edition, setup, box)
        except (CommandRejected, EditionError) as exc:
            return self._refuse("start", list(start_problems(exc)))
        except (OSError, ValueError) as exc:
            return self._refuse("start", [f"The box '{box or 'last used'}' cannot be read: {exc}"])
        self.last_answer = Answer(True, "start", (), ("The game begins.",))
        self.goto(self._screen_for_state())
        return self.last_answer

    def resume_game(self, game_id: str) -> Answer:
        """Replay a saved game to exactly where it stopped and show it."""
        try:
            self.session = Session.resume(self.journal, game_id)
        except (KeyError, CommandRejected, EditionError) as exc:
            return self._refuse("resume", [f"The saved game {game_id} cannot be resumed: {exc}"])
        self.last_answer = Answer(True, "resume", (), ("Game resumed where it stopped.",))
        self.goto(self._screen_for_state())
        return self.last_answer

    def delete_game(self, game_id: str) -> bool:
        """Delete a saved game for good (the home screen asks first)."""
        if self.session and self.session.game_id == game_id:
            self.session = None
        return self.journal.delete(game_id)

    def leave_game(self) -> None:
        """Back to the home screen; the game stays saved exactly as it is."""
        self.session = None
        self.goto("home")

    # ---------------------------------------------------------------- commands

    def submit(self, command: str, source: str = "screen", told: tuple[str, ...] = ()) -> Answer:
        """Hand a command to the engine. A refusal shows every reason; an acceptance is already journalled
        when it comes back, plays its feedback and moves to the screen the game now needs. ``told``: lines shown
        before the command's own (the values just read off the box for it).

        A command refused only because the box lacks a value is not refused to the table: the value is taken
        from the box when another game has entered it since, else asked for; then the same command (with its
        source, so a roll keeps its dice) is carried out, once."""
        if self.session is None:
            return self._refuse(command, ["No game is open."])
        try:
            parsed = parse_command(command)
        except CommandSyntaxError as exc:
            return self._refuse(command, [str(exc)])
        answer = self.session.submit(Command(parsed.verb, parsed.args, source))
        if not answer.accepted and answer.needs:
            return self._read_box(parsed, source, answer, told)
        if not answer.accepted:
            return self._refuse(command, list(answer.reasons))
        # What the action did comes first; what was read off the box for it (bookkeeping) after.
        self.last_answer = replace(answer, lines=(*answer.lines, *told)) if told else answer
        self.kept_roll = None
        for kind in ("end", "bankrupt", "jail", "purchase", "payment", "bid", "dice"):
            if kind in answer.feedback:
                self.sounds.play(kind)
                break
        self.goto(self._screen_for_state())
        return answer

    def _read_box(self, command: Command, source: str, answer: Answer, told: tuple[str, ...]) -> Answer:
        """The box lacks a value ``command`` needs: enter it from the box when it holds it now, else open the
        popup that asks for it; either way ``command`` is carried out again once the value is in. Until then no
        roll counts, and Cancel leaves the game as it was."""
        assert self.session is not None
        need = answer.needs[0]
        text = command.to_text()
        stored = stored_values(self.boxes, self.session, need)
        if stored:
            entered = enter_values(self.boxes, self.session, need.target, stored)
            if entered.answer.accepted:
                return self.submit(text, source, (*told, *entered.answer.lines))
        self.desk.expect(None, WAITING_FOR_BOX)
        self.devices.want_roll(False)
        deck = new_card_deck(need)
        if deck:  # a card drawn that the deck does not list yet: the whole card is entered, then drawn
            player = command.args[0]
            NewCardDialog(self, deck, player,
                          lambda card, done: self.submit(card_command(player, card), source, (*told, *done.lines)),
                          lambda: self._not_played(command, source)).open()
        else:  # values printed on a space, a group or a listed card: entered, then the same command again
            later = put_off(self.session.game, command)
            BoxValuesDialog(self, need, lambda done: self.submit(text, source, (*told, *done.lines)),
                            lambda: self._not_played(command, source),
                            (lambda: self.submit(later, source, told)) if later else None).open()
        return answer

    def _not_played(self, command: Command, source: str) -> None:
        """The table cancelled a question about the box: nothing was played, rolls count again, and the table is
        told how to go on (the same action asks again; a roll keeps its dice for the next Roll tap)."""
        if command.verb == "roll":
            self.kept_roll = Command(command.verb, command.args, source)
        self.sync_devices()
        toast([not_played(command)])

    def run_action(self, action: Action) -> Answer | None:
        """Carry out an engine-checked action; a roll rolls on screen at once (the faces rolled by hand are typed
        with :meth:`type_dice`)."""
        kept = self.kept_roll
        if action.roll and kept is not None and kept.args[0] == action.player:
            self.kept_roll = None
            return self.submit(kept.to_text(), kept.source)
        if action.roll:
            request = self.desk.request
            if request is None:
                return self._refuse(action.command, ["The last roll is still being recorded."])
            self.offer_roll(DiceRoll(draw(request.need, self.dice_rng), "screen"))
            return None
        return self.submit(action.command)

    def type_dice(self) -> None:
        """The dice dialog for the roll wanted now: the faces the family rolled, or a roll on screen."""
        request = self.desk.request
        if request is not None:
            DiceDialog(self, request).open()

    def phone_submit(self, command: str) -> Answer:
        """A player's input from their phone (on the UI thread): a refusal goes back to the phone only, with
        every reason, and leaves the table screen alone; an accepted input is carried out like a tap, and a trade
        offer opens the trade screen, where the partner answers it."""
        if self.session is None:
            return Answer.rejected(command, ["No game is open."])
        reasons = self.session.check(command)
        if reasons:
            return Answer.rejected(command, list(reasons))
        answer = self.submit(command, source="phone")
        if answer.accepted and parse_command(command).verb == "propose":
            self.goto("trade")
        return answer

    @staticmethod
    def _soon(work: Callable[[], None]) -> None:
        """Run ``work`` on the UI thread at the next frame (safe to call from any thread)."""
        Clock.schedule_once(lambda _dt: work(), 0)

    # ---------------------------------------------------------------- dice and buttons

    def _on_ui_thread(self, work: Callable[..., Any]) -> Callable[..., None]:
        """``work`` run at once on the UI thread, or scheduled there when called from a device's thread."""
        def call(*args: Any) -> None:
            if threading.current_thread() is threading.main_thread():
                work(*args)
            else:
                Clock.schedule_once(lambda _dt: work(*args), 0)
        return call

    def sync_devices(self) -> None:
        """Tell the dice desk which roll the engine would accept now, the dice device whether one is wanted,
        and the turn lamps whose turn it is."""
        game = self.session.game if self.session else None
        request, why = roll_request(game)
        self.desk.expect(request, why)
        self.devices.want_roll(request is not None)
        turn = game.state.turn.player if game and not game.state.over else None
        self.devices.show_turn(seat_of(game, turn) if game and turn else None)

    def offer_roll(self, roll: DiceRoll) -> Outcome:
        """Hand a roll from the screen to the dice desk (the first roll from any source wins)."""
        return self.desk.offer(roll)

    def roll_hint(self) -> str:
        """What else can roll the wanted dice now (for the dice dialog)."""
        request = self.desk.request
        return self.devices.roll_hint(request.need if request else None)

    def _roll_taken(self, request: RollRequest, roll: DiceRoll, values: tuple[int, ...]) -> None:
        """The desk took a roll: close the dice dialog and submit the roll with its source."""
        self._close_dice_windows()
        try:
            answer = self.submit(" ".join([request.command, *map(str, values)]), source=roll.source)
        finally:
            self.desk.recorded()
        if not answer.needs:  # a roll waiting for values read off the box is neither taken nor refused yet
            self.devices.feedback(answer.accepted)

    def _roll_refused(self, roll: DiceRoll, reasons: tuple[str, ...]) -> None:
        """A roll that did not count: a tap on the screen gets the reasons in a popup, a device a message across
        the top, the refused sound, and the refused lamp and buzzer."""
        log.info("a roll did not count (%s): %s", roll.detail or roll.source, " ".join(reasons))
        if roll.source in ("screen", "typed"):
            self._close_dice_windows()
            self._refuse("roll", list(reasons))
            return
        self._press_refused(reasons)

    def _close_dice_windows(self) -> None:
        for dialog in self._dialogs(DiceDialog):
            dialog.dismiss()

    def _press_refused(self, reasons: tuple[str, ...] | list[str]) -> None:
        self.sounds.play("refused")
        self.devices.feedback(False)
        toast(reasons)

    def hardware_press(self, press: Press) -> None:
        """A button beside the board: Roll rolls the wanted dice; Confirm, Cancel and the seat buttons answer the
        open dialog, or do what :func:`~companion.table.presses.press_meaning` says for the screen shown."""
        if press.button == "roll":
            request = self.desk.request
            self.desk.offer(DiceRoll(draw(request.need, self.dice_rng) if request else (), "gpio"))
            return
        dialogs = self._dialogs((Dialog, BoardMapDialog))
        if dialogs:
            if not dialogs[-1].hardware_press(press):
                self._press_refused([f"The {press} does nothing in this window: answer it on the screen."])
            return
        if self.session is None:
            self._press_refused(["No game is open: start or resume one on the screen."])
            return
        meaning = press_meaning(self.session.game, self.manager.current, press)
        if meaning.action is None:
            self._press_refused(meaning.reasons)
        else:
            self.run_action(meaning.action)

    @staticmethod
    def _dialogs(kind: type | tuple[type, ...]) -> list[Any]:
        """The open popups of a kind, the topmost last."""
        from kivy.core.window import Window

        return [w for w in Window.children[::-1] if isinstance(w, kind)]

    def undo(self, reason: str, count: int = 1) -> Answer:
        """Take back the last ``count`` actions (the journal keeps them, marked as taken back)."""
        if self.session is None:
            return self._refuse("undo", ["No game is open."])
        answer = self.session.undo(reason, count)
        if not answer.accepted:
            return self._refuse("undo", list(answer.reasons))
        self.last_answer = answer
        self.goto(self._screen_for_state())
        return answer

    def _refuse(self, command: str, reasons: list[str]) -> Answer:
        self.sync_devices()      # a refused roll is wanted again from every source
        self.sounds.play("refused")
        show_reasons(reasons)
        return Answer.rejected(command, reasons)

    def _screen_for_state(self) -> str:
        """Where play goes on: the end screen, the auction while one is open, the battle while one waits for its
        roll, the board map when the last action moved enemies (the table moves the pieces), else the table (kept
        when the table is on a side screen such as properties or trade)."""
        if self.session is None:
            return "home"
        state = self.session.game.state
        if state.over:
            return "end"
        if state.auction is not None:
            return "auction"
        if battle_due(self.session.game):
            return "battle"
        if moved_enemies(self.session.game):
            return "board"
        if self.manager.current in ("home", "new-game", "auction", "end", "battle", "board"):
            return "table"
        return self.manager.current

    # ---------------------------------------------------------------- clock

    def tick(self) -> None:
        """Once a second: countdowns on screen, and the end of a time-limit game when its time has come."""
        if self.session is not None and not self.session.game.state.over:
            ends_at = game_end_time(self.session.game)
            if ends_at is not None and self.now() >= ends_at:
                self.submit("time-up", source="clock")
        if self.manager.current_screen is not None:
            self.screen(self.manager.current).tick()

    def on_stop(self) -> None:
        """Everything is committed already: stop the clocks, let go of the devices, close the journal file."""
        if self._ticking is not None:
            self._ticking.cancel()
        for screen in self.manager.screens:
            if isinstance(screen, CompanionScreen):
                screen.stop_timers()
        self.devices.stop()
        self.phones.stop()
        self.journal.close()
