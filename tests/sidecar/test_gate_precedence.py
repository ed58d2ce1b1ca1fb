"""The precedence rule (`answer/precedence.py`, reason `direction`): which of two things wins told the other way round.

Sections from development sites' records (their text as the record has it): Uvicorn's configuration methods (round 5),
DRF's content negotiation (round 7), Traefik's BasicAuth `users & usersFile` (round 20), Argo CD's Helm value
precedence (round 25). The falsehoods are the development sets' (rounds 5, 7, 20, 25), each shown before this rule; the
faithful sentences tell the same ranking as the section does, in its words or in the ranking's other forms (a
passive, "ranks below", "a lower priority than"), and must stay shown.
"""

from __future__ import annotations

import pytest

from tests.sidecar.gating import docs_section, verdicts

judged = verdicts(
    docs_section("configuration-methods", "Configuration Methods",  # Uvicorn's docs, settings.md
                 "There are three ways to configure Uvicorn:\n"
                 "1. Command Line: Use command line options when running Uvicorn directly.\n"
                 "uvicorn main:app --host 0.0.0.0 --port 8000\n"
                 "3. Environment Variables: Use environment variables with the prefix UVICORN_.\n"
                 "export UVICORN_PORT=\"8000\"\n"
                 "CLI options and the arguments for uvicorn.run() take precedence over environment variables. Also note "
                 "that UVICORN_* prefixed settings cannot be used from within an environment configuration file.",
                 "Settings"),
    docs_section("determining-the-accepted-renderer", "Determining the accepted renderer",  # DRF's content-negotiation.md
                 "REST framework uses a simple style of content negotiation to determine which media type should be "
                 "returned to a client, based on the available renderers, the priorities of each of those renderers, "
                 "and the client's Accept: header.\n"
                 "1. More specific media types are given preference to less specific media types.\n"
                 "2. If multiple media types have the same specificity, then preference is given to based on the "
                 "ordering of the renderers configured for the given view.", "Content negotiation"),
    docs_section("users-usersfile", "users & usersFile",  # Traefik's BasicAuth middleware, basicauth.md
                 "- If both users and usersFile are provided, they are merged. The values in users have precedence "
                 "over the contents of usersFile.\n- Because referencing a file path isn't feasible on Kubernetes, the "
                 "users & usersFile field isn't used in Kubernetes IngressRoute.", "BasicAuth", "Configuration Options"),
    docs_section("helm-value-precedence", "Helm Value Precedence",  # Argo CD's helm.md
                 "So valuesObject trumps values - therefore values will be ignored, and both valuesObject and values "
                 "trump valueFiles. Parameters trump all of them. Precedence of multiple valueFiles: When multiple "
                 "valueFiles are specified, the last file listed has the highest precedence.\n"
                 "In this case, values-file-1.yaml will override values from values-file-2.yaml.", "Helm"),
)


@pytest.mark.parametrize("sentence", [
    "UVICORN_ environment variables rank higher than CLI options, so an exported UVICORN_PORT wins over --port "
    "[[configuration-methods]].",
    "During content negotiation, less specific media types are given preference over more specific ones "
    "[[determining-the-accepted-renderer]].",
    "If both `users` and `usersFile` are provided to the BasicAuth middleware, they are merged, and the contents of "
    "`usersFile` take precedence over the values in `users` [[users-usersfile]].",
    "In Helm value precedence, `values` trumps `valuesObject`, and both take precedence over `valueFiles` "
    "[[helm-value-precedence]].",
    "Environment variables override CLI options [[configuration-methods]].",
    "CLI options are overridden by environment variables [[configuration-methods]].",
], ids=["uvicorn-rank", "drf-specific", "traefik-usersfile", "argo-trumps", "override", "overridden-by"])
def test_a_ranking_told_the_other_way_round_is_held(sentence: str) -> None:
    assert judged(sentence) == "direction"


@pytest.mark.parametrize("sentence", [
    "CLI options and uvicorn.run() arguments take precedence over environment variables [[configuration-methods]].",
    "Environment variables are overridden by CLI options [[configuration-methods]].",
    "Environment variables rank below CLI options [[configuration-methods]].",
    "Environment variables have a lower priority than CLI options [[configuration-methods]].",
    "More specific media types are given preference over less specific ones [[determining-the-accepted-renderer]].",
    "If both are provided, the values in `users` take precedence over the contents of `usersFile` [[users-usersfile]].",
    "`valuesObject` trumps `values`, and both take precedence over `valueFiles` [[helm-value-precedence]].",
    # a ranking the sections do not state between these sides (another ranking of the section names one of them)
    "`values-file-2.yaml` overrides `values` [[helm-value-precedence]].",
], ids=["restated", "passive", "ranks-below", "lower-priority", "given-preference", "code-sides", "trumps",
        "other-sides"])
def test_a_ranking_told_as_the_sections_tell_it_is_shown(sentence: str) -> None:
    assert judged(sentence) == "shown"



# A ranking by a list's order: the unit before the list says it is "in order of preference" (precedence), each item
# above those after it. DRF's UserRateThrottle (round 7's site) and uv's HTTP credentials (round 8's), as the record
# has them; a list in increasing order (a made-up one) is not read.
listed = verdicts(
    docs_section("userratethrottle", "UserRateThrottle",
                 "The UserRateThrottle will throttle users to a given rate of requests across the API. The allowed "
                 "request rate is determined from one of the following (in order of preference).\n"
                 "- The rate property on the class, which may be provided by overriding UserRateThrottle and setting "
                 "the property.\n- The DEFAULT_THROTTLE_RATES['user'] setting.", "Throttling", "API Reference"),
    docs_section("concepts-authentication-http", "HTTP credentials",
                 "uv supports credentials over HTTP when querying package registries.\nAuthentication can come from "
                 "the following sources, in order of precedence:\n- The URL, e.g., "
                 "https://<user>:<password>@<hostname>/...\n- A netrc configuration file\n- The uv credentials store\n"
                 "- A keyring provider (off by default)", "Authentication"),
    docs_section("sources", "Sources",
                 "Settings are read from these files, in increasing order of precedence:\n- The global settings file\n"
                 "- The project settings file", "Settings"),
)


@pytest.mark.parametrize(("sentence", "expected"), [
    ("The `DEFAULT_THROTTLE_RATES['user']` setting takes precedence over a rate property set on the class "
     "[[userratethrottle]].", "direction"),
    ("A keyring provider takes precedence over a netrc configuration file [[concepts-authentication-http]].",
     "direction"),
    # told in the list's order
    ("A rate property set on the class is preferred over the `DEFAULT_THROTTLE_RATES['user']` setting "
     "[[userratethrottle]].", "shown"),
    ("Credentials in a netrc file take precedence over the uv credentials store [[concepts-authentication-http]].",
     "shown"),
    # a list in increasing order is not read, either way
    ("The project settings file takes precedence over the global settings file [[sources]].", "shown"),
    ("The global settings file takes precedence over the project settings file [[sources]].", "shown"),
], ids=["drf-rate", "uv-keyring", "drf-in-order", "uv-in-order", "increasing-in-order", "increasing-crossed"])
def test_a_ranking_by_a_lists_order(sentence: str, expected: str) -> None:
    assert listed(sentence) == expected
