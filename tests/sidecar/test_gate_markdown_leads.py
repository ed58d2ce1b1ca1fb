"""A lead line and the block after it, in the Markdown chat models write (issue 21, round 18): a list after a cited line
ending in a colon is that line's, and an uncited line ending in a colon may name what the block after it cites. Each
faithful reply is shown; the same reply made false is held. The sections are Docker Mailserver's and OpenFaaS's
documentation, as the vendored sites give them."""

from __future__ import annotations

import pytest

from docent.schema import Block
from tests.sidecar.gating import fates, record_of
from tests.sidecar.gating import page_section as _section

RECORD = record_of(
    _section("ipv6", "What can go wrong?", Block(
        "paragraph", "If your host system supports IPv6 and an AAAA DNS record exists to direct IPv6 traffic to DMS, "
        "you may experience issues when an IPv6 connection is made:"), Block(
        "list", "- The original client IP is replaced with the gateway IP of a docker network.\n"
        "- Connections fail or hang."), Block(
        "paragraph", "The impact of losing the real IP of the client connection can negatively affect DMS:"), Block(
        "list", "- Users unable to login (Fail2Ban action triggered by repeated login failures all seen as from the "
        "same internal Gateway IP)\n- Mail inbound to DMS is rejected (SPF verification failure, IP mismatch)")),
    _section("secrets", "Manage secrets", Block(
        "paragraph", "The OpenFaaS CLI allows you to create, update, list and delete secrets using faas-cli instead "
        "of Docker or Kubernetes command line tools.")),
    _section("api-key", "Create a secret for the API key", Block(
        "paragraph", "Store your OpenAI API key as an OpenFaaS secret. Save your API key to openai-api-key.txt, then "
        "run:"), Block("code", "faas-cli secret create openai-api-key --from-file openai-api-key.txt", lang="sh")),
)

PROBLEMS = "If your host supports IPv6 and an AAAA record sends IPv6 traffic to DMS, you may see two problems [[ipv6]]:\n\n{}"
IMPACT = "Losing the real client IP can hurt DMS [[ipv6]]:\n\n- **Logins:** {}\n- **Inbound mail:** {}\n\nCheck your host."
SAVE = ("The CLI can create, update, list and delete secrets [[secrets]].\n\n{}\n\n```sh\n"
        "faas-cli secret create openai-api-key --from-file openai-api-key.txt\n```\n[[api-key]]\n")


@pytest.mark.parametrize(
    ("reply", "said"),
    [
        # An item too long for a connective cites what the lead line cites, and is checked against it ...
        (PROBLEMS.format("- The original client IP is replaced with the gateway IP of a docker network.\n"
                         "- Connections fail or hang.\n"), ["shown", "shown", "shown"]),
        (PROBLEMS.format("- The original client IP is never replaced with the gateway IP of a docker network.\n"
                         "- Connections fail or hang.\n"), ["shown", "polarity", "shown"]),
        # ... a bold label's item too, and the sentence after it in the item; the paragraph after the list does not.
        (IMPACT.format("users may be unable to log in, since Fail2Ban sees every failure as from the same gateway IP.",
                       "it is rejected when SPF verification fails. Its IP does not match."),
         ["shown", "shown", "shown", "shown", "shown"]),
        (IMPACT.format("users may be unable to log in, since Fail2Ban sees every failure as from the same gateway IP.",
                       "it is never rejected when SPF verification fails. Its IP does not match."),
         ["shown", "shown", "polarity", "shown", "shown"]),
        ("The impact of losing the client IP can hurt DMS [[ipv6]]:\n\n- Mail is rejected.\n\n"
         "Then your users will be unable to login from home.", ["shown", "shown", "uncited"]),
        # A lead that cites nothing, or ends in a full stop, lends no citation: its long items are held, as before.
        ("If your host supports IPv6, you may see two issues [[ipv6]]. They are these.\n\n"
         "- The original client IP is replaced with the gateway IP of a docker network.\n",
         ["shown", "shown", "uncited"]),
        # A cited count that shares no word with its sections is read as the list's uncited count ("Two steps:").
        ("Two problems [[ipv6]]:\n\n- The original client IP is replaced with the gateway IP of a docker network.\n"
         "- Connections fail or hang.\n", ["shown", "shown", "shown"]),
        ("Three problems [[ipv6]]:\n\n- The original client IP is replaced with the gateway IP of a docker network.\n"
         "- Connections fail or hang.\n", ["number", "shown", "shown"]),
        # A short item naming code may name what the lead's sections mention, the lead a count or not.
        ("Two steps [[api-key]]:\n\n1. Save it to `openai-api-key.txt`.\n2. Run the command.\n",
         ["shown", "shown", "shown"]),
        ("Two steps [[api-key]]:\n\n1. Save it to `openai-key.txt`.\n2. Run the command.\n",
         ["shown", "code_term", "shown"]),
        # An uncited line ending in a colon may name what the code block after it cites (`openai-api-key.txt`) ...
        (SAVE.format("Save the key to `openai-api-key.txt`, then run:"), ["shown", "shown", "shown"]),
        (SAVE.format("Then run `faas-cli secret create`:"), ["shown", "shown", "shown"]),
        # ... but not what it does not.
        (SAVE.format("Save the key to `openai-key.txt`, then run:"), ["shown", "code_term", "shown"]),
        (SAVE.format("Then run `faas-cli secret rotate`:"), ["shown", "code_term", "shown"]),
        # A line naming the block's code may say no more of it than the block's sections do: where it does, it is
        # judged as written, its code not yet cited (the review of 64d1e36 and d8ad96a) ...
        (SAVE.format("Next, run `faas-cli secret create`:"), ["shown", "shown", "shown"]),
        (SAVE.format("`faas-cli secret create` deletes every existing secret, so run:"), ["shown", "code_term", "shown"]),
        (SAVE.format("Never run `faas-cli secret create` as root:"), ["shown", "code_term", "shown"]),
        # ... one of more than six words besides its code cites the block and is checked against it ...
        (SAVE.format("Save your key to `openai-api-key.txt` and then run this command:"), ["shown", "shown", "shown"]),
        (SAVE.format("Do not save your API key to `openai-api-key.txt` and run this command:"),
         ["shown", "polarity", "shown"]),
        # ... and so does a short item of a list whose lead line cites.
        ("Two steps [[api-key]]:\n\n1. `faas-cli secret create` deletes every existing secret.\n2. Run the command.\n",
         ["shown", "code_term", "shown"]),
        ("Two steps [[api-key]]:\n\n1. Never run `faas-cli secret create` as root.\n2. Run the command.\n",
         ["shown", "code_term", "shown"]),
    ],
)
def test_a_lead_line_and_its_block(reply: str, said: list[str]) -> None:
    assert fates(RECORD, reply) == said
