"""Local read-only web app over a store (``newstrace serve``): HTML pages and a JSON API with its OpenAPI document."""

from __future__ import annotations

from newstrace.web.app import create_app

__all__ = ["create_app"]
