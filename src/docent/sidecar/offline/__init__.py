"""The embedded model, the offline default: no key, no network. A model behind the port like any other, built from
the answering core's reading of the record (its words, lexicon, index and excerpts), so it lives beside the model
port, not in it: `model.py` answers, `weighing.py` weighs a question's words against the record's (`vocabulary.py`),
`gestures.py` reads what the visitor asks to have done, `voice.py` tells the record's sentences in the third person,
`quotes.py` cuts them, `synonyms.py` holds the visitor's words for the site's."""

from .model import OfflineModel
from .source import Loaded, Source

__all__ = ["Loaded", "OfflineModel", "Source"]
