"""Asking the table for a value the box prints, the moment play first needs it, and entering a card nobody has
entered yet.

Both popups check what was typed through the table layer before anything changes: a problem (a rent table that
does not rise) is shown under its field and the typed values stay; a caution (a mortgage that is not half the
price) needs a second tap to say the box really says so. Only then are the values entered: the engine journals
them and they are saved in the box for every later game. Cancel changes nothing. The look of a new card's effect
buttons is ``box_dialogs.kv``; the form's and the lines' is ``box_form.kv``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.box.fields import BoxField, card_fields, effect_words
from companion.edition import Card
from companion.engine.errors import Need
from companion.table.box_play import (
    BoxProblem,
    check_entry,
    enter_values,
    likely_amounts,
    need_fields,
    new_card_id,
    space_options,
)
from companion.table.presenters.cards import effects_by_heading
from companion.table.session import Answer
from companion.table.words import (
    box_target_name,
    card_words,
    face_space_asked,
    need_title,
    need_words,
    party_name,
)
from companion.ui.box_form import INLINE_CHOICES, BoxButton, BoxForm, BoxHint
from companion.ui.widgets import Dialog, TapButton, load_layout

if TYPE_CHECKING:
    from companion.ui.shell import Shell

SAVE = "Save"
LATER = "Card not at hand: later"
CONFIRM = "Yes, that is what the box says"
KINDS_INLINE = 16
"""What is on a space (of the board, or of a mini board): every option is a button (a colour set or a colour space
in its colour, when the box knows it)."""
NOT_ENTERED = "Not entered yet: read it off the box."
NOTHING_CHANGES = "Cancel changes nothing: the game waits where it is until these values are entered."


class BoxEffectRows(BoxLayout):
    """A new card's effects, a row for each heading (look: ``box_dialogs.kv``)."""


class BoxEffectRow(BoxLayout):
    """A heading of a deck's effects (Collect, Pay, Move...) and its effects' buttons beside it, in ``ids.grid``
    (look: ``box_dialogs.kv``)."""

    heading = StringProperty("")
    """The heading, as the row shows it."""


class BoxEffectButton(BoxButton):
    """A big button that chooses a new card's effect (look: ``box_dialogs.kv``)."""

    effect = StringProperty("")
    """The effect's key."""


class BoxEntryDialog(Dialog):
    """A form of box values with Save: checked first, cautions confirmed with a second tap, then entered."""

    def __init__(self, app: Shell, title: str, on_cancel: Callable[[], Any] | None) -> None:
        super().__init__(title, size_hint=(0.96, 0.98))
        assert app.session is not None
        self.app = app
        self.session = app.session
        self.edition = app.session.edition
        self.form: BoxForm
        self._cautions_seen = False
        self.cancel = self.add_button("Cancel", on_cancel)
        self.save = TapButton(SAVE, self.save_values, "primary")
        self.buttons.add_widget(self.save)

    def on_dismiss(self) -> None:
        """A number pad the form left open goes with the question."""
        self.form.put_away()

    def changed(self, _key: str) -> None:
        """A value changed: a caution shown before must be looked at again."""
        self._cautions_seen = False
        self.save.text = SAVE

    def target(self, values: dict[str, Any]) -> str:
        """What the values are entered for."""
        raise NotImplementedError

    def entered(self, target: str, answer: Answer) -> None:
        """The values are in the game and the box: close and go on."""
        raise NotImplementedError

    def fixed_values(self) -> dict[str, Any]:
        """Values the table does not choose, entered with the form's (none, unless the dialog says so)."""
        return {}

    def save_values(self) -> None:
        """Check the values; show every problem under its field, or the cautions until confirmed; then enter
        them. A refusal keeps the dialog open with every reason and the typed values."""
        values = {**self.form.values(), **self.fixed_values()}
        missing = [BoxProblem("", f.key, NOT_ENTERED) for f in self.form.unfilled()]
        if missing:
            self._refused(missing)
            return
        target = self.target(values)
        problems = check_entry(self.edition, target, values)
        if any(not p.caution for p in problems):
            self._refused(problems)
            return
        if problems and not self._cautions_seen:
            self.form.show_problems(problems)
            self._cautions_seen = True
            self.save.text = CONFIRM
            return
        done = enter_values(self.app.boxes, self.session, target, values)
        if not done.answer.accepted:
            self._refused([BoxProblem(target, "", reason) for reason in done.answer.reasons])
            return
        self.dismiss()
        self.entered(target, done.answer)

    def _refused(self, problems: list[BoxProblem]) -> None:
        self.changed("")
        self.form.show_problems(problems)
        self.app.sounds.play("refused")


