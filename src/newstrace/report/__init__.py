"""HTML report of a store's stories: provenance graphs, timelines, quote and claim variants, side-by-side diffs, in one offline file."""

from __future__ import annotations

from newstrace.report.build import DEFAULT_LIMIT, DEFAULT_MAX_DIFFS, ReportSummary, build_report

__all__ = ["build_report", "ReportSummary", "DEFAULT_LIMIT", "DEFAULT_MAX_DIFFS"]
