"""The example site's bundle as `mkdocs build` writes it, kept as `tests/evals/bundle.json`, and the same site's
bundle with its record searched (`docent manifest --record search`), kept as `tests/evals/bundle-search.json`.

The turn's, the screen's and the tool checks' tests, and the evals when no bundle is built, read this snapshot;
`tests/sidecar/test_evals.py` checks that it is still what the build writes. After changing `docs/`,
`mkdocs.yml` or the build stage, run `python -m tests.evals.example` to write it again.
"""

from __future__ import annotations

import shutil

from tests.attack.site import SEARCH_SNAPSHOT, SNAPSHOT, example_bundle, example_search_bundle


def main() -> None:
    shutil.copy(example_bundle(), SNAPSHOT)
    shutil.copy(example_search_bundle(), SEARCH_SNAPSHOT)
    print(f"wrote {SNAPSHOT} and {SEARCH_SNAPSHOT}")


if __name__ == "__main__":
    main()
