"""The number rule on figures joined to their units, as documentation writes them (issue 21): Kubernetes quantities
("40Mi", "25Gi", "100m" of CPU), Go durations ("5m", "5m1s", "10m30s"), sizes ("40Mb", "3G"). Each is read in its
unit's family and compared there (1m = 60 s; 1Gi = 1024Mi; MiB and MB alike); a changed figure or unit is held, and
what cannot be decided (a lower-case m with no CPU beside it, inline code) is let through. The sections are the
vendored sites' own text (OpenFaaS's YAML reference and timeouts tutorial, docker-mailserver's Kubernetes page)."""

from __future__ import annotations

import pytest

from docent.sidecar.answer import numbers
from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

RECORD = record_of(
    _section(
        "memory-limits", "Memory limits",
        "Here we constrain the url-ping function to only use 40Mb of RAM at a maximum.\n"
        'Important note: The value for memory for Kubernetes needs to be in the format "Mi".\n'
        "  url-ping:\n    lang: python\n    limits:\n      memory: 40Mi\n    requests:\n      memory: 20Mi",
    ),
    _section(
        "cpu-limits", "CPU limits",
        "Here we constrain a function to use only 100m which is equivalent to 1/10 of an Intel Hyperthread core.\n"
        "  url-ping:\n    limits:\n      cpu: 100m\n    requests:\n      cpu: 100m",
    ),
    _section(
        "timeouts", "Timeouts",
        "Partial example showing the timeouts:\n"
        "functions:\n  job:\n    environment:\n      write_timeout: 5m1s\n      read_timeout: 5m1s\n"
        "      exec_timeout: 5m",
    ),
    _section(
        "scale-to-zero", "Scale to zero",
        "You can specify a Go duration such as 5m, 10m30s or 1h.\n"
        "      com.openfaas.scale.zero-duration: 15m",
    ),
    _section(
        "cpu-requests", "CPU requests",
        "Each function requests half a CPU (0.5 cores) and can use up to 1 CPU.\n"
        "  resources:\n    limits:\n      cpu: 1\n    requests:\n      cpu: 0.5",
    ),
    _section(
        "persistence", "Persistence",
        "resources:\n  requests:\n    storage: 25Gi",
    ),
)


