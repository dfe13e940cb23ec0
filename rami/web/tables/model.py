"""What a table reads and changes of the match it draws: the :class:`Model` protocol.

A table never imports the class that holds the match (:class:`~rami.web.session.Session`
does, for a person at this device); it is given any object with these members. So the
tables and the session do not import each other, and another holder of a seat's match
can be drawn by the same tables. What a table reads of the match is the seat's view
(``game`` is :class:`~rami.known.KnownGame`: the view in the shape of a game, holding no
card the seat cannot see), the same at the host's page and at a friend's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ...actions import Action, LayOff
    from ...cards import Card
    from ...known import KnownGame
    from ...view import PlayerView


class Model(Protocol):
    game: "KnownGame"           # the game as the seat drawn knows it: its view, nothing more
    human: int                  # the seat drawn at the bottom: the person's
    you: bool                   # that seat is "you" (a tutorial's board gives a name)
    order: list[str]            # the person's cards, in the order they hold them
    selected: list[int]         # positions in ``order``
    fresh: str | None           # the card just drawn or taken
    arrived: list[str]          # every card that came with the last draw or take
    pile_pick: int | None       # a spread pile: the card picked, to confirm
    cursor: int                 # the hand card in the Tab order
    arranged: bool              # Gin and Basic: the hand kept in its melds
    breaks: list[int]           # ... where each meld and the deadwood begin

    def view(self) -> "PlayerView": ...
    def human_to_move(self) -> bool: ...
    def bot_to_move(self) -> bool: ...
    def explain(self, action: "Action") -> str: ...
    def cards(self) -> list["Card"]: ...
    def selected_cards(self) -> list["Card"]: ...
    def groups(self) -> list[list[int]]: ...
    def group_cards(self) -> list[list["Card"]]: ...
    def layoff_targets(self) -> list["LayOff"]: ...
    def layoff_on(self, meld: int) -> "Action": ...
    def move_card(self, src: int, dst: int) -> int: ...
