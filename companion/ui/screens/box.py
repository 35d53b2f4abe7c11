"""Box setup: the owner completes and corrects an edition from the box on the table.

The "box" screen lists the editions on the device, each with how far its box is (can a game start, what is still
needed, what play will ask for, how many published values are uncertain), and the chosen edition's stored boxes:
choose one, make a new one, copy one to a USB stick or bring one in from a stick. "Check and fill in" opens the
walk ("box-walk"): the colour groups, the board space by space, the Title Deeds and the cards, one step at a time;
for an edition played on mini boards it lists each face with what is known of it (play learns the rest).
Every value is checked by the table layer when it is saved; the screens only show what it answers. Their look,
and that of each line, card and button they list, is ``box.kv``: the classes here hold only data, choose what to
show and handle taps.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kivy.clock import Clock
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.table.box_play import box_store, chosen_box, edition_status, with_box
from companion.table.box_setup import (
    MINI_BOARDS_NOTE,
    NEW_CARD,
    PART_NAMES,
    PARTS,
    TILES_NOTE,
    BoxProfile,
    DeckView,
    StepView,
    box_lines,
    card_step,
    deck_views,
    export_box,
    face_lines,
    import_box,
    jump_lines,
    new_box,
    next_missing,
    progress_words,
    save_step,
    save_tile_counts,
    skip_words,
    status_headline,
    step_notes,
    step_view,
    tile_counts,
    tile_summary,
    tile_total_words,
    unsaved,
    usb_box_files,
    usb_sticks,
    walk_targets,
)
from companion.ui.box_form import BoxButton, BoxChoiceGrid, BoxForm, BoxHint, BoxText, BoxWords, KeyboardDialog
from companion.ui.screens.base import CompanionScreen
from companion.ui.screens.new_game import two_lines
from companion.ui.widgets import Dialog, TapButton, choose_one, confirm, load_layout, show_reasons

if TYPE_CHECKING:
    from companion.edition import Edition
    from companion.ui.shell import Shell

NO_STICK = ("No USB stick is plugged in. Plug one into the Raspberry Pi, wait a few seconds and try again.",)
UNCERTAIN_NOTE = "Sources disagree or are unsure about this one: compare it with your box."


class BoxEditionCard(BoxLayout):
    """An edition on the box screen: its name to tap, the box chosen for it, whether a game can start and the
    status lines (:class:`BoxStatusLine`, added by the screen) (look: ``box.kv``)."""

    edition = StringProperty("")
    """The edition's id."""
    name = StringProperty("")
    chosen = BooleanProperty(False)
    """Whether its boxes are the ones listed beside."""
    box_name = StringProperty("")
    headline = StringProperty("")
    can_start = BooleanProperty(False)
    choose = ObjectProperty(None)
    """Called with the edition's id when its name is tapped."""


class BoxEditionButton(TapButton):
    """An edition's name on its card; tapping it lists its boxes (look: ``box.kv``)."""

    edition = StringProperty("")
    """The edition's id."""


class BoxHeadline(BoxWords):
    """Whether a game of the edition can start with its box (look: ``box.kv``)."""

    edition = StringProperty("")
    """The edition's id."""


class BoxStatusLine(BoxWords):
    """A line of an edition's box status: what is still needed, what play will ask for (look: ``box.kv``)."""

    edition = StringProperty("")
    """The edition's id."""


class BoxAlert(BoxWords):
    """A line in the colour of a problem (look: ``box.kv``)."""


class BoxMuted(BoxWords):
    """A line that says what is not there (look: ``box.kv``)."""


class BoxFaceLine(BoxWords):
    """A face of the mini boards with what the box says of it (look: ``box.kv``)."""


class BoxTilesLine(BoxWords):
    """The Chance tiles counted so far (look: ``box.kv``)."""


class BoxLineButton(BoxButton):
    """A box of the chosen edition: its name and details (look: ``box.kv``)."""

    box = StringProperty("")
    """The box's id."""


class BoxImportButton(BoxButton):
    """A box file on a USB stick: its name, the stick and what it holds (look: ``box.kv``)."""

    box_file = ObjectProperty(None)
    """The file's path."""


class BoxTabButton(BoxButton):
    """A part of the walk with how far it is (look: ``box.kv``)."""

    part = StringProperty("")


