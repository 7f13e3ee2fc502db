"""The Jinja2 environment shared by the report and the web app: autoescaping everywhere, filters for untrusted text.

Article text is untrusted (headlines and bodies come from arbitrary web pages): every
template is autoescaped, including SVG and ``.j2`` files; nothing derived from an article is
ever marked safe; URLs from articles become links only when they are ``http(s)``; JSON for
``<script>`` elements goes through Jinja2's ``tojson``, which escapes ``<``, ``>``, ``&`` and
``'`` so ``</script>`` in a headline cannot end the element. Our own stylesheet and script
are the only raw text inserted, and a Content-Security-Policy pins them by hash.
"""

from __future__ import annotations

import base64
import hashlib
from functools import lru_cache
from importlib import resources
from urllib.parse import urlsplit

import jinja2
from markupsafe import Markup

from newstrace.report.graph import NODE_H, NODE_W
from newstrace.report.timeline import LABEL_W, PAD
from newstrace.report.views import (
    KIND_HELP,
    KINDS,
    ROLES,
    changes_by_weight,
    copy_count,
    label,
    member_kind,
    stored_key,
)

#: Longest piece of article text shown in a table cell; the rest is counted, not shown.
CLIP_CHARS = 2_000
TIMELINE_X0 = LABEL_W + PAD
_CLASSES = set(KINDS) | set(ROLES) | {"copy"}


def kind_class(kind: str | None) -> str:
    """A CSS class suffix for a derivation kind or role; anything unknown is ``inferred`` (grey)."""
    return kind if kind in _CLASSES else "inferred"


def clip(text: str | None, limit: int = CLIP_CHARS) -> str:
    """``text`` cut to ``limit`` characters, saying how many were left out (a 1 MB line stays readable)."""
    text = text or ""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… [{len(text) - limit:,} more characters]"


def safe_url(url: str | None) -> str:
    """``url`` when it is an absolute ``http``/``https`` URL without control characters, else "".

    A ``javascript:`` or ``data:`` URL from an article must never become a link.
    """
    if not url or len(url) > 4000 or any(ord(c) < 33 for c in url):
        return ""
    try:
        parts = urlsplit(url)
    except ValueError:
        return ""
    return url if parts.scheme.lower() in ("http", "https") and parts.netloc else ""


@lru_cache(maxsize=None)
def asset(name: str) -> str:
    """The text of a packaged asset (``newstrace.css``, ``newstrace.js``) from ``report/templates``.

    Raises:
        ValueError: the asset contains ``</`` (it could close its inline element).
    """
    text = resources.files("newstrace.report").joinpath("templates", name).read_text(encoding="utf-8")
    if "</" in text:
        raise ValueError(f"asset {name} contains '</' and cannot be inlined safely")
    return text


def csp_hash(text: str) -> str:
    """The CSP source expression (``'sha256-…'``) allowing exactly this inline element content."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


def environment(*extra_packages: str) -> jinja2.Environment:
    """A Jinja2 environment over ``newstrace.report`` templates (and those of ``extra_packages``).

    Args:
        extra_packages: packages whose ``templates`` folder is searched first (the web app's).

    Returns:
        An environment with ``autoescape=True`` for every template, undefined variables as
        errors, the filters ``kind_class``, ``clip`` and ``safe_url``, and globals such as
        ``by_weight`` (:func:`~newstrace.report.views.changes_by_weight`, the order changes are listed in).
    """
    loaders = [jinja2.PackageLoader(p, "templates") for p in extra_packages]
    loaders.append(jinja2.PackageLoader("newstrace.report", "templates"))
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader(loaders),
        autoescape=True,  # every template, whatever its extension
        undefined=jinja2.StrictUndefined,
        trim_blocks=False,
        lstrip_blocks=False,
    )
    env.filters.update(kind_class=kind_class, clip=clip, safe_url=safe_url)
    env.tests["multiple"] = lambda seq: len(seq) > 1
    env.globals.update(
        kinds=KINDS,
        roles_legend=ROLES,
        kind_help=KIND_HELP,
        arrow_kinds=(*KINDS, "inferred"),
        member_kind=member_kind,
        copies_counted=copy_count,
        by_weight=changes_by_weight,
        stored_key=stored_key,
        label=label,
        node_w=NODE_W,
        node_h=NODE_H,
        timeline_x0=TIMELINE_X0,
    )
    return env


def inline_assets() -> tuple[Markup, Markup, str]:
    """The stylesheet and script for inlining, and a Content-Security-Policy allowing only them.

    Returns:
        ``(css, js, csp)``: css/js as Markup (our own files, checked by :func:`asset`), and a
        policy that loads nothing from anywhere (``default-src 'none'``).
    """
    css, js = asset("newstrace.css"), asset("newstrace.js")
    csp = (f"default-src 'none'; style-src {csp_hash(css)}; script-src {csp_hash(js)}; img-src data:; "
           "base-uri 'none'; form-action 'none'")  # fmt: skip
    return Markup(css), Markup(js), csp


__all__ = ["environment", "kind_class", "clip", "safe_url", "asset", "csp_hash", "inline_assets", "CLIP_CHARS"]
