"""rami in the browser.

* :mod:`rami.web.svg` draws card faces and backs as SVG text;
* :mod:`rami.web.session` is the table's model: the state, the bots, the person's card
  order and selection, what each button would do, and the save format;
* :mod:`rami.web.lobby` draws the lobby from a catalogue of the games, without the engine;
* :mod:`rami.web.render` turns a session into the table's HTML;
* :mod:`rami.web.start` starts the page: the lobby first, then the engine and the app;
* :mod:`rami.web.app` holds the match at this device and turns what the person does into
  moves; around it :mod:`~rami.web.input` (clicks, keys, drags), :mod:`~rami.web.drawing`
  (that HTML into the page, focus, screen readers), :mod:`~rami.web.seats` (who plays each
  seat), :mod:`~rami.web.worker` (the bots' worker), :mod:`~rami.web.storage`
  (``localStorage``), :mod:`~rami.web.updates`, :mod:`~rami.web.sound` and
  :mod:`~rami.web.page` (language, settings, readiness);
* the review of a hand: :mod:`rami.web.reviewing` (the worker's side of :mod:`rami.review`),
  :mod:`rami.web.review_view` (its dialog) and :mod:`rami.web.reviewdesk` (the page's side),
  fetched the first time they are used (:mod:`rami.web.addon`);
* :mod:`rami.web.board` is a tutorial page's board (a position, a replay, a puzzle), and
  :mod:`rami.web.embed_app` the glue that draws every board of a page from one hidden frame.

Only those page modules, :mod:`rami.web.start`, :mod:`rami.web.embed_app`,
:mod:`rami.web.addon` and :mod:`rami.web.reviewdesk` import the
browser (``js``, ``pyodide``); the rest is plain Python and is tested under CPython like the
engine.
"""
