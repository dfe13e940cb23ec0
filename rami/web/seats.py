"""Who plays each seat of the table, seen from this device: one interface, :class:`Seat`.

* :class:`PersonHere`: a person at this device (one, or several passing it: pass-and-play);
  the page's own input plays the seat;
* :class:`BotSeat`: a computer player, thinking in the bots' worker (or on the page's thread
  in slices, :mod:`rami.web.worker`);
* a friend's seat, played from the friend's own device (:class:`rami.web.friends.FriendSeat`,
  made by the host's room).

The app asks the seat to move whenever the turn is not a person's here, and draws the table
between moves; it never needs to know what kind of player sits there.
"""

from __future__ import annotations


class Seat:
    here = False        # the page's own input plays this seat
    paced = False       # the table pauses before its move, at the person's pace (a bot)

    async def move(self, s, spent: list, current) -> bool:
        """Play this seat's move on the session ``s``; ``spent[0]`` gets the time spent
        thinking. False when the table changed meanwhile (``current()``, the session on the
        table now, is not ``s``), and nothing was played."""
        raise NotImplementedError


class PersonHere(Seat):
    here = True

    async def move(self, s, spent: list, current) -> bool:
        return False        # (the person plays it, through the page)


class BotSeat(Seat):
    paced = True

    def __init__(self, level: str, worker):
        self.level = level
        self.worker = worker

    async def move(self, s, spent: list, current) -> bool:
        return await self.worker.move(s, spent, current)


def seats_for(session, worker) -> list[Seat]:
    """Each seat's player at ``session``'s table (a bot thinks in ``worker``)."""
    return [PersonHere() if seat in session.humans else
            BotSeat(session.levels[seat], worker) if seat in session.levels else Seat()
            for seat in range(session.game.n)]     # (a friend's: the room gives it)
