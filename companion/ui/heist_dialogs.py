"""A Bank Heist's dials on the touchscreen: each side turns theirs in secret, one after the other, and both
pictures are shown at once when both are set.

The secret dial never shows on the table: the window first asks for the screen to be passed to the player alone
("Pass the screen to Ben"), shows the three pictures only once that player says it is them, and closes as soon as
one is tapped, showing nothing of the choice. The pictures offered are the heist presenter's
(:func:`~companion.table.presenters.heists.dial_offers`), each checked by the engine; the reveal comes from the
table's view of the last action (:func:`~companion.table.views.heist_reveal`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from kivy.clock import Clock
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

from companion.table.presenters.heists import dial_offers
from companion.table.views import HeistReveal
from companion.table.words import party_name
from companion.ui import theme
from companion.ui.boards import DialPicture
from companion.ui.widgets import Dialog, FreshGuard, TapButton, load_layout, text

if TYPE_CHECKING:
    from companion.table.offers import Action
    from companion.ui.shell import Shell


class ShowMeButton(FreshGuard, TapButton):
    """"I'm Ben, show me": ignores a tap that arrives with the window (the finger that opened it)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.drawn_at = Clock.frames


class PictureButton(FreshGuard, ButtonBehavior, BoxLayout):
    """One picture of the dial as a big button: the picture drawn, its name under it. Only its data and tap here;
    its look is ``<PictureButton>`` in ``heist_dialogs.kv``."""

    picture = StringProperty("")
    """The picture's key: ``ring``, ``money`` or ``coin``."""
    words = StringProperty("")
    """The picture's name under it."""
    enabled = BooleanProperty(True)
    """The engine allows this picture (else the button is greyed)."""

    def __init__(self, action: Action, on_pick: Callable[[Action], Any], **kwargs: Any) -> None:
        super().__init__(picture=action.key.partition(":")[2], words=action.label, enabled=action.enabled,
                         **kwargs)
        self.action, self.on_pick = action, on_pick
        self.drawn_at = Clock.frames
        self.add_widget(DialPicture(self.picture), index=len(self.children))  # above its name

    def on_release(self) -> None:
        """Choose this picture."""
        self.on_pick(self.action)


class RevealSide(BoxLayout):
    """One side's dial at the reveal: their name, their picture drawn and its name. Only its data here; its look
    is ``<RevealSide>`` in ``heist_dialogs.kv``."""

    name = StringProperty("")
    """Who turned the dial."""
    words = StringProperty("")
    """The picture's name."""

    def __init__(self, name: str, picture: str, words: str, **kwargs: Any) -> None:
        super().__init__(name=name, words=words.capitalize(), **kwargs)
        self.add_widget(DialPicture(picture), index=1)  # between the name and the picture's name


class SecretDialDialog(Dialog):
    """One player's Bank Heist dial, chosen on the touchscreen in secret: pass the screen, "I'm Ben, show me",
    the three pictures, and the window closes on the tap (the choice is never shown)."""

    def __init__(self, app: Shell, player: str) -> None:
        assert app.session is not None
        self.app, self.player = app, player
        self.who = party_name(app.session.game, player)
        super().__init__(f"Pass the screen to {self.who}", size_hint=(0.92, 0.94))
        self.pictures: list[PictureButton] = []
        self.body.add_widget(text(f"Only {self.who} looks now: {self.who} turns the Bank Heist dial in secret. "
                                  "Nobody sees it until both dials are set.", theme.FONT_LARGE, theme.TEXT))
        self.show_me = ShowMeButton(f"I'm {self.who}, show me", self.show_pictures, "primary",
                                    height=dp(72), font_size=theme.FONT_LARGE, bold=True)
        self.body.add_widget(self.show_me)
        self.cancel = self.add_button("Cancel")

    def show_pictures(self) -> None:
        """The three pictures, for the player alone."""
        assert self.app.session is not None
        self.title.text = f"{self.who}: turn your dial"
        self.body.clear_widgets()
        row = Factory.PictureRow()
        for action in dial_offers(self.app.session.game, self.player):
            button = PictureButton(action, self.pick)
            self.pictures.append(button)
            row.add_widget(button)
        self.body.add_widget(row)
        self.body.add_widget(text("Tap one picture. The window closes at once and shows nothing.",
                                  theme.FONT_SMALL, theme.MUTED))

    def pick(self, action: Action) -> None:
        """Close first (nothing of the choice stays on the screen), then hand the dial to the engine."""
        self.dismiss(animation=False)
        self.app.run_action(action)


class RevealDialog(Dialog):
    """Both dials at once: each side's picture under their name, and whether the heist worked."""

    def __init__(self, reveal: HeistReveal) -> None:
        super().__init__(f"Bank Heist: {reveal.attacker} against {reveal.target}", size_hint=(0.9, 0.94))
        self.reveal = reveal
        if reveal.pictures:
            row = Factory.RevealRow()
            for name, (picture, words) in zip((reveal.attacker, reveal.target), reveal.pictures, strict=False):
                row.add_widget(RevealSide(name, picture, words))
            self.body.add_widget(row)
        outcome = "Same picture: the heist works!" if reveal.success else "Different pictures: the heist fails."
        self.outcome = text(outcome, theme.FONT_LARGE, theme.GOOD if reveal.success else theme.DANGER, bold=True,
                            halign="center")
        self.body.add_widget(self.outcome)
        if not reveal.pictures:
            self.body.add_widget(text(reveal.words, theme.FONT, theme.TEXT, halign="center"))
        self.ok = self.add_button("OK", style="primary")


load_layout(__file__)