class BoxJumpLine(BoxLayout):
    """A step of the part, in its colour; tapping it jumps there (look: ``box.kv``)."""

    colour = StringProperty("")
    label = StringProperty("")
    done = BooleanProperty(False)
    """Whether the step's values are all entered (else it stands out)."""
    index = NumericProperty(0)
    """The step's place in its part."""
    jump = ObjectProperty(None)
    """Called with the step's index when it is tapped."""


class BoxJumpButton(TapButton):
    """A step's name in the list to jump to (look: ``box.kv``)."""

    step_index = NumericProperty(0)
    """The step's place in its part."""


class BoxStepBand(Widget):
    """The step's colour (its colour group's, a grey otherwise) (look: ``box.kv``)."""

    colour = StringProperty("")


class BoxStepTitle(BoxLayout):
    """What the step is about over its heading (look: ``box.kv``)."""

    title = StringProperty("")
    heading = StringProperty("")


class BoxStepTools(BoxLayout):
    """Jump to and Next missing, beside a step's heading (look: ``box.kv``)."""

    walk = ObjectProperty(None)
    """The walk screen the buttons act on."""


class BoxSaved(BoxWords):
    """What the last save stored (look: ``box.kv``)."""


class BoxUncertain(BoxWords):
    """The warning that sources disagree on a value (look: ``box.kv``)."""


class BoxBanner(BoxWords):
    """Why the step was not saved (look: ``box.kv``)."""


class BoxNotes(BoxLayout):
    """Where the step's values came from, a :class:`BoxStepNote` each (look: ``box.kv``)."""


class BoxStepNote(BoxHint):
    """Where a value of the step came from (look: ``box.kv``)."""


class BoxStepButtons(BoxLayout):
    """Back, Skip, This matches my box (``ids.matches``, shown for an uncertain value) and Save and next
    (look: ``box.kv``)."""

    walk = ObjectProperty(None)
    """The walk screen the buttons act on."""
    first = BooleanProperty(False)
    """The walk's first step: there is no Back."""
    skippable = BooleanProperty(True)


class BoxCardButtons(BoxLayout):
    """Back to cards and Save, under a card (look: ``box.kv``)."""

    walk = ObjectProperty(None)
    """The walk screen the buttons act on."""


class BoxDeckButtons(BoxLayout):
    """Back and Next missing, under the deck list (look: ``box.kv``)."""

    walk = ObjectProperty(None)
    """The walk screen the buttons act on."""


class BoxDecksTitle(BoxText):
    """The deck list's heading (look: ``box.kv``)."""


class BoxDeckPanel(BoxLayout):
    """A deck: how many cards it has and how many are still to enter, with Add a card (a
    :class:`BoxAddCardButton` in ``ids.row``, while some are missing) and its cards in ``ids.cards``
    (look: ``box.kv``)."""

    summary = StringProperty("")


class BoxAddCardButton(BoxButton):
    """Enter a card of the deck that is still missing (look: ``box.kv``)."""

    deck = StringProperty("")
    """The deck's id."""


class BoxCardButton(BoxButton):
    """A card of a deck: its title, effect, copies and where it came from (look: ``box.kv``)."""

    card = ObjectProperty(None)
    """The (deck, card) ids."""


class BoxTilesTotal(BoxWords):
    """The Chance tiles counted against the tiles of the box (look: ``box.kv``)."""


class BoxTileProblems(BoxWords):
    """Why the tile counts were not saved (look: ``box.kv``)."""


class BoxSaveButton(BoxButton):
    """Save, on the tile counts (look: ``box.kv``)."""


