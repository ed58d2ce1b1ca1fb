"""Holes review34 found in this round's gate readings, on development sites' own rows, pinned as strict xfails until
a rule closes them (each sentence below is faithful to the row it cites, and held).

- The cells rule (da402540, `rules/cells.py`) read "the default of X is V" with "of" before its value: the value it
  compared was then "X is V", whose first word is the label's, and where a cell of the same row (its description)
  opens with that word, the label was taken for a value the table binds elsewhere. External-dns' chart values (round
  17, `charts/external-dns`): "The default of `interval` is "1m"" held `actor` where the row gives Default "1m";
  34 of 1,526 such faithful sentences over rounds 5-29's Default columns. Closed since: the value is read after the
  label (33 of the 34 shown; the same sentences told with another row's default still held).
- The parallels rule (18cbb24f, `parallels.py`) pairs a table's alike rows and holds a row's own default told of it:
  Traefik's Nomad options (round 20): "`providers.nomad.stale` defaults to false" held `actor` where the row gives
  Default false; 11 of 3,052 faithful "defaults to" / "the default of ... is" sentences of those rows held by it.
The same sentences in the form the embedded model says a row ("`providers.nomad.stale` — default false: ...") are
shown, and are checked here so that the pins are not of a gate that holds everything of these rows.
"""

from __future__ import annotations

import pytest

from docent.schema import Block
from tests.sidecar.gating import docs_section, page_section, verdicts

