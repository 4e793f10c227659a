"""An ASGI app under uvicorn on a free loopback port, in a thread, for tests that need a real socket."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def serving(app: Any, start_seconds: float = 20.0) -> Iterator[int]:
    """Serve `app` on 127.0.0.1 and yield its port; the server stops when the block ends."""
    import uvicorn

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + start_seconds
        while not server.started:
            if time.monotonic() > deadline or not thread.is_alive():
                raise RuntimeError(f"uvicorn did not start on port {port} within {start_seconds:.0f} s")
            time.sleep(0.05)
        yield port
    finally:
        server.should_exit = True
        thread.join(timeout=10)
