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


# Uvicorn's "HTTPS" settings: a list of seven options, too long to say whole.
HTTPS = Section.of("https", page="settings", path="/settings/#https", headings=("Settings", "HTTPS"), blocks=(
    Block("paragraph", "The SSL context can be configured with the following options:"),
    *(Block("item", f"{flag} - {words}", marker="-", code=(flag,)) for flag, words in (
        ("--ssl-keyfile <path>", "The SSL key file."),
        ("--ssl-keyfile-password <str>", "The password to decrypt the ssl key."),
        ("--ssl-certfile <path>", "The SSL certificate file."),
        ("--ssl-version <int>", "The SSL version to use. Default: ssl.PROTOCOL_TLS_SERVER."),
        ("--ssl-cert-reqs <int>", "Whether client certificate is required. Default: ssl.CERT_NONE."),
        ("--ssl-ca-certs <str>", "The CA certificates file."),
        ("--ssl-ciphers <str>", 'The ciphers to use. Default: "TLSv1".'))),
    Block("paragraph", "To understand more about the SSL context options, please refer to the Python documentation."),
))


def test_an_item_of_a_long_list_said_alone_is_still_an_item() -> None:
    """Three of the seven options, said without their list, ran into one paragraph in the panel and in `ask`'s
    Markdown ("`--ssl-keyfile <path>` - The SSL key file. `--ssl-keyfile-password <str>` - ..."): each is an item."""
    model = OfflineModel.of({HTTPS.id: HTTPS}, manifest=Manifest(site_name="Uvicorn", kind="docs"))
    said = model.answer("How do I serve HTTPS with --ssl-keyfile and --ssl-certfile?")[0]
    options = [s for s in said if "--ssl-" in s and "```" not in s]
    assert len(options) >= 2, said
    assert all(s.startswith("- `--ssl-") for s in options), said
