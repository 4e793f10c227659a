"""LightRAG-style graph RAG engine: index documents into a knowledge graph, query it in six modes.

The engine never imports Streamlit; pages, the CLI and the HTTP API all call `Engine`.
"""

from lightrag_core.config import Settings
from lightrag_core.engine import Engine
from lightrag_core.models import Document, LightRAGError
from lightrag_core.query.modes import MODES, Mode
from lightrag_core.query.params import QueryParam
from lightrag_core.query.result import QueryResult

__all__ = ["Engine", "Settings", "Document", "LightRAGError", "QueryParam", "QueryResult", "MODES", "Mode"]
