"""The defaults rule (`answer/rules/defaults.py`, reason `actor`): one option's default told of another.

Sections from development sites' records, their text as the record has it: Traefik's health check options and its
Prometheus metrics options (round 20), Textual's border title alignment (round 22), DRF's COERCE_BIGINT_TO_STRING
setting (round 7). The falsehoods give an option the default the section gives a sibling option (Traefik's two
Prometheus labels swapped and Textual's two alignments swapped are round 20's and 22's development falsehoods), or
the other value of a switch; each was shown before this rule. The faithful sentences state each option's own default,
and must stay shown.
"""

from __future__ import annotations

import pytest

from tests.sidecar.gating import docs_section, verdicts

judged = verdicts(
    docs_section("health-check", "Health Check",  # Traefik's docs, routing-configuration/http/load-balancing/service.md
                 "Below are the available options for the health check mechanism:\n"
                 "path: Description Defines the server URL path for the health check endpoint.; Required Yes\n"
                 "interval: Description Defines the frequency of the health check calls for healthy targets.; "
                 "Default 30s; Required No\n"
                 "unhealthyInterval: Description Defines the frequency of the health check calls for unhealthy targets. "
                 "When not defined, it defaults to the interval value.; Required No\n"
                 "timeout: Description Defines the maximum duration Traefik will wait for a health check request "
                 "before considering the server unhealthy.; Default 5s; Required No",
                 "Service", "Service Load Balancer"),
    docs_section("prometheus-options", "Configuration Options",  # Traefik's docs, install-configuration/.../metrics.md
                 "metrics.prometheus.addEntryPointsLabels: Description Enable metrics on entry points.; Default true; "
                 "Required No\n"
                 "metrics.prometheus.addRoutersLabels: Description Enable metrics on routers.; Default false; "
                 "Required No\n"
                 "metrics.prometheus.addServicesLabels: Description Enable metrics on services.; Default true; "
                 "Required No", "Metrics", "Vendors", "Prometheus"),
    docs_section("title-alignment", "Title alignment",  # Textual's docs, styles/border.md
                 "There are two styles to set the alignment of these border labels, which may be set to \"left\", "
                 "\"right\", or \"center\".\n"
                 "- border-title-align sets the alignment of the title, which defaults to \"left\".\n"
                 "- border-subtitle-align sets the alignment of the subtitle, which defaults to \"right\".",
                 "Styles", "Border"),
    docs_section("coerce_bigint_to_string", "COERCE_BIGINT_TO_STRING",  # DRF's docs, api-guide/settings.md
                 "When returning biginteger objects in API representations that do not support numbers up to 2^64, "
                 "it is best to return the value as a string. When set to True, the serializer BigIntegerField class "
                 "(by default) will return strings instead of BigInteger objects. When set to False, serializers will "
                 "return BigInteger objects, which the default JSON encoder will return as numbers. Default: False",
                 "Settings", "Encodings"),
)


@pytest.mark.parametrize("sentence", [
    "In a service health check, it is the `timeout` option that defaults to 30s [[health-check]].",
    "For Prometheus, `metrics.prometheus.addRoutersLabels` defaults to true, whereas "
    "`metrics.prometheus.addServicesLabels` defaults to false [[prometheus-options]].",
    "Of the two border label alignment styles, `border-title-align` defaults to \"right\" and "
    "`border-subtitle-align` defaults to \"left\" [[title-alignment]].",
    "Out of the box `COERCE_BIGINT_TO_STRING` is True, so BigIntegerField values are returned as strings "
    "[[coerce_bigint_to_string]].",
    "By default, `addRoutersLabels` is true [[prometheus-options]].",
], ids=["traefik-timeout", "traefik-labels", "textual-align", "drf-switch", "last-dotted-part"])
def test_one_options_default_told_of_another_is_held(sentence: str) -> None:
    assert judged(sentence) == "actor"


@pytest.mark.parametrize("sentence", [
    "In a service health check, the `interval` option defaults to 30s and `timeout` to 5s [[health-check]].",
    "For Prometheus, `metrics.prometheus.addServicesLabels` defaults to true, whereas "
    "`metrics.prometheus.addRoutersLabels` defaults to false [[prometheus-options]].",
    "`border-title-align` defaults to \"left\" and `border-subtitle-align` defaults to \"right\" [[title-alignment]].",
    "`COERCE_BIGINT_TO_STRING` is False by default, so BigInteger objects come back as numbers "
    "[[coerce_bigint_to_string]].",
    # a value no other option of the sections has: not a default told of another (the number rule's to read)
    "The `timeout` option defaults to 5s, and `interval` is the frequency of the calls [[health-check]].",
], ids=["traefik-interval", "traefik-labels", "textual-align", "drf-switch", "own-value"])
def test_each_options_own_default_is_shown(sentence: str) -> None:
    assert judged(sentence) == "shown"


# A section's default that is the prose it goes on in, no value ("When not defined, it defaults to the interval value";
# "Default value: 1000" read as "value:"): the option's own default is unknown, not that word.
stated = verdicts(
    docs_section("health-check", "Health Check",  # Traefik's docs, as above
                 "interval: Description Defines the frequency of the health check calls for healthy targets.; "
                 "Default 30s; Required No\n"
                 "unhealthyInterval: Description Defines the frequency of the health check calls for unhealthy targets. "
                 "When not defined, it defaults to the interval value.; Required No", "Service"),
    docs_section("webhook-retries", "Parameters",  # Argo CD's notifications webhook parameters, in their form
                 "retryWaitMin: Description the minimum time to wait between retries.; Default value: 1\n"
                 "retryMax: Description the maximum number of retries.; Default value: 3", "Webhook"),
)


def test_a_default_told_in_prose_is_no_value() -> None:
    assert stated("When it is not defined, `unhealthyInterval` defaults to 30s [[health-check]].") == "shown"


def test_a_default_after_default_value_is_read() -> None:
    assert stated("`retryMax` defaults to 1 [[webhook-retries]].") == "actor"
