"""Review of round 24's swap reading (review24a, of falsehoods24 737e0b0): faithful sentences on real sections that
tell two things side by side as the section does, shown; their swaps held."""

from __future__ import annotations

import pytest

from docent.schema import Block
from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.events import Sentence
from docent.sidecar.answer.policy import AnswerPolicy
from docent.sidecar.answer.turn import default_gate
from tests.evals.heldout import EXAMPLE_BUNDLE
from tests.sidecar.gating import page_section, verdicts

# docker-mailserver's "Components" as its build reads it: Postfix and Dovecot, each told with its two roles in one
# sentence, beside what an MTA and an MDA are
COMPONENTS = verdicts(page_section(
    "components", "Components",
    Block('paragraph',
        'The following components are required to create a complete delivery chain:'),
    Block('item',
        'MUA: a Mail User Agent is basically any client/program capable of sending emails to a ma'
        'il server; while also capable of fetching emails from a mail server for presenting them '
        'to the end users.', marker='-'),
    Block('item',
        'MTA: a Mail Transfer Agent is the so-called "mail server" as seen from the MUA\'s perspec'
        "tive. It's a piece of software dedicated to accepting submitted emails, then forwarding "
        "them-where exactly will depend on an email's final destination. If the receiving MTA is "
        'responsible for the FQDN the email is sent to, then an MTA is to forward that email to a'
        'n MDA (see below). Otherwise, it is to transfer (ie. forward, relay) to another MTA, "cl'
        'oser" to the email\'s final destination.', marker='-'),
    Block('item',
        'MDA: a Mail Delivery Agent is responsible for accepting emails from an MTA and dropping '
        "them into their recipients' mailboxes, whichever the form.", marker='-'),
    Block('paragraph',
        "Here's a schematic view of mail delivery:"),
    Block('code',
        'Sending an email:    MUA ----> MTA ----> (MTA relays) ----> MDA\nFetching an email:   MUA'
        ' <--------------------------------- MDA', 'txt'),
    Block('paragraph',
        'There may be other moving parts or sub-divisions (for instance, at several points along '
        'the chain, specialized programs may be analyzing, filtering, bouncing, editing… the exch'
        'anged emails).'),
    Block('paragraph',
        'In a nutshell, DMS provides you with the following components:'),
    Block('item',
        'A MTA: Postfix', marker='-'),
    Block('item',
        'A MDA: Dovecot', marker='-'),
    Block('item',
        'A bunch of additional programs to improve security and emails processing', marker='-'),
    Block('paragraph',
        "Here's where DMS's toolchain fits within the delivery chain:"),
    Block('code',
        '                                    docker-mailserver is here:\n                         '
        '                               ┏━━━━━━━┓\nSending an email:   MUA ---> MTA ---> (MTA rela'
        'ys) ---> ┫ MTA ╮ ┃\nFetching an email:  MUA <------------------------------ ┫ MDA ╯ ┃\n   '
        '                                                     ┗━━━━━━━┛', 'txt'),
    Block('admonition',
        "Let's say Alice owns a Gmail account, alice@gmail.com; and Bob owns an account on a DMS "
        'instance, bob@dms.io. Make sure not to conflate these two very different scenarios: A) A'
        'lice sends an email to bob@dms.io => the email is first submitted to MTA smtp.gmail.com,'
        " then relayed to MTA smtp.dms.io where it is then delivered into Bob's mailbox. B) Bob s"
        'ends an email to alice@gmail.com => the email is first submitted to MTA smtp.dms.io, the'
        "n relayed to MTA smtp.gmail.com and eventually delivered into Alice's mailbox. In scenar"
        "io A the email leaves Gmail's premises, that email's initial submission is not handled b"
        'y your DMS instance(MTA); it merely receives the email after it has been relayed by Gmai'
        "l's MTA. In scenario B, the DMS instance(MTA) handles the submission, prior to relaying."
        ' The main takeaway is that when a third-party sends an email to a DMS instance(MTA) (or '
        'any MTA for that matter), it does not establish a direct connection with that MTA. Email'
        " submission first goes through the sender's MTA, then some relaying between at least two"
        ' MTAs is required to deliver the email. That will prove very important when it comes to '
        'security management.', marker='An Example', code=('alice@gmail.com', 'bob@dms.io', 'bob@dms.io', 'smtp.gmail.com', 'smtp.dms.io', 'alice@gmail.com', 'smtp.dms.io', 'smtp.gmail.com')),
    Block('paragraph',
        'One important thing to note is that MTA and MDA programs may actually handle multiple ta'
        "sks (which is the case with DMS's Postfix and Dovecot)."),
    Block('paragraph',
        'For instance, Postfix is both an SMTP server (accepting emails) and a relaying MTA (tran'
        'sferring, ie. sending emails to other MTA/MDA); Dovecot is both an MDA (delivering email'
        's in mailboxes) and an IMAP server (allowing MUAs to fetch emails from the mail server).'
        " On top of that, Postfix may rely on Dovecot's authentication capabilities."),
    Block('paragraph',
        'The exact relationship between all the components and their respective (sometimes shared'
        ') responsibilities is beyond the scope of this document. Please explore this wiki & the '
        "web to get more insights about DMS's toolchain."),
))


@pytest.mark.parametrize(
    "sentence",
    [
        "Postfix is both an MDA delivering emails in mailboxes and an IMAP server, while Dovecot is both an SMTP server "
        "and a relaying MTA [[components]].",
        "In DMS, Dovecot is both an SMTP server and a relaying MTA, while Postfix is an MDA and an IMAP server "
        "[[components]].",
        "Postfix is an MDA that delivers emails in mailboxes, and Dovecot is a relaying MTA that sends emails to other "
        "MTAs [[components]].",
    ],
)
def test_a_swap_of_clauses_a_semicolon_joins_is_held(sentence: str) -> None:
    """The hole probes of the semicolon's clauses (each a part of the section's now): Postfix and Dovecot swapped,
    either way round and either join."""
    assert COMPONENTS(sentence) == "actor"


def test_a_word_after_the_verb_is_no_subject() -> None:
    """The section's own sentence, its semicolon a "while": "MDA" is what Dovecot is, no second subject. A clause's
    second subject was its second word the other clause lacks wherever it stood ("Dovecot is both an MDA": "mda"), and
    the sentence was held as a swap of Postfix and "MDA" (the section's MTA and MDA items name each with the other's
    words); the swaps above are held by their subjects, Postfix and Dovecot."""
    assert COMPONENTS("Postfix is both an SMTP server and a relaying MTA, while Dovecot is both an MDA and an IMAP "
                      "server [[components]].") == "shown"


@pytest.fixture(scope="module")
def example() -> Bundle:
    """The example site's bundle, as the rounds' example sets are judged on it."""
    return Bundle.load(EXAMPLE_BUNDLE)


def test_a_while_for_a_sections_semicolon_is_no_swap(example: Bundle) -> None:
    """Round 8's faithful twin (the example's set, `round8-example-faithful.json`): its section's two clauses are joined
    by a semicolon, each a part as well (held 'actor' before: the list's "the bank's Access Control Server" and "the
    vendor's server calls" the decision service read as the swap)."""
    said = ("A certified vendor kept the Access Control Server, while the bank's part, the frictionless-or-challenge "
            "decision, sits in the service Mara designed [[case-3ds-approach]].")
    gate = default_gate(example, AnswerPolicy())
    assert [type(e) for e in (*gate.feed(said), *gate.finish())] == [Sentence]

