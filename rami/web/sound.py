"""The table's sounds: short notes made with the Web Audio API (no audio files), played
only when the player has turned sound on in Settings."""

from __future__ import annotations

import js

from .page import nil


class Sound:
    def __init__(self, settings):
        self.settings = settings             # () -> the player's settings now
        self.audio = None                    # the Web Audio context, made on first sound

    def play(self, kind: str) -> None:
        """A short sound made with the Web Audio API (no audio files), when sound is on:
        ``card`` (a draw or a discard), ``meld``, ``turn`` (your move), ``win``, ``lose``."""
        if not self.settings().get("sound"):
            return
        log = nil(getattr(js.window, "ramiSounds", None))
        if log is not None:
            log.push(kind)
        try:
            if self.audio is None:
                ctor = nil(getattr(js.window, "AudioContext", None)) or \
                    nil(getattr(js.window, "webkitAudioContext", None))
                if ctor is None:
                    return
                self.audio = ctor.new()
            ctx = self.audio
            if ctx.state == "suspended":
                ctx.resume()
            notes = {"card": [(520, 0, .05, "triangle")],
                     "meld": [(660, 0, .09, "sine"), (880, .08, .12, "sine")],
                     "turn": [(740, 0, .12, "sine")],
                     "win": [(523, 0, .12, "sine"), (659, .11, .12, "sine"),
                             (784, .22, .22, "sine")],
                     "lose": [(392, 0, .14, "sine"), (330, .13, .22, "sine")]}[kind]
            t0 = ctx.currentTime
            for freq, at, length, wave in notes:
                osc, gain = ctx.createOscillator(), ctx.createGain()
                osc.type = wave
                osc.frequency.value = freq
                gain.gain.setValueAtTime(0.0001, t0 + at)
                gain.gain.exponentialRampToValueAtTime(0.12, t0 + at + 0.01)
                gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + length)
                osc.connect(gain)
                gain.connect(ctx.destination)
                osc.start(t0 + at)
                osc.stop(t0 + at + length + 0.02)
        except Exception as e:          # no sound is better than a broken table
            js.console.warn(f"rami: no sound ({type(e).__name__})")