class BoxScreen(CompanionScreen):
    """The editions with their box status, and the chosen edition's boxes (choose, new, export, import)
    (layout: ``box.kv``)."""

    def __init__(self, app: Shell, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.edition_id = ""
        self.chosen: dict[str, str] = {}        # edition id -> box id chosen on this screen

        self.editions_list: BoxLayout = self.ids.editions_list
        self.boxes_heading: Label = self.ids.boxes_heading
        self.boxes_list: BoxLayout = self.ids.boxes_list
        self.walk_button: TapButton = self.ids.walk_button

    # ---------------------------------------------------------------- what is chosen

    @property
    def edition(self) -> Edition | None:
        """The chosen edition as published (None when the device has none)."""
        return self.app.editions.get(self.edition_id)

    def box(self, edition: Edition) -> BoxProfile:
        """The box chosen for an edition: the one tapped here, else the one play uses by default."""
        return chosen_box(box_store(), edition, self.chosen.get(edition.id, ""))

    def choose_edition(self, edition_id: str) -> None:
        """Show an edition's boxes."""
        self.edition_id = edition_id
        self.refresh()

    def choose_box(self, box_id: str) -> None:
        """Work on another box of the chosen edition."""
        self.chosen[self.edition_id] = box_id
        self.refresh()

    # ---------------------------------------------------------------- actions

    def open_walk(self) -> None:
        """Walk the chosen box: groups, board, deeds, cards (the faces of an edition's mini boards instead)."""
        edition = self.edition
        if edition is None:
            return
        if edition.mini_boards is not None:
            self.show_faces(with_box(edition, self.box(edition)))
            return
        walk = self.app.screen("box-walk")
        assert isinstance(walk, BoxWalkScreen)
        walk.start(edition.id, self.box(edition).id)
        self.app.goto("box-walk")

    def show_faces(self, edition: Edition) -> None:
        """Each face of the mini boards with what this box says of it (play asks for the rest), and the Chance
        tiles counted so far with a button to count them."""
        dialog = Dialog(f"Mini boards of {edition.name}", size_hint=(0.94, 0.96))
        dialog.body.add_widget(BoxHint(text=MINI_BOARDS_NOTE))
        for line in face_lines(edition):
            dialog.body.add_widget(BoxFaceLine(text=line))
        dialog.body.add_widget(BoxTilesLine(text=tile_summary(edition)))
        count = TapButton("Count the Chance tiles", lambda: self.count_tiles(dialog))
        dialog.body.add_widget(count)
        dialog.add_button("OK", style="primary")
        dialog.open()

    def count_tiles(self, faces: Dialog) -> None:
        """The Chance tiles of the chosen box, counted kind by kind with taps; once saved, the mini boards'
        list shows the new counts."""
        edition = self.edition
        if edition is None:
            return

        def saved() -> None:
            faces.dismiss()
            self.refresh()
            self.show_faces(with_box(edition, self.box(edition)))

        TileCountsDialog(edition, self.box(edition), saved).open()

    def ask_new_box(self) -> None:
        """A new, empty box for the chosen edition (another printing of it), named on the on-screen keyboard."""
        if self.edition is not None:
            KeyboardDialog("Name of the new box", "", self.make_box).open()

    def make_box(self, name: str) -> None:
        """Store a new box under ``name`` and choose it; an empty name makes none."""
        edition = self.edition
        if edition is None:
            return
        if not name:
            show_reasons(["Type a name for the box, for example where it came from."], "No box made")
            return
        self.choose_box(new_box(box_store(), edition, name).id)

    def export(self) -> None:
        """Copy the chosen box to the USB stick (asking which when several are plugged in)."""
        edition = self.edition
        if edition is None:
            return
        sticks = usb_sticks()
        if not sticks:
            show_reasons(NO_STICK, "Export to USB")
        else:
            choose_one("Which USB stick?", [(stick.name, stick) for stick in sticks], self.export_to)

    def export_to(self, stick: Path) -> None:
        """Write the chosen box to a stick and say where it went."""
        edition = self.edition
        if edition is None:
            return
        box = self.box(edition)
        done = export_box(box_store(), box, stick)
        if done.path is None:
            show_reasons([done.problem], "Not exported")
            return
        dialog = Dialog("Exported", size_hint=(0.8, 0.6))
        dialog.body.add_widget(BoxWords(text=f"{box.name} is on the stick {stick.name}."))
        dialog.body.add_widget(BoxHint(text="Another companion can import it from there."))
        dialog.add_button("OK", style="primary")
        dialog.open()

    def show_imports(self) -> None:
        """The box files on the plugged-in sticks; tapping one imports it."""
        sticks = usb_sticks()
        if not sticks:
            show_reasons(NO_STICK, "Import from USB")
            return
        files = usb_box_files(sticks, self.app.editions)
        dialog = Dialog("Import a box from USB", size_hint=(0.92, 0.92))
        if not files:
            dialog.body.add_widget(BoxMuted(text=f"No box files on {', '.join(s.name for s in sticks)}: a box "
                                                 "exported from a companion is what this reads."))
        for found in files:
            dialog.body.add_widget(BoxImportButton(
                two_lines(f"{box_file_name(found.path)}  (on the stick {found.path.parent.name})", found.words),
                partial(self._import_chosen, dialog, found.path), box_file=found.path))
        dialog.add_button("Cancel")
        dialog.open()

    def _import_chosen(self, dialog: Dialog, path: Path) -> None:
        """The file was chosen: close the list and read the box from it."""
        dialog.dismiss()
        self.import_from(path)

    def import_from(self, path: Path) -> None:
        """Import a box file: stored and chosen, or every problem shown and nothing stored."""
        done = import_box(box_store(), path, self.app.editions)
        if done.profile is None:
            show_reasons(done.problems, f"The box file {box_file_name(path)} was not imported")
            return
        self.edition_id = done.profile.edition
        self.choose_box(done.profile.id)
        dialog = Dialog("Imported", size_hint=(0.8, 0.6))
        dialog.body.add_widget(BoxWords(text=f"Stored as \u201c{done.profile.name}\u201d for "
                                             f"{self.app.editions[done.profile.edition].name}."))
        dialog.add_button("OK", style="primary")
        dialog.open()

    # ---------------------------------------------------------------- drawing

    def refresh(self) -> None:
        """Redraw every edition's status and the chosen edition's boxes."""
        editions = self.app.editions
        if self.edition_id not in editions:
            self.edition_id = next(iter(editions), "")
        self.editions_list.clear_widgets()
        if not editions:
            self.editions_list.add_widget(BoxAlert(text="No edition data was found on this device."))
        for edition in editions.values():
            self.editions_list.add_widget(self._edition_card(edition))
        self._draw_boxes()

    def _edition_card(self, edition: Edition) -> BoxEditionCard:
        box = self.box(edition)
        status = edition_status(edition, box)
        card = BoxEditionCard(edition=edition.id, name=edition.name, chosen=edition.id == self.edition_id,
                              box_name=box.name, headline=status_headline(status), can_start=status.can_start,
                              choose=self.choose_edition)
        for line in status.lines():
            card.add_widget(BoxStatusLine(text=line, edition=edition.id))
        return card

    def _draw_boxes(self) -> None:
        self.boxes_list.clear_widgets()
        edition = self.edition
        self.walk_button.disabled = edition is None
        if edition is None:
            self.boxes_heading.text = ""
            return
        self.boxes_heading.text = f"Boxes of {edition.name}"
        chosen = self.box(edition).id
        for line in box_lines(box_store(), edition):
            self.boxes_list.add_widget(BoxLineButton(two_lines(line.name, line.details),
                                                     partial(self.choose_box, line.id),
                                                     "primary" if line.id == chosen else "normal", box=line.id))


class BoxWalkScreen(CompanionScreen):
    """One step of the walk at a time: its title and colour band, the form for its fields, where each value came
    from, and Back / Skip / This matches my box / Save and next. The cards part lists the decks instead (layout:
    ``box.kv``)."""

    def __init__(self, app: Shell, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.edition_id = ""
        self.box_id = ""
        self.part = PARTS[0]
        self.target = ""
        self.kind = ""                          # a type of space just chosen on the form (its fields differ)
        self.card: tuple[str, str] | None = None  # (deck, card) being checked; card NEW_CARD for a new one
        self.effect = ""                        # a card effect just chosen on the form
        self.step: StepView | None = None
        self.form: BoxForm | None = None
        self.profile: BoxProfile | None = None
        self.walked: Edition | None = None       # the edition as the chosen box has it

        self.tabs: BoxLayout = self.ids.tabs
        self.header: BoxLayout = self.ids.header
        self.scroller: ScrollView = self.ids.scroller
        self.column: BoxLayout = self.ids.column
        self.bottom: BoxLayout = self.ids.bottom
        self.notice = ""
        self.banner = BoxBanner()
        self.notes = BoxNotes()

    # ---------------------------------------------------------------- where the walk is

    def start(self, edition_id: str, box_id: str) -> None:
        """Begin the walk of a box at its first step with something missing (else at the first step)."""
        self.edition_id, self.box_id = edition_id, box_id
        self._load()
        assert self.walked is not None
        first = next_missing(self.walked, "cards", 0) or (PARTS[0], 0)
        self.go(*first)

    @property
    def base(self) -> Edition:
        """The edition as published."""
        return self.app.editions[self.edition_id]

    def _load(self) -> None:
        self.profile = chosen_box(box_store(), self.base, self.box_id)
        self.box_id = self.profile.id
        self.walked = with_box(self.base, self.profile)

    def index(self) -> int:
        """Where the current target is in its part (the first step when it has gone, e.g. no longer a deed)."""
        assert self.walked is not None
        targets = walk_targets(self.walked, self.part)
        return targets.index(self.target) if self.target in targets else 0

    def go(self, part: str, index: int) -> None:
        """Show step ``index`` of a part (the deck list for the cards part)."""
        assert self.walked is not None
        targets = walk_targets(self.walked, part)
        self.part, self.kind, self.effect, self.card = part, "", "", None
        self.target = targets[min(index, len(targets) - 1)] if targets and part != "cards" else ""
        self.step = self.form = None        # what was typed on the step left behind is dropped
        self.refresh()

    def _jump_to(self, dialog: Dialog, index: int) -> None:
        """A line of the list was chosen: close the list and go there (after asking about unsaved changes)."""
        dialog.dismiss()
        self.leave(partial(self.go, self.part, index))

    def leave(self, then: Callable[[], Any]) -> None:
        """Run ``then`` at once, or after the owner agrees to drop what is typed on this step and not saved."""
        if self.step is not None and self.form is not None and unsaved(self.step, self.form.values()):
            confirm("Leave without saving?", ["What you changed on this step is not saved yet."], then,
                    yes="Leave it", no="Stay")
        else:
            then()

    def back(self) -> None:
        """The step before (the last step of the part before, from a part's first step)."""
        index = self.index()
        if index > 0:
            self.leave(lambda: self.go(self.part, index - 1))
        elif self.part != PARTS[0]:
            assert self.walked is not None
            before = PARTS[PARTS.index(self.part) - 1]
            last = len(walk_targets(self.walked, before)) - 1
            self.leave(lambda: self.go(before, last))

    def forward(self) -> None:
        """The step after (the next part's first step after a part's last)."""
        assert self.walked is not None
        index = self.index()
        if index + 1 < len(walk_targets(self.walked, self.part)):
            self.go(self.part, index + 1)
        else:
            self.go(PARTS[PARTS.index(self.part) + 1], 0)

    def skip(self) -> None:
        """Leave this step's missing values for play to ask, and go on; a layout value cannot be left."""
        if self.step is None or self.walked is None:
            return
        if not self.step.skippable:
            show_reasons([skip_words(self.walked, self.step)], "This step cannot be skipped")
            return
        self.leave(self.forward)

    def next_missing(self) -> None:
        """Go to the next step with a value nobody has entered yet."""
        assert self.walked is not None
        found = next_missing(self.walked, self.part, self.index())
        if found is None:
            show_reasons(["Every value of this box is entered."], "Nothing missing")
        else:
            self.leave(lambda: self.go(*found))

    def choose_part(self, part: str) -> None:
        """Go to a part of the walk."""
        self.leave(lambda: self.go(part, 0))

    def done(self) -> None:
        """Back to the list of editions and boxes."""
        self.leave(lambda: self.app.goto("box"))

    def show_jumps(self) -> None:
        """Every step of the part; tapping one goes straight to it."""
        assert self.walked is not None
        dialog = Dialog(f"Jump to: {PART_NAMES[self.part]}", size_hint=(0.96, 0.96))
        grid = BoxChoiceGrid(cols=3 if self.part == "board" else 2)
        for line in jump_lines(self.walked, self.part):
            label = line.label if line.done else f"{line.label} (missing)"
            grid.add_widget(BoxJumpLine(colour=line.colour, label=label, done=line.done, index=line.index,
                                        jump=partial(self._jump_to, dialog)))
        dialog.body.add_widget(grid)
        dialog.add_button("Cancel")
        dialog.open()

    # ---------------------------------------------------------------- cards

    def open_card(self, deck: str, card: str) -> None:
        """Check or correct a card of a deck (``NEW_CARD``: enter one that is missing)."""
        self.card, self.effect = (deck, card), ""
        self.step = self.form = None
        self.refresh()

    def close_card(self) -> None:
        """Back to the deck list."""
        self.leave(lambda: self.go("cards", 0))

    # ---------------------------------------------------------------- saving

    def save(self, mine: bool = False, accept_cautions: bool = False) -> None:
        """Check and store what the form holds; a problem keeps everything typed and shows it under its field,
        a caution asks once more before it is saved. A saved step moves on to the next one."""
        if self.step is None or self.form is None or self.profile is None:
            return
        result = save_step(box_store(), self.profile, self.base, self.step, self.form.values(), mine,
                           accept_cautions)
        if result.problems:
            self.form.show_problems([*result.problems, *result.cautions])
            self.banner.text = "Not saved: correct what is marked in red below (everything you typed is kept)."
            if self.banner.parent is None:
                self.column.add_widget(self.banner, index=len(self.column.children))
            self._scroll_top()
            return
        if not result.saved:
            self.form.show_problems(result.cautions)
            confirm("Please check", [c.message for c in result.cautions]
                    + ["Save it as typed only if that is what your box says."],
                    lambda: self.save(mine, True), yes="Save as typed", no="Correct it")
            return
        changed = result.profile is not self.profile
        self.profile, self.walked, self.box_id = result.profile, result.edition, result.profile.id
        if self.card is not None:
            self.notice = f"Saved the card “{self.form.values().get('title', '')}”." if changed else ""
            self.go("cards", 0)
            return
        if changed:
            self.notice = f"Saved: {step_view(self.walked, self.part, self.index()).heading}."
        self.forward()

    # ---------------------------------------------------------------- drawing

    def refresh(self) -> None:
        """Redraw the tabs and the step (or the deck list) from the stored box; what is typed on the step shown
        stays in its form."""
        if self.edition_id not in self.app.editions:
            return
        typed = (self.step.target, self.form.values()) if self.step and self.form else ("", {})
        self._load()
        self._draw_tabs()
        self.header.clear_widgets()
        self.column.clear_widgets()
        self.bottom.clear_widgets()
        self.step = self.form = None
        if self.notice:
            self.column.add_widget(BoxSaved(text=self.notice))
            self.notice = ""
        if self.part == "cards" and self.card is None:
            self._draw_decks()
        else:
            self._draw_step(typed)
        Clock.schedule_once(lambda _dt: self._scroll_top(), 0)

    def _scroll_top(self) -> None:
        self.scroller.scroll_y = 1

    def _draw_tabs(self) -> None:
        assert self.walked is not None
        self.tabs.clear_widgets()
        for part in PARTS:
            self.tabs.add_widget(BoxTabButton(two_lines(PART_NAMES[part], progress_words(self.walked, part)),
                                              partial(self.choose_part, part),
                                              "primary" if part == self.part else "normal", part=part))

    def _draw_step(self, typed: tuple[str, dict[str, Any]]) -> None:
        assert self.walked is not None
        if self.card is not None:
            deck, card = self.card
            step = card_step(self.walked, deck, card, self.effect)
        else:
            step = step_view(self.walked, self.part, self.index(), self.kind)
        self.step = step
        self.header.add_widget(BoxStepBand(colour=step.colour))
        self.header.add_widget(BoxStepTitle(title=step.title, heading=step.heading))
        if self.card is None:
            self.header.add_widget(BoxStepTools(walk=self))
        if step.uncertain:
            self.column.add_widget(BoxUncertain(text=UNCERTAIN_NOTE))
        values = {**step.values, **typed[1]} if typed[0] == step.target else step.values
        self.form = BoxForm([f.field for f in step.fields], values, on_change=self._changed)
        self.column.add_widget(self.form)
        self.column.add_widget(self.notes)
        self._draw_notes(step)
        self._draw_buttons(step)

    def _draw_notes(self, step: StepView) -> None:
        self.notes.clear_widgets()
        for note in step_notes(step):
            self.notes.add_widget(BoxStepNote(text=note))

    def _draw_buttons(self, step: StepView) -> None:
        if self.card is not None:
            self.bottom.add_widget(BoxCardButtons(walk=self))
            return
        buttons = BoxStepButtons(walk=self, first=self.part == PARTS[0] and self.index() == 0,
                                 skippable=step.skippable)
        if not step.uncertain:
            buttons.remove_widget(buttons.ids.matches)
        self.bottom.add_widget(buttons)

    def _changed(self, key: str) -> None:
        """A new type of space or card effect shows that type's fields, keeping what was typed."""
        if self.form is None or self.walked is None or key not in ("kind", "effect"):
            return
        value = str(self.form.values().get(key, ""))
        if key == "kind" and self.card is None:
            self.kind = value
            step = step_view(self.walked, self.part, self.index(), value)
        elif key == "effect" and self.card is not None:
            self.effect = value
            step = card_step(self.walked, self.card[0], self.card[1], value)
        else:
            return
        self.step = step
        self.form.rebuild([f.field for f in step.fields])
        self._draw_notes(step)

    def _draw_decks(self) -> None:
        assert self.walked is not None
        self.header.add_widget(BoxDecksTitle())
        for deck in deck_views(self.walked):
            self.column.add_widget(self._deck_panel(deck))
        self.bottom.add_widget(BoxDeckButtons(walk=self))

    def _deck_panel(self, deck: DeckView) -> BoxDeckPanel:
        still = f", {deck.missing} still to enter" if deck.missing else ", all entered"
        panel = BoxDeckPanel(summary=f"{deck.name} deck: {deck.size} cards{still}")
        if deck.missing:
            panel.ids.row.add_widget(BoxAddCardButton("", partial(self.open_card, deck.id, NEW_CARD), "primary",
                                                      deck=deck.id))
        for card in deck.cards:
            copies = "1 copy" if card.count == 1 else f"{card.count} copies"
            panel.ids.cards.add_widget(BoxCardButton(
                two_lines(card.title, f"{card.effect} \u00b7 {copies} \u00b7 {card.origin}"),
                partial(self.open_card, deck.id, card.id), card=(deck.id, card.id)))
        return panel


class TileCountRow(BoxLayout):
    """One kind of Chance tile on :class:`TileCountsDialog`: its name, then − the count + (``?``: not counted)
    (layout: ``box.kv``)."""

    kind = StringProperty("")
    name = StringProperty("")
    count = ObjectProperty(None, allownone=True)
    """The count set so far: a whole number, or None while the kind is not counted."""
    most = NumericProperty(0)
    """The most tiles one kind can have: every tile of the box."""

    def step(self, by: int) -> None:
        """One more or one fewer: + on ``?`` gives 1, − on 1 gives ``?`` again (a kind is in the box at least
        once); never more than the tiles of the box."""
        if by > 0:
            self.count = 1 if self.count is None else min(self.count + 1, int(self.most))
        elif self.count is not None:
            self.count = None if self.count <= 1 else self.count - 1


class TileCountsDialog(Dialog):
    """How many Chance tiles of each kind a box holds, set with − and + (the total against the tiles of the box
    shown as it changes); Save checks them and stores them in the box, or shows why not and keeps what is set."""

    def __init__(self, edition: Edition, profile: BoxProfile, on_saved: Callable[[], Any]) -> None:
        super().__init__(f"Chance tiles of {profile.name}", size_hint=(0.94, 0.96))
        self.edition, self.profile, self.on_saved = edition, profile, on_saved
        tiles = tile_counts(with_box(edition, profile))
        assert tiles is not None, "only an edition with Chance tiles counts them"
        self.tiles = tiles
        self.body.add_widget(BoxHint(text=TILES_NOTE))
        self.rows = [TileCountRow(kind=kind, name=name, count=tiles.counts[kind], most=tiles.tiles)
                     for kind, name in tiles.kinds]
        for row in self.rows:
            row.bind(count=lambda *_: self.show_total())
            self.body.add_widget(row)
        self.total = BoxTilesTotal()
        self.body.add_widget(self.total)
        self.problems = BoxTileProblems()
        self.body.add_widget(self.problems)
        self.show_total()
        self.add_button("Cancel")
        self.save_button = BoxSaveButton("Save", self.save, "primary")
        self.buttons.add_widget(self.save_button)

    @property
    def counts(self) -> dict[str, int | None]:
        """The counts as set now, by kind."""
        return {row.kind: row.count for row in self.rows}

    def show_total(self) -> None:
        """The tiles counted so far against the tiles of the box."""
        self.total.text = tile_total_words(self.tiles, self.counts)
        self.problems.text = ""

    def save(self) -> None:
        """Store the counts in the box and close; a problem is shown and everything set stays."""
        result = save_tile_counts(box_store(), self.profile, self.edition, self.counts)
        if not result.saved:
            self.problems.text = "Not saved: " + " ".join(p.message for p in result.problems)
            return
        self.dismiss()
        self.on_saved()


def box_file_name(path: Path) -> str:
    """A box file as the table names it: its name without the ``.box.toml`` ending, in quotes."""
    return f"'{path.name.removesuffix('.box.toml').replace('--', ': ')}'"


load_layout(__file__)
