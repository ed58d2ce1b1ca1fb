"""The embedded model on real documentation sites (Django Ninja's and Docker Mailserver's, vendored): a sentence of
another of the best sections answers where it says half what the sentence that says most of the question says
(`picking.OF_MOST`; on a portfolio, where questions are short, it still says `SENTENCE_SHARE` of all of it); where no
sentence of the best sections says a fifth of the question, the docs do not say it (`picking.SAYS_LEAST`)."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.excerpts import excerpts
from docent.sidecar.offline import OfflineModel
from docent.sidecar.offline.picking import SAYS_LEAST, by_ask, pick, said_most, weighed
from docent.sidecar.offline.telling import top_of
from docent.sidecar.offline.weighing import Weighed
from tests.sitebuilds import SiteBuilds


@pytest.fixture(scope="module")
def ninja(site_builds: SiteBuilds) -> OfflineModel:
    bundle = Bundle.load(site_builds("django-ninja").bundle)
    return OfflineModel(lambda: bundle)


# From Django Ninja's users' questions (`tests/evals/django-ninja-questions-round9.json`, "pagination-next-previous").
PAGES = ("I'd like paginated output like DRF: count, current_page, nb_pages, previous and next. PageNumberPagination "
         "only gives items and count. How do I change what the paginator outputs?")
OUTPUT = "The Output schema describes schema for page output (f.e. count/next-page/items/etc)."


def test_a_sentence_of_another_best_section_that_says_half_what_the_best_says_answers_a_long_question(ninja) -> None:
    # search and the ask rank 'PageNumberPagination' first (the question names it); the custom class's section, third,
    # says how to change the output, in a sentence that says less than 0.4 of the reader's long account
    said, best = ninja.answer(PAGES)
    assert best is not None and best.id == "pagenumberpagination", said
    assert any(OUTPUT in s and s.endswith("[[creating-custom-pagination-class]]") for s in said), said


def test_on_a_portfolio_a_sentence_of_another_section_still_says_a_share_of_the_whole_question(ninja) -> None:
    source = ninja.source()
    asked = Weighed.of(PAGES, ninja.vocabulary(source), ninja._lexicon(source), source.manifest)
    top = [(1.0, source.record["pagenumberpagination"]), (0.9, source.record["creating-custom-pagination-class"])]
    assert any(m[3] == OUTPUT for m in pick(top, asked, None, 1.0, "docs"))
    assert not any(m[3] == OUTPUT for m in pick(top, asked, None, 1.0))


@pytest.fixture(scope="module")
def mailserver(site_builds: SiteBuilds) -> tuple[Bundle, OfflineModel]:
    bundle = Bundle.load(site_builds("docker-mailserver").bundle)
    return bundle, OfflineModel(lambda: bundle)


# From Docker Mailserver's users' questions (`tests/evals/docker-mailserver-questions-round14.json`,
# "outbound-rate-limit"): the docs have no sending-rate limit; "rate-limited" is said only of DNSBL services.
RATE = ("Is there any rate limiting on outgoing mail? I need to send a (legal) phishing test to a lot of people and "
        "want to know if there's a per-user or per-hour sending limit I'd hit, or how to set one.")
# From the same set ("ipv6-spf-fail-gateway"): its answer's sentences say a little more than a fifth of a long account.
IPV6 = ("Mail from other servers that connect over IPv6 gets rejected: `NOQUEUE: reject: RCPT from unknown[172.20.0.1]: "
        "550 5.7.23 ... SPF fail - not authorized ... ip=172.20.0.1`. 172.20.0.1 is my docker gateway. Why is the SPF "
        "check done against that IP and how do I fix it?")

def test_where_no_sentence_of_the_best_sections_says_a_fifth_of_the_question_the_docs_do_not_say_it(mailserver) -> None:
    bundle, model = mailserver
    # its record is searched: the model answers from the sections the guide was given
    given = excerpts(bundle, RATE, earlier=[], given=()).ids
    assert model.answer(RATE, allowed=given) == (["[[none]]"], None)  # once Dovecot's `default_process_limit`
    source = model.source()
    asked = Weighed.of(RATE, model.vocabulary(source), model._lexicon(source), source.manifest)
    found = dict(source.index.search(asked.query, limit=len(source.index)))
    ranked = by_ask(asked, [(found[sid], source.record[sid]) for sid in given if sid in found], model.vocabulary(source),
                    "docs")
    assert said_most(weighed(top_of(ranked), asked), asked) < SAYS_LEAST


def test_a_sentence_that_says_a_fifth_of_a_long_question_still_answers(mailserver) -> None:
    bundle, model = mailserver
    said, best = model.answer(IPV6, allowed=excerpts(bundle, IPV6, earlier=[], given=()).ids)
    assert best is not None and any("Mail inbound to DMS is rejected" in s for s in said), said