VALUES = ("Key", "Type", "Default", "Description")  # external-dns' chart values (charts/external-dns/README.md)
VALUE_ROWS = [
    ("interval: Type string; Default \"1m\"; Description Interval for DNS updates.",
     ("interval", "string", "\"1m\"", "Interval for DNS updates.")),
    ("registry: Type string; Default \"txt\"; Description Specify the registry for storing ownership and labels. Valid "
     "values are txt, aws-sd, crd, dynamodb & noop.",
     ("registry", "string", "\"txt\"", "Specify the registry for storing ownership and labels. Valid values are txt, "
      "aws-sd, crd, dynamodb & noop.")),
    ("service.port: Type int; Default 7979; Description Service HTTP port.",
     ("service.port", "int", "7979", "Service HTTP port.")),
]
NOMAD = ("Field", "Description", "Default", "Required")  # Traefik's Nomad provider options
NOMAD_ROWS = [  # Traefik's Nomad provider options, the section's 20 rows as the build keeps them (text, cells)
    ("providers.providersThrottleDuration: Description Minimum amount of time to wait for, after"
     " a configuration reload, before taking into account any new configuration refresh event. I"
     "f multiple events occur within this time, only the most recent one is taken into account, "
     "and all others are discarded. This option cannot be set per provider, but the throttling a"
     "lgorithm applies to each of them independently.; Default 2s; Required No",
     ("providers.providersThrottleDuration",
      "Minimum amount of time to wait for, after a configuration reload, before taking into accou"
      "nt any new configuration refresh event. If multiple events occur within this time, only th"
      "e most recent one is taken into account, and all others are discarded. This option cannot "
      "be set per provider, but the throttling algorithm applies to each of them independently.",
      "2s",
      "No")),
    ("providers.nomad.namespaces: Description Defines the namespaces in which the nomad services"
     " will be discovered.; Required No",
     ("providers.nomad.namespaces",
      "Defines the namespaces in which the nomad services will be discovered.",
      "\"\"",
      "No")),
    ("providers.nomad.refreshInterval: Description Defines the polling interval. This option is "
     "ignored when the watch option is enabled; Default 15s; Required No",
     ("providers.nomad.refreshInterval",
      "Defines the polling interval. This option is ignored when the watch option is enabled",
      "15s",
      "No")),
    ("providers.nomad.watch: Description Enables the watch mode to refresh the configuration on "
     "a per-event basis.; Default false; Required No",
     ("providers.nomad.watch",
      "Enables the watch mode to refresh the configuration on a per-event basis.",
      "false",
      "No")),
    ("providers.nomad.throttleDuration: Description Defines how often the provider is allowed to"
     " handle service events from Nomad. This option is only compatible when the watch option is"
     " enabled; Default 0s; Required No",
     ("providers.nomad.throttleDuration",
      "Defines how often the provider is allowed to handle service events from Nomad. This option"
      " is only compatible when the watch option is enabled",
      "0s",
      "No")),
    ("providers.nomad.defaultRule: Description The Default Host rule for all services. See here "
     "for more information; Default \"Host(`{{ normalize .Name }}`)\"; Required No",
     ("providers.nomad.defaultRule",
      "The Default Host rule for all services. See here for more information",
      "\"Host(`{{ normalize .Name }}`)\"",
      "No")),
    ("providers.nomad.constraints: Description Defines an expression that Traefik matches agains"
     "t the container labels to determine whether to create any route for that container. See he"
     "re for more information.; Required No",
     ("providers.nomad.constraints",
      "Defines an expression that Traefik matches against the container labels to determine wheth"
      "er to create any route for that container. See here for more information.",
      "\"\"",
      "No")),
    ("providers.nomad.exposedByDefault: Description Expose Nomad services by default in Traefik."
     " If set to false, services that do not have a traefik.enable=true tag will be ignored from"
     " the resulting routing configuration. See here for additional information; Default true; R"
     "equired No",
     ("providers.nomad.exposedByDefault",
      "Expose Nomad services by default in Traefik. If set to false, services that do not have a "
      "traefik.enable=true tag will be ignored from the resulting routing configuration. See here"
      " for additional information",
      "true",
      "No")),
    ("providers.nomad.allowEmptyServices: Description Instructs the provider to create any serve"
     "rs load balancer defined for Nomad services even when those services are scaled to zero in"
     "stances.; Default false; Required No",
     ("providers.nomad.allowEmptyServices",
      "Instructs the provider to create any servers load balancer defined for Nomad services even"
      " when those services are scaled to zero instances.",
      "false",
      "No")),
    ("providers.nomad.prefix: Description Defines the prefix for Nomad service tags defining Tra"
     "efik labels.; Default traefik; Required No",
     ("providers.nomad.prefix",
      "Defines the prefix for Nomad service tags defining Traefik labels.",
      "traefik",
      "No")),
    ("providers.nomad.stale: Description Instructs Traefik to use stale consistency for Nomad se"
     "rvice API reads. See here for more information; Default false; Required No",
     ("providers.nomad.stale",
      "Instructs Traefik to use stale consistency for Nomad service API reads. See here for more "
      "information",
      "false",
      "No")),
    ("providers.nomad.endpoint.address: Description Defines the Address of the Nomad server.; De"
     "fault http://127.0.0.1:4646; Required No",
     ("providers.nomad.endpoint.address",
      "Defines the Address of the Nomad server.",
      "http://127.0.0.1:4646",
      "No")),
    ("providers.nomad.endpoint.region: Description Defines the Nomad region to use. If not provi"
     "ded, the local agent region is used.; Required No",
     ("providers.nomad.endpoint.region",
      "Defines the Nomad region to use. If not provided, the local agent region is used.",
      "\"\"",
      "No")),
    ("providers.nomad.endpoint.token: Description Defines a per-request ACL token if Nomad ACLs "
     "are enabled. See here for more information; Required No",
     ("providers.nomad.endpoint.token",
      "Defines a per-request ACL token if Nomad ACLs are enabled. See here for more information",
      "\"\"",
      "No")),
    ("providers.nomad.endpoint.endpointWaitTime: Description Defines a duration for which a watc"
     "h can block. If not provided, the agent default values will be used.; Required No",
     ("providers.nomad.endpoint.endpointWaitTime",
      "Defines a duration for which a watch can block. If not provided, the agent default values "
      "will be used.",
      "\"\"",
      "No")),
    ("providers.nomad.endpoint.tls: Description Defines the TLS configuration used for the secur"
     "e connection to the Nomad APi.; Required No",
     ("providers.nomad.endpoint.tls",
      "Defines the TLS configuration used for the secure connection to the Nomad APi.",
      "-",
      "No")),
    ("providers.nomad.endpoint.tls.ca: Description Defines the path to the certificate authority"
     " used for the secure connection to the Nomad API, it defaults to the system bundle.; Requi"
     "red No",
     ("providers.nomad.endpoint.tls.ca",
      "Defines the path to the certificate authority used for the secure connection to the Nomad "
      "API, it defaults to the system bundle.",
      "\"\"",
      "No")),
    ("providers.nomad.endpoint.tls.cert: Description Defines the path to the public certificate "
     "used for the secure connection to the Nomad API. When using this option, setting the key o"
     "ption is required.; Required Yes",
     ("providers.nomad.endpoint.tls.cert",
      "Defines the path to the public certificate used for the secure connection to the Nomad API"
      ". When using this option, setting the key option is required.",
      "'\"",
      "Yes")),
    ("providers.nomad.endpoint.tls.key: Description Defines the path to the private key used for"
     " the secure connection to the Nomad API. When using this option, setting the cert option i"
     "s required.; Required Yes",
     ("providers.nomad.endpoint.tls.key",
      "Defines the path to the private key used for the secure connection to the Nomad API. When "
      "using this option, setting the cert option is required.",
      "\"\"",
      "Yes")),
    ("providers.nomad.endpoint.tls.insecureSkipVerify: Description Instructs the provider to acc"
     "ept any certificate presented by Nomad when establishing a TLS connection, regardless of t"
     "he hostnames the certificate covers.; Default false; Required No",
     ("providers.nomad.endpoint.tls.insecureSkipVerify",
      "Instructs the provider to accept any certificate presented by Nomad when establishing a TL"
      "S connection, regardless of the hostnames the certificate covers.",
      "false",
      "No")),
]
judged = verdicts(
    page_section("values", "Values", *(Block("row", line, cells=cells, header=VALUES) for line, cells in VALUE_ROWS)),
    page_section("configuration-options", "Configuration Options",
                 *(Block("row", line, cells=cells, header=NOMAD) for line, cells in NOMAD_ROWS)),
)


