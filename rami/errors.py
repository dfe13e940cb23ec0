"""Errors a player (or a program) can get back from the engine.

All are ``ValueError`` subclasses whose message is written for a player.
"""


class RamiError(ValueError):
    """Base of every error the engine raises on purpose."""


class ActionSyntaxError(RamiError):
    """The text is not an action rami understands."""


class UnknownAction(ActionSyntaxError):
    """The text names no action at all (the game then says which ones it knows)."""


class IllegalAction(RamiError):
    """The action is well-formed but not allowed now; the state is unchanged."""


class AmbiguousAction(IllegalAction):
    """The text fits several legal actions (say which card a wild stands for)."""


class SaveError(RamiError):
    """A saved game is corrupt, from another version, or not a rami save."""


class OptionError(RamiError):
    """An unknown house option, or a value it does not take."""


class DealSyntaxError(RamiError):
    """A deal string that cannot be read."""
