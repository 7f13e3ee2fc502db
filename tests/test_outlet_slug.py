"""One outlet key for every place an outlet is named: its ``outlet`` field, a credit, a notice, a URL host, the text."""

from __future__ import annotations

from pathlib import Path

import pytest

from newstrace.provenance.derive import credits, mentions, outlet_key, outlet_slug, same_outlet
from newstrace.provenance.direction import declared_sources, outlet_matches
from newstrace.schema import Article, Source

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
THE74 = SHARED / "corpora" / "provenance" / "o-the74-chatgpt-c-plus-educators-2023"

BODY = "Harbour officials reopened the quay on Friday after the storm, the port authority said."


def article(outlet: str | None = None, url: str | None = None, credit: str | None = None, text: str = BODY) -> Article:
    return Article(id="x" * 40, headline="Quay reopens", text=text, outlet=outlet, credit=credit,
                   source=Source(path="a.txt", url=url))  # fmt: skip


@pytest.mark.parametrize(("names", "key"), [
    (["The Guardian", "Guardian", "the guardian", "THE GUARDIAN"], "guardian"),
    (["The 74", "74"], "74"),
    (["The Harbour Courier", "Harbour Courier", "Harbour-Courier"], "harbourcourier"),
    (["Agência Brasil", "Agencia Brasil"], "agenciabrasil"),
])  # fmt: skip
def test_spellings_of_one_outlet_give_one_slug(names, key):
    assert {outlet_slug(n) for n in names} == {key}


def test_the_outlet_field_credit_and_notice_agree():
    """An ``outlet`` field, a credit and a republication notice naming The 74 give one key."""
    field = outlet_key(article(outlet="The 74"))
    credited = declared_sources(article(outlet="LA School Desk", credit="The 74"))
    noticed = declared_sources(article(outlet="LA School Desk", text=BODY + "\n\nIn Partnership with The 74"))
    assert field == "74" and credited == noticed == frozenset({"74"})
    assert outlet_key(article(outlet="The Guardian")) == outlet_key(article(outlet="Guardian")) == "guardian"


def test_a_name_without_its_the_is_found_in_text_either_way():
    key = outlet_key(article(outlet="The Harbour Courier"))
    assert mentions("Reporting by Harbour Courier staff.", key)
    assert mentions("First published by The Harbour Courier.", key)
    assert mentions("The Harbour Courier’s own reporters saw it.", key)  # a possessive names it too
    assert not mentions("The harbour courier boat was late.", "hc")  # two letters count only in capitals
    assert credits(article(text=BODY + " Source: Harbour Courier."), key)


def test_a_url_host_and_the_name_with_the_are_the_same_outlet():
    """theguardian.com's key keeps its "the" (one word); the name "The Guardian" drops it: still one outlet."""
    by_url = outlet_key(article(url="https://www.theguardian.com/world/2024/mar/12/quay"))
    by_name = outlet_key(article(outlet="The Guardian"))
    assert (by_url, by_name) == ("theguardian", "guardian")
    assert same_outlet(by_url, by_name) and same_outlet(by_name, by_url)
    assert outlet_matches(by_name, by_url)
    assert not same_outlet("guardian", "observer") and not same_outlet("the", "")


def test_the_real_partner_republication_declares_the_74():
    """The partner page says "In Partnership with 74": its declared source is the key the name "The 74" gets."""
    import newstrace

    partner = newstrace.analyze(str(THE74 / "01-copy-verbatim.txt"))
    assert declared_sources(partner) == frozenset({outlet_slug("The 74")})


def test_sites_under_a_documentation_domain_are_distinct_outlets():
    """valleypost.example.com and harbourtimes.example.com are two outlets (RFC 2606 names), not one
    "example" (a new-user test's republication notice "Originally published by the Valley Post" did not
    match the Valley Post's own page, so the copy and the origin were made siblings)."""
    from newstrace.provenance.derive import outlet_key
    from newstrace.schema import Article, Source

    def key(url):
        return outlet_key(Article(id="x", source=Source(path=None, url=url)))

    assert [key(u) for u in ("https://valleypost.example.com/a", "https://www.harbourtimes.example.net/b",
                             "https://www.example.org/c", "https://news.harbour.test/d", "https://news.sky.com/e")] \
        == ["valleypost", "harbourtimes", "example", "harbour", "sky"]
