"""rami in the browser.

* :mod:`rami.web.svg` draws card faces and backs as SVG text;
* :mod:`rami.web.session` is the table's model: the state, the bots, the person's card
  order and selection, what each button would do, and the save format;
* :mod:`rami.web.lobby` draws the lobby from a catalogue of the games, without the engine;
* :mod:`rami.web.render` turns a session into the table's HTML;
* :mod:`rami.web.start` starts the page: the lobby first, then the engine and the app;
* :mod:`rami.web.app` is the PyScript glue: it puts that HTML into the page, listens for
  clicks, keys and drags, saves to ``localStorage`` and runs the bots between frames;
* :mod:`rami.web.board` is a tutorial page's board (a position, a replay, a puzzle), and
  :mod:`rami.web.embed_app` the glue that draws every board of a page from one hidden frame.

Only :mod:`rami.web.start`, :mod:`rami.web.app` and :mod:`rami.web.embed_app` import the
browser (``js``, ``pyodide``); the rest is plain Python and is tested under CPython like the
engine.
"""