class BoxValuesDialog(BoxEntryDialog):
    """"Read it off the box": the values one need asks for (a deed's price and rent table, a tax amount, the
    numbers printed on an Imperial enemy card), each on its own number pad, nothing else.
    ``on_done`` gets the engine's answer once they are entered; Cancel leaves the game as it was."""

    def __init__(self, app: Shell, need: Need, on_done: Callable[[Answer], Any],
                 on_cancel: Callable[[], Any] | None = None, on_later: Callable[[], Any] | None = None) -> None:
        assert app.session is not None
        edition = app.session.edition
        super().__init__(app, need_title(edition, need), on_cancel)
        self.need = need
        self.on_done = on_done
        self.body.add_widget(BoxHint(text=need_words(edition, need)))
        # What a space is: its type with its colour set or deck (or a mini board's kinds of space) are big buttons,
        # one tap each. Numbers follow one another on the number pad once the choices are made (chain).
        # OK on the pad of the last number answers the question: no Save tap after it.
        self.options = {o.key: o for o in space_options(edition, need)}
        self.form = BoxForm(self._fields({}), on_change=self.changed, cols=3,
                            inline=KINDS_INLINE if self.options or face_space_asked(need) is not None
                            else INLINE_CHOICES, chain=True,
                            on_complete=self.save_values, subject=box_target_name(edition, need.target))
        self.body.add_widget(self.form)
        self.body.add_widget(BoxHint(text=NOTHING_CHANGES))
        if on_later is not None:  # the card is not at hand: play goes on, and the same button asks again
            self.later = self.add_button(LATER, on_later)
            self.buttons.remove_widget(self.later)
            self.buttons.add_widget(self.later, index=1)  # between Cancel and Save

    def open(self, *args: Any, **kwargs: Any) -> None:
        """Shown with the number pad of the first number already open when there is nothing to choose first (a
        rent or a price alone): the digits and OK are all it takes."""
        super().open(*args, **kwargs)
        self.form.next_number()

    def _fields(self, chosen: dict[str, Any]) -> list[BoxField]:
        """What the need asks now (``chosen``: the values so far); of a space nobody has described, its type and
        colour set or deck are one choice (see :func:`space_options`)."""
        fields = need_fields(self.edition, self.need, chosen)
        if not self.options:
            return fields
        kinds = BoxField("kind", "Type of space", "choice", True,
                         choices=tuple((o.key, o.words) for o in self.options.values()),
                         swatches=tuple(o.swatch for o in self.options.values()))
        return [kinds if f.key == "kind" else f for f in fields if f.key == "kind" or f.key not in chosen]

    def fixed_values(self) -> dict[str, Any]:
        """A space's type and its colour set or deck, from the one option tapped."""
        option = self.options.get(str(self.form.values().get("kind")))
        return dict(option.values) if option else {}

    def changed(self, key: str) -> None:
        """A space's type chosen (with its colour set or deck) brings what it needs now: a deed's price, offering
        the prices of its colour set's other deeds, or a tax's amount. The tap on the last choice answers the
        question when nothing is left to type (a card space, a type that needs nothing more, what is on a mini
        board's space)."""
        super().changed(key)
        if key == "kind" and self.options:
            self.form.rebuild(self._fields(self.fixed_values()))
        choice = any(f.key == key and f.kind == "choice" for f in self.form.fields)
        if choice and not self.form.unfilled():
            self.save_values()

    def target(self, values: dict[str, Any]) -> str:
        """The space, group or card the need names."""
        return self.need.target

    def entered(self, target: str, answer: Answer) -> None:
        """Hand the answer on (the app plays the waiting command again)."""
        self.on_done(answer)