@pytest.mark.parametrize(
    "sentence",
    [
        "The default of `interval` is \"1m\" [[values]].",
        "The default of `service.port` is 7979 [[values]].",
    ],
)
def test_the_default_of_an_option_told_as_its_row_gives_it_is_shown(sentence: str) -> None:
    assert judged(sentence) == "shown"


@pytest.mark.parametrize(
    "sentence",
    [
        "The default of `interval` is \"txt\" [[values]].",  # the registry row's default
        "The default of `service.port` is \"1m\" [[values]].",  # the interval row's
    ],
)
def test_the_default_of_an_option_told_as_another_rows_is_held(sentence: str) -> None:
    assert judged(sentence) == "actor"


@pytest.mark.xfail(strict=True, reason="parallels: a row's own default told of it held as the alike row's")
def test_an_options_own_default_told_of_it_is_shown() -> None:
    assert judged("`providers.nomad.stale` defaults to false [[configuration-options]].") == "shown"


@pytest.mark.parametrize(
    "sentence",
    [
        "`interval` — default \"1m\": Interval for DNS updates [[values]].",
        "`providers.nomad.stale` — default false: Instructs Traefik to use stale consistency for Nomad service API "
        "reads [[configuration-options]].",
    ],
)
def test_the_rows_as_the_embedded_model_says_them_are_shown(sentence: str) -> None:
    assert judged(sentence) == "shown"


def test_a_default_told_of_the_wrong_row_is_held() -> None:
    assert judged("The default of `registry` is 7979 [[values]].") != "shown"


# A faithful converse of a comparison the section makes ("pasta is more efficient than slirp4netns" told as
# "slirp4netns is less efficient than pasta") is held `direction`, before this round and after it: the converse rule
# (8b218994) lets such a sentence through, but the older direction rule holds it first (more/less read against the
# unit's word). review34's attack on rounds 5-29's sections: of 26 comparisons "A is/are <comparative> ... than B"
# whose clause is the whole unit, 23 faithful converses ("B is/are <other side> ... than A") held, at 059e6abb and at
# main alike. Docker-mailserver's Podman page (round 14) and DRF's pagination guide (round 7).
conversed = verdicts(
    docs_section("use-the-pasta-network-driver", "Use the pasta network driver",
                 "Since Podman 5.0 the default rootless network driver is now pasta instead of slirp4netns. These two "
                 "drivers have some differences: Notable differences of pasta network mode compared to slirp4netns "
                 "include:\n- pasta supports IPv6 port forwarding.\n- pasta is more efficient than slirp4netns.\n- pasta "
                 "copies IP addresses from the host, while slirp4netns uses a predefined IPv4 address."),
    docs_section("cursorpagination", "CursorPagination",
                 "Cursor based pagination requires that there is a unique, unchanging ordering of items in the result "
                 "set. Cursor based pagination is more complex than other schemes. It also requires that the result set "
                 "presents a fixed ordering."),
)


@pytest.mark.parametrize(
    "sentence",
    [
        "slirp4netns is less efficient than pasta [[use-the-pasta-network-driver]].",
        "Other schemes are less complex than cursor based pagination [[cursorpagination]].",
    ],
)
@pytest.mark.xfail(strict=True, reason="direction: a faithful converse (the other side of the scale, the sides turned) held")
def test_a_comparison_told_conversely_is_shown(sentence: str) -> None:
    assert conversed(sentence) == "shown"


@pytest.mark.parametrize(
    "sentence",
    [
        "pasta is more efficient than slirp4netns [[use-the-pasta-network-driver]].",
        "Other schemes are more complex than cursor based pagination [[cursorpagination]].",
    ],
)
def test_the_comparison_as_the_section_says_it_is_shown_and_turned_round_held(sentence: str) -> None:
    assert (conversed(sentence) == "shown") is sentence.startswith("pasta")
