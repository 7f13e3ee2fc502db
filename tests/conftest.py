"""Fixtures shared by test modules."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def store_path(tmp_path_factory) -> Path:
    """The web test store (tests/_webstore.py): built once per session, shared by the report, web, browser,
    hostile-input and story-page tests, which open it read-only."""
    import _webstore as ws

    return ws.build_store(tmp_path_factory.getbasetemp() / "webstore")


@pytest.fixture
def copy(store_path, tmp_path) -> Path:
    """A writable copy of the web test store, for a test whose command may write it (stories, report)."""
    path = tmp_path / "copy.duckdb"
    shutil.copyfile(store_path, path)
    return path
