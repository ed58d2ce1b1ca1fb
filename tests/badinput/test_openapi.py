"""Schemathesis against the sidecar's own OpenAPI document, every operation: no 5xx, answers as documented.

In-process with the state in memory, and through a real `docent serve` on loopback with the state in Redis.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode

from docent.sidecar.app import create_app
from docent.sidecar.offline import OfflineModel

from ..attack.harness import guarded
from ..attack.harness import settings as sidecar_settings
from ..attack.site import write_hand_bundle
from ..sidecars import serving

_bundle = write_hand_bundle(Path(tempfile.mkdtemp(prefix="docent-schema-")))


def _app() -> object:
    from docent.sidecar.answer.bundle import Bundle

    record = Bundle.load(_bundle).record
    return create_app(sidecar_settings(_bundle), model_factory=lambda _s: guarded(OfflineModel.of(record), bulkhead=64))


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


def test_every_operation_answers_as_documented_with_the_state_in_redis(redis_url: str) -> None:
    env = {
        "DOCENT_REDIS_URL": redis_url, "DOCENT_BUNDLE": str(_bundle), "DOCENT_MODEL": "offline", "DOCENT_BULKHEAD": "64",
        "DOCENT_POW_MAXNUMBER": "2000", **{f"DOCENT_RATE_{n}": "100000/minute" for n in ("ADDRESS", "CONVERSATION", "OVERALL", "START", "READ")},
    }
    with serving("schema", _bundle.parent, env) as served:
        api = schemathesis.openapi.from_url(f"{served.base}/api/guide/openapi.json", config=_config)
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):

            @given(case=api.as_strategy(generation_mode=mode))
            @settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck), database=None)
            def every_operation(case: schemathesis.Case) -> None:
                case.call_and_validate()

            every_operation()
