"""HTTP API compatible with LightRAG's server (/query, /query/stream, /query/data, /documents).

Importing `lightrag_core` does not import this package: FastAPI is needed only to serve.
"""
