"""Heroes (The Mandalorian): the co-operative game's players, each playing a character of the box whose ability
changes one rule for them (a discount, a larger GO salary, a battle bonus...), more so while they hold Grogu."""

from __future__ import annotations

from typing import ClassVar

from companion.edition import Edition, Space
from companion.engine.errors import Violation
from companion.engine.state import GameState, Setup, Unread
from companion.rules.coop_state import CoopState, coop
from companion.rules.mechanics.deeds import Deeds

V = Violation


class Heroes(Deeds):
    """The heroes' characters and abilities, and the co-operative game's state."""

    go_reason: ClassVar[str] = "salary for reaching GO"

    def __init__(self, edition: Edition, setup: Setup) -> None:
        super().__init__(edition, setup)
        self.values: dict[str, int] = dict(edition.raw.get("edition", {}).get("coop", {}))

    def new_state(self) -> GameState:
        """The box unpacked for heroes: the Bank holds every hideout, nobody holds Grogu yet."""
        players, ledger = self.unpacked()
        return CoopState(players=players, ledger=ledger)

    def check_setup(self) -> list[Violation]:
        """Every hero plays a character of the box (each has an ability)."""
        problems = super().check_setup()
        problems += [V("setup/token", f"{p.get('name', p.get('id'))} must choose a character: "
                                      f"{', '.join(str(t['name']) for t in self.edition.tokens.values())}.")
                     for p in self.setup.players if not p.get("token")]
        return problems

    def ability(self, s: GameState, player: str, kind: str) -> int:
        """The value of a hero's ability of ``kind`` (0 when their character has another): its own amount, or
        the larger one while the hero holds Grogu."""
        token = self.edition.tokens.get(s.player(player).token, {})
        if token.get("ability") != kind:
            return 0
        return int(token.get("with_grogu" if coop(s).holds_grogu(player) else "amount", 0))

    def has_ability(self, s: GameState, player: str, kind: str) -> bool:
        """Whether a hero's character has the ability ``kind``."""
        return self.edition.tokens.get(s.player(player).token, {}).get("ability") == kind

    def buy_price(self, s: GameState, player: str, deed: Space) -> int:
        """The printed price, less a purchase discount (Kuiil: 10, or 30 with Grogu), never below 0."""
        return max(0, super().buy_price(s, player, deed) - self.ability(s, player, "purchase-discount"))

    def rent_owed(self, s: GameState, space: Space, owner: str, payer: str, dice_total: int) -> Unread:
        """A hideout's rent (doubled for a full colour set), less a rent discount (Din Djarin: 10, or 30 with
        Grogu), never below 0."""
        basis = super().rent_owed(s, space, owner, payer, dice_total)
        return basis._replace(less=basis.less + self.ability(s, payer, "rent-discount"))

    def go_salary(self, s: GameState, player: str) -> int:
        """GO pays its salary, or a larger one to a hero with that ability (Cara Dune, Bo-Katan Kryze: 50, or
        70 with Grogu)."""
        return self.ability(s, player, "go-salary") or super().go_salary(s, player)
