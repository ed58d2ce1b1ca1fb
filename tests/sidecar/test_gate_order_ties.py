"""The order rule where a side's words fit several units equally (`order_ties`): ordered when all of them stand on
one side of the other side's units, let through where they straddle. The sections are the development sets' own:
the example's 3-D Secure 2 flow (a numbered list whose first and last steps both say "merchant sends") and Starlette's
path parameters (a convertor named in an import line and in the line that registers it)."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

THREE_DS = "\n".join((  # the example's case study, as the record holds it
    "The Access Control Server stayed with a certified vendor; the bank's part was the decision. I "
    "designed the authentication decision service, a Spring Boot service in Java 17 that the vendor's "
    "server calls for every authentication request: it reads the cardholder's devices, recent payments "
    "and merchant history from PostgreSQL and Redis, applies the exemptions (low value, transaction risk "
    "analysis, trusted beneficiaries), and answers frictionless or challenge. A challenge becomes a push "
    "to the mobile app, with a one-time code by SMS as the fallback.",
    "1. Merchant sends the authentication request with device and order data",
    "2. Directory server routes it to the bank's Access Control Server",
    "3. Decision service scores it: frictionless, or challenge",
    "4. Mobile app asks the cardholder to confirm, only when challenged",
    "5. Result goes back to the merchant, who sends the authorisation",
    "The 3-D Secure 2 flow, and where the decision service sits in it.",
))

RECORD = record_of(
    _section("case-3ds-approach", "What I built", THREE_DS),
    _section("routing-path-parameters", "Path Parameters", "If you need a different converter that is not defined, "
             "you can create your own. See below an example on how to create a datetime convertor, and how to "
             "register it:\nfrom starlette.convertors import Convertor, register_url_convertor\n\n"
             "class DateTimeConvertor(Convertor):\n    regex = \"[0-9]{4}-[0-9]{2}-[0-9]{2}\"\n\n"
             "register_url_convertor(\"datetime\", DateTimeConvertor())\nAfter registering it, you'll be able to "
             "use it as:\nRoute('/history/{date:datetime}', history)\nRoute('/uploaded/{rest_of_path:path}', "
             "uploaded)"),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # "merchant sends" ties steps 1 and 5: "the authentication request" is step 1 alone, before step 5
        ("In the 3-D Secure 2 flow, the merchant sends the authentication request first and the authorisation "
         "afterwards [[case-3ds-approach]].", "shown"),
        ("In the 3-D Secure 2 flow, the merchant sends the authorisation first and the authentication request "
         "afterwards [[case-3ds-approach]].", "order"),
        ("In the 3-D Secure 2 flow, the directory server routes the request to the bank's Access Control Server only "
         "after the decision service has scored it [[case-3ds-approach]].", "order"),
        # the other side fits a unit its words taken whole do not: nothing to order by
        ("A custom convertor is first registered with register_url_convertor, and after that you can use it in a "
         "route path such as /history/{date:datetime} [[routing-path-parameters]].", "shown"),
    ],
)
def test_order_of_sides_that_tie(sentence: str, expected: str) -> None:
    assert fate(Gate(RECORD, Lexicon([])), sentence) == expected
