"""Faithful sentences of careful answers on documentation sites, each in a construction a rule misread (issue 21,
round 18), shown; each one's twin that says another thing is still held. The sections are the development sites'
own words (OpenFaaS, MkDocs, docker-mailserver, Django REST framework, Django Ninja, Copier, OpenFaaS's Kubernetes
notes), cut short; the sentences are the careful answers' and the faithful sets'."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from docent.sidecar.answer.site import Site
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

RECORD = record_of(
    _section("edge", "Prerequisites",
             "Multipass is a tool that allows you to create a Linux VM on your Mac or Windows machine. faasd must not "
             "be co-located with Docker, since they both make use of containerd, iptables and CNI, and will clash with "
             "one-another. It is designed to be an appliance, and have sole tenancy of any host. Images should always "
             "be built on another host, and pushed to a registry that faasd can subsequently pull from."),
    _section("js", "extra_javascript",
             "NOTE: *.js and *.css files, just like any other type of file, are always copied from docs_dir into the "
             "site's deployed copy, regardless if they're linked to the pages via the above configs or not."),
    _section("build", "Building the site",
             "Static files are always copied into the site, regardless of the theme. A page is built only if it is "
             "listed in the nav."),
    _section("cmd", "mkdocs build",
             "The mkdocs build command builds the pages of the site into the site directory. Every page is built "
             "regardless of whether it is in the nav."),
    _section("hook", "Hooks",
             "The on_post_build hook runs after the build finishes. It runs whether the build succeeded or not."),
    _section("strict", "Strict mode", "In strict mode, warnings cause the build to fail. Warnings are logged either way."),
    _section("dkim", "Generating keys",
             "In case you have not already provided a default DKIM signing configuration, the script will create one. "
             "The default DKIM signing configuration is written to dkim_signing.conf."),
    _section("qp", ".query_params",
             "For clarity inside your code, we recommend using request.query_params instead of the Django's standard "
             "request.GET."),
    _section("dropped", "Backwards incompatible stuff", "- python 3.6 is no longer supported", "What's new in V1"),
    _section("answers", "The answers file",
             "Hand-editing the answers file will produce unpredictable behavior of the smart diff algorithm used "
             "for updates."),
    _section("trust", "Trusted locations",
             "Locations ending with / will be matched as prefixes, trusting all templates starting with that path. "
             "Locations not ending with / will be matched exactly."),
    _section("cfg", "Settings",
             "You must set name and url. Settings other than name and url are optional. A setting that is not "
             "required has a default."),
    _section("plug", "Plugins",
             "The search plugin is enabled by default. Plugins other than search must be installed with pip and "
             "listed under plugins. A plugin that is not installed cannot be listed."),
    _section("secrets", "Updating secrets",
             "It can take anywhere between a few seconds and minutes for new secrets to be rolled out by the kubelet, "
             "there is no way to speed this up, other than restarting the Deployment or Pod for the Function, which "
             "is not recommended."),
)


def verdict(sentence: str) -> str:
    lexicon = Lexicon([])
    return fate(Gate(RECORD, lexicon, site=Site.of(RECORD, lexicon, docs=True)), sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # A denial in other words than the unit that restates the sentence, which denies one of its words too.
        ("faasd must not be installed on the same host as Docker, because both use containerd, iptables and CNI and "
         "would clash with one another [[edge]].", "shown"),
        ("faasd does not use containerd, iptables and CNI the way Docker does [[edge]].", "polarity"),
        # "Whether or not" says either way where the section does ("regardless if ... or not"): no denial; the files'
        # copying denied is still held, and so is an "either way" the section does not give.
        ("Note that .js files are always copied from docs_dir into the site, whether or not you link them [[js]].",
         "shown"),
        ("Note that .js files are not copied from docs_dir into the site [[js]].", "polarity"),
        ("The script writes dkim_signing.conf whether or not you have a default configuration [[dkim]].", "polarity"),
        # The either way is read in the unit that restates the clause: "regardless of the theme" gives none of the nav.
        ("A page is built whether or not it is listed in the nav [[build]].", "polarity"),
        ("Static files are copied into the site whether or not the theme uses them [[build]].", "shown"),
        ("Whether or not it is listed in the nav, a page is built [[build]].", "polarity"),
        # Either unit may say it: the one that restates the main clause ("Warnings are logged either way") or the
        # one that restates the "whether" clause ("regardless of whether it is in the nav"), not the other one.
        ("The mkdocs build command builds every page of the site whether or not it is in the nav [[cmd]].", "shown"),
        ("The on_post_build hook runs after the build finishes, whether or not the build succeeded [[hook]].",
         "shown"),
        ("The on_post_build hook runs whether or not the build finishes [[hook]].", "polarity"),
        ("Warnings are logged whether or not strict mode is enabled [[strict]].", "shown"),
        ("Warnings cause the build to fail whether or not strict mode is enabled [[strict]].", "polarity"),
        # A denial in a condition claims nothing, so no cited clause can affirm it.
        ("If you have no DKIM signing configuration yet, the script writes a default one to dkim_signing.conf "
         "[[dkim]].", "shown"),
        # "Recommends A over B" turns B down, as "instead of" does; recommending B is still held.
        ("The documentation recommends request.query_params over Django's standard request.GET [[qp]].", "shown"),
        ("The documentation recommends Django's standard request.GET for clarity [[qp]].", "polarity"),
        # "Discontinued support for" says "no longer supported"; "supports" is still held.
        ("The release discontinued support for python 3.6 [[dropped]].", "shown"),
        ("The release supports python 3.6 [[dropped]].", "polarity"),
        # "Others" on a documentation site are things, not someone else who did the work; a role is still held.
        ("Locations ending with / are matched as prefixes; others are matched exactly [[trust]].", "shown"),
        # The predicates exchanged between a thing and its complement ("; others") are a swap (`complements`).
        ("Locations ending with / are matched exactly; others are matched as prefixes [[trust]].", "actor"),
        # A unit whose exception ("other than name and url") names the thing is the complement's, not the thing's:
        # the faithful order is shown, and the thing given its complement's predicate is held.
        ("The name and url settings are required; the others are optional [[cfg]].", "shown"),
        ("The name and url settings are optional; the others are required [[cfg]].", "actor"),
        ("Settings name and url are optional; the rest are required [[cfg]].", "actor"),
        ("The search plugin is enabled by default; others must be installed with pip and listed under plugins "
         "[[plug]].", "shown"),
        ("The search plugin must be installed with pip; others are enabled by default [[plug]].", "actor"),
        ("The maintainers lead the smart diff algorithm used for updates [[answers]].", "role"),
        # "The only way" where the clause says "no way ... other than" and the sentence names the exception; "the only
        # way is to wait", or another way the clause does not except, is still held.
        ("It can take anywhere between a few seconds and minutes for the kubelet to roll out an updated secret, and "
         "the only way to speed that up is restarting the Deployment or Pod [[secrets]].", "shown"),
        ("New secrets take a few seconds to minutes to roll out, and the only way to speed that up is to wait "
         "[[secrets]].", "quantifier"),
        ("It can take anywhere between a few seconds and minutes for new secrets to be rolled out by the kubelet, and "
         "the only way to speed that up is waiting [[secrets]].", "quantifier"),
        ("The only way to speed up the roll out of secrets is to create new secrets [[secrets]].", "quantifier"),
        # The way is read after "only ... is" (or "by"; else before "only"), and names the exception by its first word
        # of substance ("restart") or half its words: the Function the exception also names is no way of its own.
        ("The only way to speed up the roll out is to restart the Deployment [[secrets]].", "shown"),
        ("Restarting the Deployment or Pod is the only way to speed up the roll out of secrets [[secrets]].", "shown"),
        ("You can only speed up the roll out of secrets by restarting the Pod [[secrets]].", "shown"),
        ("The only way to speed up the roll out of a function's secrets is to wait [[secrets]].", "quantifier"),
        ("For a function, the only way to speed up the roll out of secrets is waiting [[secrets]].", "quantifier"),
        ("The only way to speed up a secret's roll out is to delete the Function [[secrets]].", "quantifier"),
        ("Waiting for the Function is the only way to speed up the roll out of secrets [[secrets]].", "quantifier"),
        ("You can only speed up the roll out of secrets by deleting the Function [[secrets]].", "quantifier"),
        ("It can take anywhere between a few seconds and minutes for the kubelet to roll out an updated "
         "secret, and the only way to speed that up, restarting the function's Deployment or Pod, is not recommended "
         "[[secrets]].", "shown"),
        ("The only way to speed that up, waiting for the Function, is not recommended [[secrets]].", "quantifier"),
    ],
)
def test_a_faithful_construction_is_read_as_the_section_says_it(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected
