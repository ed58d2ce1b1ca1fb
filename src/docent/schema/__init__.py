"""The bundle's nouns, shared by the stage that writes it (manifest_build) and the one that reads it (sidecar).

Stage-neutral: it imports no other stage, and both may import it, so the sidecar never imports the build.
"""

from .blocks import Block, BlockKind, fence, fenced, flat
from .bundle import BundleFile
from .codec import REBUILD, BundleError, decode, plain
from .manifest import Manifest, Owner, site_path
from .mode import Mode, RecordMode
from .records import (
    REFUSAL,
    Action,
    Consequential,
    Experiment,
    Field,
    LexiconEntry,
    Offer,
    Option,
    Page,
    Part,
    Preset,
    RecordSection,
    Section,
    Tour,
    TourStep,
)
from .vectors import Vectors

__all__ = [
    "REBUILD",
    "REFUSAL",
    "Action",
    "Block",
    "BlockKind",
    "BundleError",
    "BundleFile",
    "Consequential",
    "Experiment",
    "Field",
    "LexiconEntry",
    "Manifest",
    "Mode",
    "Offer",
    "Option",
    "Owner",
    "Page",
    "Part",
    "Preset",
    "RecordMode",
    "RecordSection",
    "Section",
    "Tour",
    "TourStep",
    "Vectors",
    "decode",
    "fence",
    "fenced",
    "flat",
    "plain",
    "site_path",
]
