"""WordLlama's static embedding, read from the files its package ships: the build embeds the record's sections with it
(`manifest_build.vectors`), the sidecar a visitor's question (`sidecar.vectors`), the same way (`vectors.MODEL`).

A text's vector is the mean of its tokens' vectors, unit length (a section's text is cut at `vectors.READ` first: its
first 512 tokens alone did no better on the development sets, hit@1 0.682 against 0.685, with the first landing's pool). The files are read
straight, not through `wordllama.WordLlama.load`: importing `wordllama` configures the root logger, and 0.4.0.post1's
`load` looks for the tokenizer in a folder the package does not ship, then downloads it. numpy, safetensors and
tokenizers come with it (the `rerank` extra) and are imported here only, when a model is loaded.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .vectors import DIMS, INSTALL, MODEL

if TYPE_CHECKING:
    import numpy as np

SPECIAL = 2  # the tokenizer's <unk>, <s> and </s> (ids 0 to 2) say nothing of the text
_FILES = ("weights/l2_supercat_256.safetensors", "tokenizers/l2_supercat_tokenizer_config.json")


class EmbeddingMissing(Exception):
    """The `rerank` extra is not installed; the message says what to install."""


def files() -> tuple[Path, Path]:
    """The weights' and the tokenizer's files in the installed `wordllama` package (found, not imported)."""
    try:
        spec = importlib.util.find_spec("wordllama")
    except (ImportError, ValueError):
        spec = None
    places = [Path(p) for p in (spec.submodule_search_locations or [])] if spec else []
    found = [next((p / name for p in places if (p / name).is_file()), None) for name in _FILES]
    if spec is None or None in found:
        raise EmbeddingMissing(f"the record's vectors ({MODEL}) need the `rerank` extra: {INSTALL}")
    weights, tokenizer = found
    assert weights is not None and tokenizer is not None
    return weights, tokenizer


def available() -> None:
    """EmbeddingMissing, saying what to install, unless the model's files and the packages that load it are
    installed: found, not imported (`docent serve`'s supervisor checks with it and loads nothing)."""
    files()
    for name in ("numpy", "safetensors", "tokenizers"):
        if importlib.util.find_spec(name) is None:
            raise EmbeddingMissing(f"the record's vectors ({MODEL}) need the `rerank` extra ({name} is missing): {INSTALL}")


class Embedding:
    """The model loaded: its token vectors (float32, `DIMS` wide) and its tokenizer."""

    def __init__(self, table: np.ndarray[Any, Any], tokenizer: Any) -> None:
        self._table = table
        self._tokenizer = tokenizer

    @classmethod
    def load(cls) -> Embedding:
        """The installed model; EmbeddingMissing, saying what to install, when the extra is not."""
        weights, config = files()
        try:
            import numpy as np
            from safetensors.numpy import load_file
            from tokenizers import Tokenizer
        except ImportError as exc:
            raise EmbeddingMissing(f"the record's vectors ({MODEL}) need the `rerank` extra ({exc}): {INSTALL}") from exc
        table = np.ascontiguousarray(load_file(str(weights))["embedding.weight"][:, :DIMS], dtype=np.float32)
        tokenizer = Tokenizer.from_file(str(config))
        tokenizer.no_padding()
        tokenizer.no_truncation()
        return cls(table, tokenizer)

    def _mean(self, ids: Sequence[int]) -> np.ndarray[Any, Any]:
        import numpy as np

        kept = [i for i in ids if i > SPECIAL] or [0]
        mean: np.ndarray[Any, Any] = self._table[kept].mean(axis=0)
        length = float(np.linalg.norm(mean))
        return mean / length if length else mean

    def vector(self, text: str) -> tuple[float, ...]:
        """A text's vector, unit length (a question's)."""
        return tuple(float(x) for x in self._mean(self._tokenizer.encode(text, add_special_tokens=False).ids))

    def rows(self, texts: Sequence[str]) -> bytes:
        """The texts' vectors as `vectors.Vectors.rows`: each scaled to signed bytes, its largest component 127."""
        import numpy as np

        out = np.zeros((len(texts), DIMS), dtype=np.int8)
        for i, encoded in enumerate(self._tokenizer.encode_batch(list(texts), add_special_tokens=False)):
            mean = self._mean(encoded.ids)
            top = float(np.abs(mean).max())
            if top:
                out[i] = np.rint(mean * (127 / top)).astype(np.int8)
        return out.tobytes()
