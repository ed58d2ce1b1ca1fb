"""Schemathesis against the sidecar's own OpenAPI document, every operation, in-process: no 5xx, answers as documented."""

from __future__ import annotations

import tempfile
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings

from docent.sidecar.app import create_app
from docent.sidecar.model.offline import OfflineModel

from ..attack.harness import guarded
from ..attack.harness import settings as sidecar_settings
from ..attack.site import write_hand_bundle

_bundle = write_hand_bundle(Path(tempfile.mkdtemp(prefix="docent-schema-")))


def _app() -> object:
    from docent.sidecar.bundle import Bundle

    record = Bundle.load(_bundle).record
    return create_app(sidecar_settings(_bundle), model_factory=lambda _s: guarded(OfflineModel(lambda: record), bulkhead=64))


# A body past the size limit is refused with 413 before it is read: a documented rejection of bad data.
_REJECTIONS = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428", "429"]
_config = schemathesis.config.SchemathesisConfig.from_dict(
    {"checks": {"negative_data_rejection": {"expected-statuses": _REJECTIONS}}}
)
schema = schemathesis.openapi.from_asgi("/api/guide/openapi.json", _app(), config=_config)


@schema.parametrize()
@settings(max_examples=50, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_operation_answers_as_documented(case: schemathesis.Case) -> None:
    case.call_and_validate()
