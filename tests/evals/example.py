"""The example site's bundle as `mkdocs build` writes it, kept as `tests/evals/bundle.json`.

The turn's, the screen's and the tool checks' tests, and the evals when no bundle is built, read this snapshot;
`tests/sidecar/test_evals.py` checks that it is still what the build writes. After changing `docs/`,
`mkdocs.yml` or the build stage, run `python -m tests.evals.example` to write it again.
"""

from __future__ import annotations

import shutil

from tests.attack.site import SNAPSHOT, example_bundle


def main() -> None:
    shutil.copy(example_bundle(), SNAPSHOT)
    print(f"wrote {SNAPSHOT}")


if __name__ == "__main__":
    main()
