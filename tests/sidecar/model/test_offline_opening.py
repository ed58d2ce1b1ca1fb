"""The offline model's answer opens with a sentence that answers: not one that points elsewhere ("See the pagination
documentation ...") nor one that says only a side condition ("If set to None, ..."), picked first because its
section's title matched the question's words (DRF's Settings section `DEFAULT_PAGINATION_CLASS`, search33)."""

from __future__ import annotations

from docent.schema import Block, Manifest
from docent.schema import RecordSection as Section
from docent.sidecar.offline import OfflineModel
from docent.sidecar.offline.picking import POINTER, pick
from docent.sidecar.offline.weighing import Weighed


def _model(*sections: Section) -> OfflineModel:
    return OfflineModel.of({s.id: s for s in sections}, manifest=Manifest(site_name="Toolkit", kind="docs"))


def _section(id: str, page: str, headings: tuple[str, ...], *paragraphs: str) -> Section:
    return Section.of(id, page=page, path=f"/{page}/#{id}", headings=headings,
                      blocks=tuple(Block("paragraph", p) for p in paragraphs))


SETTING = Section.of(
    "default_pagination_class", page="api-guide-settings", path="/api-guide/settings/#default_pagination_class",
    headings=("Settings", "API Reference", "Generic view settings", "DEFAULT_PAGINATION_CLASS"),
    blocks=(Block("paragraph", "The default class to use for queryset pagination. If set to None, pagination is disabled "
                  "by default. See the pagination documentation for further guidance on setting and modifying the "
                  "pagination style."),
            Block("paragraph", "Default: None")),
)
GUIDE = Section.of(
    "setting-the-pagination-style", page="api-guide-pagination", path="/api-guide/pagination/#setting-the-pagination-style",
    headings=("Pagination", "Setting the pagination style"),
    blocks=(Block("paragraph", "The pagination style may be set globally, using the DEFAULT_PAGINATION_CLASS and PAGE_SIZE "
                  "setting keys. For example, to use the built-in limit/offset pagination, you would do something like "
                  "this:"),
            Block("code", "REST_FRAMEWORK = {\n    'DEFAULT_PAGINATION_CLASS': "
                  "'rest_framework.pagination.LimitOffsetPagination',\n    'PAGE_SIZE': 100\n}"),
            Block("paragraph", "Note that you need to set both the pagination class, and the page size that should be used. "
                  "Both DEFAULT_PAGINATION_CLASS and PAGE_SIZE are None by default."),
            Block("paragraph", "You can also set the pagination class on an individual view by using the pagination_class "
                  "attribute. Typically you'll want to use the same pagination style throughout your API, although you "
                  "might want to vary individual aspects of the pagination, such as default or maximum page size, on a "
                  "per-view basis.")),
)
OTHERS = (
    _section("throttling", "throttling", ("Throttling", "Setting the throttling policy"),
             "The default throttling policy may be set globally, using the DEFAULT_THROTTLE_CLASSES setting.",
             "Throttles limit the rate of requests that clients can make to an API."),
    _section("renderers", "renderers", ("Renderers", "Setting the renderers"),
             "The default set of renderers may be set globally, using the DEFAULT_RENDERER_CLASSES setting.",
             "You can also set the renderers used for an individual view."),
    _section("filtering", "filtering", ("Filtering", "Generic filtering"),
             "Each view class can declare its own filter backends, and a default applies to all views."),
)

QUESTION = "How do I set the default pagination class for all views?"


def _said(model: OfflineModel, question: str) -> list[str]:
    return [s.rsplit(" [[", 1)[0] for s in model.answer(question)[0]]


def test_the_answer_opens_with_how_not_with_a_side_condition_or_a_pointer() -> None:
    # as DRF's record ranks them: the setting's section first, its title all the question's words
    model = _model(SETTING, GUIDE, *OTHERS)
    source = model.source()
    asked = Weighed.of(QUESTION, model.vocabulary(source), model._lexicon(source), source.manifest)
    top = [(2.08, SETTING), (1.79, GUIDE)]
    picked = pick(top, asked, None, 2.08, "docs")
    said = [m[3] for m in picked]
    # once "If set to None, pagination is disabled by default.", then "See the pagination documentation ..."
    assert picked[0][4] is GUIDE and said[0].startswith("You can also set the pagination class"), said
    assert "If set to None, pagination is disabled by default." in said, said  # said still, after


def test_a_pointer_is_said_where_it_is_all_there_is() -> None:
    for sentence in ("See the pagination documentation for further guidance.", "Refer to the Forwarded headers documentation.",
                     "For more details, see the reference documentation.", "More information on layers can be found in the guide."):
        assert POINTER.match(sentence), sentence
    for sentence in ("See how Deadpond now belongs to the two teams?", "Read-only fields are included in the output.",
                     "For more complicated data structures you'll often want to use JSON encoding instead."):
        assert not POINTER.match(sentence), sentence
    emphasis = _section(
        "legacy-emphasis", "extensions", ("Extensions", "Emphasis"),
        "Underscores in the middle of a word are never read as emphasis by the parser. See the Legacy EM Extension for "
        "underscores in the middle of a word read as emphasis.",
    )
    said = _said(_model(emphasis, *OTHERS), "How do I get underscores in the middle of a word read as emphasis?")
    assert "See the Legacy EM Extension for underscores in the middle of a word read as emphasis." in said, said
