"""Engines: run the per-document stages locally (process pool) or on a cluster."""
