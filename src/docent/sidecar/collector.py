"""Python's cyclic collector as the serving process sets it (`docent serve`, each worker of several).

- The youngest generation is collected after `YOUNG_COLLECTION` allocations, not Python's 700: an answer under way
  holds a few thousand objects (its gate, its readings, its events); under a burst each young collection found the
  answers in flight alive and moved them on, into the old generation, whose full collections walk every object held,
  each conversation's included. Most of what a question makes is freed by its reference count well before this many
  more allocations; cyclic garbage waits a little longer to be collected. tests/bench/README.md (round 28): in bursts
  of 100 at once, the collector's time a question 0.23 -> 0.04 ms.
- Once the app has started (its modules loaded, the bundle read and warmed: `app.lifespan`), what it holds then is
  moved out of the collector's generations (`gc.freeze`): a full collection no longer walks the bundle's objects and
  the modules', which live as long as the process (tests/bench/README.md, round 29).
Neither is set in a process that only makes an app (the tests, the evals): `serving` says this one serves.
"""

from __future__ import annotations

import gc

YOUNG_COLLECTION = 10_000
_serving = [False]


def serving() -> None:
    """This process serves: the young generation's threshold set now, the start's objects frozen after it (`settle`)."""
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_COLLECTION, middle, old)
    _serving[0] = True


def settle() -> None:
    """The app has started (`app.lifespan`, after the bundle is warmed): in a serving process, what it holds now is
    left out of every later collection (`gc.freeze`); elsewhere nothing."""
    if _serving[0]:
        gc.freeze()
