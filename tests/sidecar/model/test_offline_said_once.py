"""The offline model says a sentence once: a sentence picked from a list item is not said again inside the item
when the list is said after it."""

from __future__ import annotations

from docent.schema import Block, Manifest
from docent.schema import RecordSection as Section
from docent.sidecar.offline import OfflineModel

# Uvicorn's "Built-in" section of its deployment guide, as the record keeps it.
BUILT_IN = Section.of("built-in", page="deployment", path="/deployment/#built-in", headings=("Deployment", "Built-in"),
                      blocks=(
    Block("paragraph", "Uvicorn includes a --workers option that allows you to run multiple worker processes.",
          code=("--workers",)),
    Block("code", "$ uvicorn main:app --workers 4", lang="bash"),
    Block("paragraph", "Unlike gunicorn, uvicorn does not use pre-fork, but uses spawn, which allows uvicorn's "
          "multiprocess manager to still work well on Windows.", code=("spawn",)),
    Block("paragraph", "You can also manage child processes by sending specific signals to the main process. (Not "
          "supported on Windows.)"),
    Block("item", "SIGHUP: Work processeses are graceful restarted one after another. If you update the code, the new "
          "worker process will use the new code.", marker="-", code=("SIGHUP",)),
    Block("item", "SIGTTIN: Increase the number of worker processes by one.", marker="-", code=("SIGTTIN",)),
    Block("item", "SIGTTOU: Decrease the number of worker processes by one.", marker="-", code=("SIGTTOU",)),
))


def test_a_sentence_of_a_list_item_is_not_said_again_with_its_list() -> None:
    """Asked "How do I run uvicorn with several worker processes?", the answer said "If you update the code, the new
    worker process will use the new code." after the --workers sentence, then again in the SIGHUP item below it
    (a new user's walk on Uvicorn's docs, round 25)."""
    model = OfflineModel.of({BUILT_IN.id: BUILT_IN}, manifest=Manifest(site_name="Uvicorn", kind="docs"))
    said = model.answer("How do I run uvicorn with several worker processes?")[0]
    text = " ".join(said)
    assert text.count("If you update the code") == 1, said
    assert any(s.startswith("- `SIGHUP`") and "If you update the code" in s for s in said), said
    assert "--workers" in said[0], said

