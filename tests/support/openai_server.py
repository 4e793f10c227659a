"""A small OpenAI-compatible HTTP server for tests: scripted chat replies, embeddings, and a
Jina/Cohere-style /rerank endpoint.

It speaks the real wire format (JSON and server-sent events), so the code
under test talks to it through the real `langchain-openai` client.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import numpy as np

Responder = Callable[[list[dict]], str]


class OpenAIStub:
    def __init__(self, respond: Responder, embedding_dim: int = 64) -> None:
        self.respond = respond
        self.embedding_dim = embedding_dim
        self.fail_next: list[int] = []  # status codes to return before answering normally
        self.delay = 0.0  # seconds to wait before answering (timeouts)
        self.delays: list[float] = []  # per request, before `delay` applies
        self.piece_delay = 0.0  # seconds between streamed pieces (a client closing mid-reply)
        self.disconnects = 0  # streams the client closed before the end
        self.requests: list[dict] = []
        self.arrivals: list[float] = []  # monotonic time each request arrived
        lock = threading.Lock()
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                import time

                with lock:
                    stub.arrivals.append(time.monotonic())
                self._post()

            def _post(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                stub.requests.append({"path": self.path, "body": body,
                                      "auth": self.headers.get("Authorization", "")})
                if stub.fail_next:
                    code = stub.fail_next.pop(0)
                    # Like real providers, an auth error echoes (part of) the key it was given.
                    key = self.headers.get("Authorization", "").removeprefix("Bearer ")
                    message = f"Incorrect API key provided: {key}" if code == 401 else f"scripted {code}"
                    self._json(code, {"error": {"message": message, "type": "error"}})
                    return
                pause = stub.delays.pop(0) if stub.delays else stub.delay
                if pause:
                    import time

                    time.sleep(pause)
                if self.path.endswith("/rerank"):
                    # Relevance = share of the query's words found in the document.
                    query = set(re.findall(r"\w+", body["query"].lower()))
                    results = [{"index": i, "relevance_score": len(query & set(re.findall(r"\w+", d.lower())))
                                / max(len(query), 1)} for i, d in enumerate(body["documents"])]
                    results.sort(key=lambda r: -r["relevance_score"])
                    self._json(200, {"model": body["model"], "results": results[: body.get("top_n") or None]})
                    return
                if self.path.endswith("/embeddings"):
                    inputs = body["input"] if isinstance(body["input"], list) else [body["input"]]
                    data = [{"object": "embedding", "index": i, "embedding": stub.vector(str(t)).tolist()}
                            for i, t in enumerate(inputs)]
                    self._json(200, {"object": "list", "data": data, "model": body["model"],
                                     "usage": {"prompt_tokens": 1, "total_tokens": 1}})
                    return
                text = stub.respond(body["messages"])
                finish = "stop"
                words = text.split(" ")
                cap = body.get("max_completion_tokens") or body.get("max_tokens")  # clients send either
                if cap and len(words) > cap:  # a space-separated word per token
                    text, finish = " ".join(words[:cap]), "length"
                if body.get("stream"):
                    self._stream(body["model"], text, finish)
                else:
                    self._json(200, {
                        "id": "chatcmpl-test", "object": "chat.completion", "created": 0, "model": body["model"],
                        "choices": [{"index": 0, "finish_reason": finish,
                                     "message": {"role": "assistant", "content": text}}],
                        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}})

            def _json(self, code: int, payload: dict) -> None:
                data = json.dumps(payload).encode()
                self.send_response(code)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _stream(self, model: str, text: str, finish: str = "stop") -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                pieces = [text[i:i + 7] for i in range(0, len(text), 7)]
                try:
                    for piece in pieces:
                        chunk = {"id": "c", "object": "chat.completion.chunk", "created": 0, "model": model,
                                 "choices": [{"index": 0, "delta": {"content": piece}, "finish_reason": None}]}
                        self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
                        self.wfile.flush()
                        if stub.piece_delay:
                            import time

                            time.sleep(stub.piece_delay)
                    end = {"id": "c", "object": "chat.completion.chunk", "created": 0, "model": model,
                           "choices": [{"index": 0, "delta": {}, "finish_reason": finish}]}
                    self.wfile.write(f"data: {json.dumps(end)}\n\ndata: [DONE]\n\n".encode())
                except (BrokenPipeError, ConnectionResetError):
                    stub.disconnects += 1  # the client closed the stream: a real server stops generating

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def vector(self, text: str) -> np.ndarray:
        """A bag of hashed word vectors: deterministic, and texts sharing words come out similar."""
        total = np.zeros(self.embedding_dim, dtype=np.float32)
        for word in re.findall(r"\w+", text.lower()) or [""]:
            seed = int.from_bytes(hashlib.sha256(word.encode()).digest()[:4], "little")
            total += np.random.default_rng(seed).standard_normal(self.embedding_dim).astype(np.float32)
        return total

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def chat_requests(self) -> list[dict]:
        return [r for r in self.requests if r["path"].endswith("/chat/completions")]

    def __enter__(self) -> OpenAIStub:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