def verdict(sentence: str) -> str:
    return fate(Gate(RECORD, Lexicon([])), sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # a figure changed, joined to its unit in the sentence or in the section
        ("The example limits the function's memory to 40Mi, with a request of 20Mi [[memory-limits]].", "shown"),
        ("The example limits the function's memory to 4Gi [[memory-limits]].", "number"),
        ("The example limits the function's memory to 40 gigabytes [[memory-limits]].", "number"),
        ("The example requests 200Mi of memory for the function [[memory-limits]].", "number"),
        ("The volume claim requests 25Gi of storage [[persistence]].", "shown"),
        ("The volume claim requests 250Gi of storage [[persistence]].", "number"),
        ("The volume claim requests 25 gigabytes of storage [[persistence]].", "shown"),  # MiB and MB alike
        ("The volume claim requests 25,600Mi of storage [[persistence]].", "shown"),  # 25Gi = 25,600Mi
        ("The volume claim requests 25 megabytes of storage [[persistence]].", "number"),
        # CPU: millicores where the section's context says CPU
        ("The example limits the function to 100m of CPU [[cpu-limits]].", "shown"),
        ("The example limits the function to 100 millicores of CPU [[cpu-limits]].", "shown"),
        ("The example limits the function to 500m of CPU [[cpu-limits]].", "number"),
        # whole CPUs and cores are 1000m each; a resources block's bare "cpu: 1" is 1000m too
        ("Each function requests 500m of CPU and can use up to 1000m [[cpu-requests]].", "shown"),
        ("Each function requests 500m of CPU and can use up to 2000m [[cpu-requests]].", "number"),
        ("Each function requests 250m of CPU and can use up to 1000m [[cpu-requests]].", "number"),
        # durations, Go's compound form included
        ("In the example, exec_timeout is 5 minutes and read_timeout is 5m1s [[timeouts]].", "shown"),
        ("In the example, exec_timeout is 5 minutes and read_timeout is 301 seconds [[timeouts]].", "shown"),
        ("The job's exec_timeout is 5 seconds [[timeouts]].", "number"),
        ("In the example, exec_timeout is 5m and read_timeout is 5m30s [[timeouts]].", "number"),
        ("The job's exec_timeout is 50m [[timeouts]].", "number"),
        ("A Go duration such as 10m30s or an hour can be given [[scale-to-zero]].", "shown"),
        ("A Go duration such as 630 seconds can be given [[scale-to-zero]].", "shown"),
        ("A Go duration such as 10m45s can be given [[scale-to-zero]].", "number"),
        ("The example's zero-duration is 15 minutes [[scale-to-zero]].", "shown"),
        ("The example's zero-duration is 15 ms [[scale-to-zero]].", "number"),
        # what cannot be decided is let through: a figure in code is the code_term rule's
        ("The example sets `memory: 40Mi` on the function [[memory-limits]].", "shown"),
    ],
)
def test_a_figure_joined_to_its_unit(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("memory: 4Gi", ["4.29497e+09 B"]),
        ("1Gi is 1024Mi", ["1.07374e+09 B", "1.07374e+09 B"]),
        ("--interval=1m30s, 5m0s, 100ms", ["90 s", "300 s", "0.1 s"]),
        ("cpu: 250m, and 1500m cores", ["250 millicores", "1500 millicores"]),
        ("10KiB, 2G of RAM, 8.704kB", ["10240 B", "2.14748e+09 B", "8704 B"]),  # a lower-case k is decimal
        ("5G networks, a 4G signal, 3G of memory", ["3.22123e+09 B"]),  # a generation's name is no size
        ("retention: 15d; 2w", ["1.296e+06 s", "1.2096e+06 s"]),
        ("100rps, 2x, --port=8080", ["100", "2 x", "8080"]),
        ("v1.2m, sha256:9f2c1d, 3d5s, 1h2x", []),  # a name's digits, a hash, no Go duration
        ("a 2d array, 3d plots, kept 7d", ["604800 s"]),  # dimensions, not days
    ],
)
def test_the_forms_read(text: str, said: list[str]) -> None:
    assert [q.said() for q in numbers.quantities(text)] == said


def test_a_lower_case_m_is_read_each_way_it_can_be() -> None:
    """With no CPU beside it and no currency before it, "5m" is 5 minutes, 5 millicores or 5 million: each vouches, so
    a section's "5m" never holds a sentence's "5 million", and "£5m" is five million alone."""
    (five,) = numbers.quantities("a 5m wait")
    assert {q.said() for q in (five, *five.other)} == {"300 s", "5 millicores", "5e+06"}
    assert [q.said() for q in numbers.quantities("a £5m budget")] == ["5e+06"]
    assert numbers.unstated(numbers.quantities("5 million"), numbers.stated("limit: 5m")) == []
    assert numbers.unstated(numbers.quantities("5 ms"), numbers.stated("limit: 5m")) != []


@pytest.mark.parametrize(
    ("said", "section", "vouched"),
    [
        ("4000m of CPU", "Each node has 4 cores.", True),
        ("3000m of CPU", "Each node has 4 cores.", False),
        ("1000m of CPU", "The plan gives you 1 vCore.", True),
        ("4 cores", "limits:\n  cpu: 4000m", True),
        ("4 cores", "The table lists 4 nodes.", True),  # the bare count is a reading too
        ("1000m", "limits:\n  cpu: 1", True),
        ("2000m", "limits:\n  cpu: 1", False),
    ],
)
def test_a_whole_cpu_is_1000_millicores(said: str, section: str, vouched: bool) -> None:
    assert (numbers.unstated(numbers.quantities(said), numbers.stated(section)) == []) is vouched


def test_a_sentences_2d_is_a_name_and_a_sections_is_two_days_too() -> None:
    """"a 2d array" states no figure; a section's "retention: 2d" still vouches for "2 days" (and holds "2 weeks")."""
    assert numbers.unstated(numbers.quantities("a 2d array"), numbers.stated("a 3-D plot")) == []
    assert numbers.unstated(numbers.quantities("2 days"), numbers.stated("retention: 2d")) == []
    assert numbers.unstated(numbers.quantities("2 weeks"), numbers.stated("retention: 2d")) != []


