"""LightRAG-style graph RAG engine: index documents into a knowledge graph, query it in six modes.

The engine never imports Streamlit; pages, the CLI and the HTTP API all call `Engine`.
"""

from .config import Settings
from .engine import Engine
from .models import Document, LightRAGError
from .query.params import MODES, QueryParam, QueryResult

__all__ = ["Engine", "Settings", "Document", "LightRAGError", "QueryParam", "QueryResult", "MODES"]
