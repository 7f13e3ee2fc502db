"""The FastAPI application of ``newstrace serve``: a read-only store behind HTML pages and a JSON API.

One read-only :class:`~newstrace.store.Store` is opened when the app is created and shared by
every request under a lock (a DuckDB connection serves one query at a time; the pages are
small, so a lock costs less than a connection per request). Every response carries a
restrictive Content-Security-Policy (nothing but this app's own stylesheet and script),
``nosniff`` and ``no-referrer``; requests whose Host is not the bound address are refused,
so a web page cannot read the store through DNS rebinding. Only GET routes exist; HEAD is answered
as GET without the body.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import HTTPException, RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.middleware.trustedhost import TrustedHostMiddleware

from newstrace import __version__
from newstrace.report.render import asset, environment
from newstrace.store import Store

#: The Content-Security-Policy of every response: this app's own CSS and JS, nothing inline, nothing remote.
CSP = ("default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "form-action 'self'; base-uri 'none'; frame-ancestors 'none'")  # fmt: skip
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}
#: Host names a loopback-bound app answers to.
LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "::1", "[::1]"]


class StoreAccess:
    """The app's read-only store, one request at a time.

    Args:
        path: the store file.

    Raises:
        newstrace.store.StoreError: the store is missing, damaged, locked by a writer or
            needs migrations.
    """

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.store = Store(self.path, read_only=True)
        self.lock = threading.Lock()
        self.cache: dict[str, object] = {}

    @contextlib.contextmanager
    def __call__(self) -> Iterator[Store]:
        """``with access() as store:`` — the store, held by this request alone."""
        with self.lock:
            yield self.store

    def cached(self, key: str, make):
        """A value computed once per app (the store is read-only while served, so it cannot go stale)."""
        with self.lock:
            if key not in self.cache:
                self.cache[key] = make(self.store)
            return self.cache[key]

    def close(self) -> None:
        """Close the store."""
        self.store.close()


def create_app(store_path: str | Path, *, allowed_hosts: list[str] | None = None) -> FastAPI:
    """Build the app over a store.

    Args:
        store_path: the DuckDB store (opened read-only now; errors surface here).
        allowed_hosts: Host header values accepted (default: loopback names only); ``["*"]``
            accepts any (for a non-loopback bind).

    Returns:
        The FastAPI application; ``app.state.access`` is its :class:`StoreAccess`.

    Raises:
        newstrace.store.StoreError: the store cannot be opened read-only.
    """
    access = StoreAccess(store_path)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI):
        yield
        access.close()

    app = FastAPI(
        title="newstrace",
        version=__version__,
        description="Read-only JSON API over a newstrace store: stories, articles, derivations (copy -> origin "
        "links with their changes), side-by-side diffs, speakers, outlets and search.",
        docs_url=None,  # Swagger UI and ReDoc load scripts from a CDN: offline, and the CSP forbids it
        redoc_url=None,
        lifespan=lifespan,
    )
    app.state.access = access
    app.state.templates = environment("newstrace.web")
    app.add_middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts or LOOPBACK_HOSTS)
    app.add_middleware(HeadAsGet)  # added last, so outermost: every layer below sees a GET

    @app.middleware("http")
    async def security_headers(request: Request, call_next):
        response = await call_next(request)
        for k, v in SECURITY_HEADERS.items():
            response.headers.setdefault(k, v)
        return response

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException):
        return _error(request, exc.status_code, str(exc.detail))

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError):
        if request.url.path.startswith("/api/"):
            return JSONResponse({"detail": exc.errors()}, status_code=422)
        msgs = "; ".join(f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg', '')}" for e in exc.errors())
        return _error(request, 422, msgs)

    @app.get("/static/{name}", include_in_schema=False)
    def static(name: str) -> Response:
        types = {"newstrace.css": "text/css; charset=utf-8", "newstrace.js": "text/javascript; charset=utf-8"}
        if name not in types:
            raise HTTPException(404, "no such file")
        return PlainTextResponse(asset(name), media_type=types[name], headers={"Cache-Control": "max-age=3600"})

    from newstrace.web import api, pages

    app.include_router(api.router)
    app.include_router(pages.router)
    return app


class HeadAsGet:
    """ASGI middleware: a HEAD request is answered as the GET of the same URL, without its body.

    HTTP requires HEAD wherever GET is allowed (RFC 9110, section 9.3.2: same status and
    headers, no content); FastAPI's GET routes answer HEAD with 405. The request goes down as a
    GET and the body is dropped on the way out, keeping ``Content-Length`` and every other header.

    Args:
        app: the ASGI application to wrap.
    """

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def send_headers_only(message) -> None:
            if message["type"] == "http.response.body":
                if message.get("more_body", False):
                    return  # a chunk of the body: dropped
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, send_headers_only)


def _error(request: Request, status: int, message: str) -> Response:
    """A JSON error under ``/api/``, an HTML page elsewhere."""
    if request.url.path.startswith("/api/") or request.url.path == "/openapi.json":
        return JSONResponse({"detail": message}, status_code=status)
    html = request.app.state.templates.get_template("error.html.j2").render(
        status=status, message=message, title=f"{status}", nav="", version=__version__,
        store=str(request.app.state.access.path),
    )
    return HTMLResponse(html, status_code=status)


__all__ = ["create_app", "StoreAccess", "HeadAsGet", "CSP", "SECURITY_HEADERS", "LOOPBACK_HOSTS"]
