"""The replay script the browser tests ask against: one reply per scenario, each found by a word of its question.

Every sentence is written to pass the sidecar's gate against the example record (cited, sharing words with
what it cites, in the third person), except where a test wants the gate to hold one back.
"""

from __future__ import annotations

from typing import Any

LEAK = "The lab draws a JVM service's heap that leaks into the old generation. [[lab-leak]]"

REPLIES: list[dict[str, Any]] = [
    {"question": "secure rollout", "calls": [[
        {"text": "Mara built the authentication decision service for 3-D Secure at Alderway Bank. [[case-3ds-approach]] "},
        {"text": "The rollout went by card range over six weeks. [[case-3ds-results]]"},
    ]]},
    {"question": "led the 3-d secure team", "calls": [[  # a page's opening: cited by the page's address alone
        {"text": "Mara was the technical lead of a team of five at Alderway Bank. [[cases-3ds]]"},
    ]]},
    {"question": "in her own words", "calls": [[
        {"text": "Mara measures before she changes anything for performance. [[how-measure]] "},
        {"text": "I measure before I guess. [[case-leak-approach]]"},
    ]]},
    {"question": "open the lab", "calls": [
        [{"text": "The lab draws a heap in two generations. [[lab-leak]] "}, {"tool": "show_page", "input": {"id": "lab"}}],
        [{"text": LEAK + " "}, {"tool": "point_at", "input": {"id": "leak-chart"}}],
        [{"text": "The chart shows the old generation after each collection. [[lab-leak-reading]]"}],
    ]},
    {"question": "open the 3-d secure case", "calls": [  # a page opened, nothing more to show there
        [{"text": "Mara built the authentication decision service for 3-D Secure at Alderway Bank. "
                  "[[case-3ds-approach]] "}, {"tool": "show_page", "input": {"id": "cases-3ds"}}],
        [{"text": "The rollout went by card range over six weeks. [[case-3ds-results]]"}],
    ]},
    {"question": "point at the chart", "calls": [
        [{"text": LEAK + " "}, {"tool": "point_at", "input": {"id": "leak-chart"}}],
        [{"text": "Watch the old generation after each major collection. [[lab-leak-reading]]"}],
    ]},
    {"question": "run the slow leak", "calls": [
        [{"text": LEAK + " "}, {"tool": "run_experiment", "input": {"id": "leak:slow-leak"}}],
        [{"text": "Watch the old generation after each major collection. [[lab-leak-reading]]"}],
    ]},
    {"question": "give me a tour", "calls": [
        [{"text": "Mara's cases come from card payments. [[case-3ds-context]] "},
         {"tool": "start_tour", "input": {"id": "first-visit"}}],
        [{"text": "The first case is about online card payments at Alderway Bank. [[case-3ds-context]]"}],
    ]},
    {"question": "her cv", "calls": [
        [{"text": "Mara has been a staff engineer at Alderway Bank since 2021. [[roles-alderway]] "},
         {"tool": "offer", "input": {"id": "cv"}}],
        [{"text": "The button opens the CV when pressed. [[roles-alderway]]"}],
    ]},
    {"question": "which case", "calls": [
        [{"text": "Mara has cases from card payments and from freight platforms. [[case-3ds-context]] "},
         {"tool": "offer_choices", "input": {"question": "Which case interests you?",
                                             "options": ["Card payments", "Freight platform"]}}],
        [{"text": "The 3-D Secure case rebuilt authentication for Alderway Bank's cards. [[case-3ds-context]]"}],
    ]},
    {"question": "clear the lab", "calls": [
        [{"text": "The lab draws a heap in two generations. [[lab-leak]] "}, {"tool": "clear_lab", "input": {}}],
        [{"text": "The lab's experiments start again from a clean heap. [[lab-leak]]"}],
    ]},
    {"question": "where next", "calls": [
        [{"text": "Mara's cases come from card payments. [[case-3ds-context]] "},
         {"tool": "show_links", "input": {"items": [
             {"to": "lab", "title": "The lab", "gist": "Two experiments to run."},
             {"to": "roles", "title": "Roles", "gist": "Where she has worked and what she led."}]}}],
        [{"text": "Both pages belong to Mara's record. [[roles-alderway]]"}],
    ]},
    {"question": "this page show", "calls": [
        [{"tool": "get_page_content", "input": {}}],
        [{"text": "Mara reads everything that comes in and answers within a week. [[roles-alderway]]"}],
    ]},
    {"question": "said twice", "calls": [[
        {"text": "Mara built the authentication decision service for 3-D Secure at Alderway Bank. [[case-3ds-approach]] "},
        {"text": "The decision service for 3-D Secure ran at Alderway Bank. [[case-3ds-approach]] "},
        {"text": "The rollout went by card range over six weeks. [[case-3ds-results]]"},
    ]]},
    {"question": "held twice", "calls": [[
        {"text": "Mara measures before she changes anything for performance. [[how-measure]] "},
        {"text": "I measure before I guess. [[case-leak-approach]] "},
        {"text": "I never guess. [[case-leak-approach]]"},
    ]]},
    {"question": "markup", "calls": [[
        {"text": "Mara built the <img src=x onerror=\"document.title='pwned'\"> decision service for 3-D Secure. "
                 "[[case-3ds-approach]] "},
        {"text": "The rollout ![chart](http://127.0.0.1:9/leak.png) went by card range. [[case-3ds-results]]"},
    ]]},
    {"question": "under a heading", "calls": [[  # a heading the model wrote, over what it labels
        {"text": "## The rollout\n\nThe rollout went by card range over six weeks. [[case-3ds-results]]"},
    ]]},
    {"question": "under a cited heading", "calls": [[  # a heading that cites: its links go after it, not in its name
        {"text": "## The rollout by card range [[case-3ds-results]]\n\n"
                 "The rollout went by card range over six weeks. [[case-3ds-results]]"},
    ]]},
    {"question": "nothing to say", "calls": [[{"text": ""}]]},  # a turn that ends having shown nothing
    {"question": "how to read the chart", "calls": [  # a lead-in ending in a colon, then the list it leads into
        [{"text": "How to read it: [[lab-leak-reading]]\n\n"
                  "- Watch the old generation right after each major collection. [[lab-leak-reading]]\n"
                  "- With a leak, the floor rises with every collection. [[lab-leak-reading]]\n"},
         {"tool": "point_at", "input": {"id": "leak-chart"}}],
        [{"text": ""}],
    ]},
]


def script() -> dict[str, Any]:
    return {"replies": REPLIES, "seed": 7}