def test_a_ranges_bare_number_takes_each_reading_of_its_neighbours_unit() -> None:
    """"100 and 500m": the bare 100 is 100 minutes or 100 millicores as 500m is, so a resources block's "cpu: 100m"
    vouches for it; a changed figure is still held."""
    section = numbers.stated("resources:\n  requests:\n    cpu: 100m\n  limits:\n    cpu: 500m")
    assert numbers.unstated(numbers.quantities("The CPU request and limit are 100 and 500m"), section) == []
    assert numbers.unstated(numbers.quantities("The CPU request and limit are 200 and 500m"), section) != []


@pytest.mark.parametrize(
    ("said", "section", "vouched"),
    [
        ("The gateway waits 2m30s.", "The gateway waits 2 minutes 30 seconds before it gives up.", True),
        ("The gateway waits 2m40s.", "The gateway waits 2 minutes 30 seconds before it gives up.", False),
        ("Set the timeout to 30m1s.", "Set the timeout to 30 minutes and 1 second.", True),
        ("Set the timeout to 30m2s.", "Set the timeout to 30 minutes and 1 second.", False),
        ("It waits 1h2m3s.", "It waits 1 hour, 2 minutes and 3 seconds.", True),
        ("It waits 2m30s.", "It waits 30 seconds, then 2 minutes.", False),  # no compound: the larger unit first
    ],
)
def test_a_go_compound_against_its_parts_written_out(said: str, section: str, vouched: bool) -> None:
    assert (numbers.unstated(numbers.quantities(said), numbers.stated(section)) == []) is vouched


def test_an_m_beside_memory_is_no_cpus_and_a_capital_kb_is_read_both_ways() -> None:
    """"250m of memory" is no 250 millicores, so a section's CPU "250m" does not vouch for it (a "250Mi" does); "16 KB"
    is 16,384 or 16,000 bytes, "16 kB" 16,000 alone ("16 KiB" is held for it)."""
    cpu = numbers.stated("resources:\n  requests:\n    cpu: 250m\n    memory: 64Mi")
    assert numbers.unstated(numbers.quantities("It requests 250m of memory"), cpu) != []
    assert numbers.unstated(numbers.quantities("It requests 250m of CPU"), cpu) == []
    assert numbers.unstated(numbers.quantities("It requests 250m of memory"), numbers.stated("memory: 250Mi")) == []
    assert numbers.unstated(numbers.quantities("16 KB"), numbers.stated("16384 bytes")) == []
    assert numbers.unstated(numbers.quantities("16 KB"), numbers.stated("16000 bytes")) == []
    assert numbers.unstated(numbers.quantities("16 kB"), numbers.stated("16 KiB")) != []


# docker-mailserver's "Minimum" section and OpenFaaS's hardening page (tests/data/sites), as their bundles keep them.
SIZED = record_of(
    _section(
        "minimum", "Minimum",
        "If you get errors about ClamAV or amavis failing to allocate memory you need more RAM or more swap and of "
        "course docker must be allowed to use swap (not always the case). If you can't use swap at all you may need "
        "3G RAM.",
    ),
    _section(
        "hardening", "Hardening",
        "Each browser instance is memory-intensive. Chromium requires at least 512Mi at idle — use 1Gi for production "
        "workloads, especially when taking full-page screenshots.",
    ),
    _section("other", "Other", "Each browser instance is memory-intensive, so set max_inflight to one."),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Without swap you may need 3 GB of RAM [[minimum]].", "shown"),
        ("Without swap you may need 5 GB of RAM [[minimum]].", "number"),
        ("Chromium requires at least 512 MB at idle [[hardening]].", "shown"),
        ("Chromium requires at least 256 MB at idle [[hardening]].", "number"),
        ("Each browser instance needs MB of memory [[other]].", "unknown_term"),  # no size stated there
    ],
)
def test_a_size_unit_is_mentioned_where_a_section_states_a_size(sentence: str, expected: str) -> None:
    """"MB" and "GB" are capitalised words the proper-name rule would hold; a section that states a size in bytes
    ("3G", "512Mi") mentions them, and the number rule compares the figures."""
    assert fate(Gate(SIZED, Lexicon([])), sentence) == expected