class NewCardDialog(BoxEntryDialog):
    """A card drawn that nobody has entered yet, entered by what it does: its effect and that effect's values;
    its title is written from them (the table may type its own instead). Each card is entered as it is drawn,
    so nobody counts copies. ``on_done`` gets the new card's id and the engine's answer once it is entered (the
    caller then plays it as the card drawn)."""

    def __init__(self, app: Shell, deck_id: str, player: str, on_done: Callable[[str, Answer], Any],
                 on_cancel: Callable[[], Any] | None = None) -> None:
        assert app.session is not None
        deck = app.session.edition.decks[deck_id]
        super().__init__(app, f"{deck.name} card not entered yet", on_cancel)
        self.deck_id, self.player = deck_id, player
        self.on_done = on_done
        who = party_name(app.session.game, player)
        side = app.session.game.state.player(player).side
        half = f" the {app.session.edition.sides[side]['name']} half of" if deck.sides else ""
        self.body.add_widget(BoxHint(text=f"{who} drew a card of the {deck.name} deck that the app does not know yet. "
                                          f"Enter what{half} it does once: it is saved in the box for every later "
                                          "game."))
        self.own_title = False
        """The table typed a title of its own (else the title is written from what the card does)."""
        self._writing = False
        # What it does: the deck's effects as big buttons under their headings (Collect, Pay, Move...), one tap.
        # Once it is chosen, the number pad of each value follows by itself, the likely amounts on it one tap
        # each; OK on the last one (or the tap on an effect that prints no value) enters the card: no Save tap.
        self.effect_buttons: dict[str, TapButton] = {}
        self.body.add_widget(self._effects())
        self.form = BoxForm(self._fields(""), on_change=self.changed, chain=True, on_complete=self.save_values)
        self.body.add_widget(self.form)
        self.body.add_widget(BoxHint(text=NOTHING_CHANGES))

    def _effects(self) -> BoxEffectRows:
        """A row for each heading of the deck's effects, each effect a big button that chooses it."""
        words = effect_words(self.edition)
        effects = self.edition.decks[self.deck_id].effects
        grouped = effects_by_heading(effects)
        column = BoxEffectRows()
        for heading, keys in grouped.items():
            row = BoxEffectRow(heading=heading.capitalize())
            for key in keys:
                button = BoxEffectButton(words[key], partial(self.form_value, "effect", key), effect=key)
                self.effect_buttons[key] = button
                row.ids.grid.add_widget(button)
            column.add_widget(row)
        return column

    def form_value(self, key: str, value: str) -> None:
        """A big button outside the form chose one of its values (the card's effect)."""
        self.form.set_value(key, value)

    def _fields(self, effect: str) -> list[BoxField]:
        """The card's fields, without the number of copies (each card is entered as it is drawn) nor, on a
        two-sided card, whose half it is (the drawer's own); its amount offers the likely amounts, one tap each."""
        return [replace(f, suggestions=tuple((n, str(n)) for n in likely_amounts(self.edition, effect)))
                if f.key == "amount" else f
                for f in card_fields(self.edition, effect, self.deck_id) if f.key not in ("count", "side")]

    def fixed_values(self) -> dict[str, Any]:
        """On a two-sided card, the half entered is the drawer's side's."""
        assert self.app.session is not None
        if not self.edition.decks[self.deck_id].sides:
            return {}
        return {"side": self.app.session.game.state.player(self.player).side}

    def changed(self, key: str) -> None:
        """A new effect brings that effect's values into the form; the title follows what the card does until the
        table types one. The tap on the last choice enters a card that prints nothing more."""
        super().changed(key)
        if self._writing:
            return
        if key == "title":
            self.own_title = True
            return
        values = self.form.values()
        effect = str(values.get("effect", ""))
        if key == "effect":
            self.form.rebuild(self._fields(effect))
            for choice, button in self.effect_buttons.items():
                button.set_style("primary" if choice == effect else "normal")
        if effect and not self.own_title:
            params = {k: v for k, v in values.items() if k not in ("title", "effect")}
            self._writing = True
            self.form.set_value("title", card_words(self.edition, Card("", "", effect, params, 1)))
            self._writing = False
        if any(f.key == key and f.kind == "choice" for f in self.form.fields) and not self.form.unfilled():
            self.save_values()

    def target(self, values: dict[str, Any]) -> str:
        """A new card of the deck, its id made from its title."""
        return f"card:{self.deck_id}/{new_card_id(self.edition, self.deck_id, str(values.get('title', '')))}"

    def entered(self, target: str, answer: Answer) -> None:
        """Hand on the new card's id (the caller plays it as the card drawn)."""
        self.on_done(target.rpartition("/")[2], answer)


load_layout(__file__)
