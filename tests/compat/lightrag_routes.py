"""Run by the test-only virtualenv's Python: LightRAG's route table and pydantic bodies, read from the installed
`lightrag-hku` package's source (its syntax tree: importing the server would need all its model back ends).

Prints JSON: one object per route with its method, path, request body model and that model's fields (which are
required), and the response model's fields.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import sys
from pathlib import Path

METHODS = {"get", "post", "put", "patch", "delete"}
# Where LightRAG mounts a router without a prefix of its own (lightrag_server.py: include_router(..., prefix=)).
MOUNTED_AT = {"ollama_api.py": "/api"}


def _is_required(value: ast.expr | None) -> bool:
    if value is None:
        return True
    if isinstance(value, ast.Call) and getattr(value.func, "id", "") == "Field":
        if value.args:
            return isinstance(value.args[0], ast.Constant) and value.args[0].value is Ellipsis
        return not any(k.arg in {"default", "default_factory"} for k in value.keywords)
    return False


def _models(tree: ast.AST) -> dict[str, dict]:
    """Every class in the file (at any depth) with its own annotated fields and its base names."""
    out: dict[str, dict] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            fields = {s.target.id: _is_required(s.value) for s in node.body
                      if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)
                      and s.target.id != "model_config"}
            out[node.name] = {"fields": fields, "bases": [getattr(b, "id", "") for b in node.bases]}
    return out


def _fields(name: str, models: dict[str, dict]) -> dict[str, bool] | None:
    model = models.get(name)
    if model is None:
        return None
    merged: dict[str, bool] = {}
    for base in model["bases"]:
        merged.update(_fields(base, models) or {})
    merged.update(model["fields"])
    return merged


def _prefix(tree: ast.AST, file: str) -> str:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "APIRouter":
            for k in node.keywords:
                if k.arg == "prefix" and isinstance(k.value, ast.Constant):
                    return str(k.value.value)
    return MOUNTED_AT.get(file, "")


def routes(package: Path) -> list[dict]:
    files = [package / "api" / "lightrag_server.py", *sorted((package / "api" / "routers").glob("*.py"))]
    trees = {f: ast.parse(f.read_text(encoding="utf-8")) for f in files}
    models: dict[str, dict] = {}
    for tree in trees.values():
        models.update(_models(tree))
    found = []
    for file, tree in trees.items():
        prefix = _prefix(tree, file.name)
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for deco in node.decorator_list:
                if not (isinstance(deco, ast.Call) and isinstance(deco.func, ast.Attribute)
                        and deco.func.attr in METHODS and deco.args and isinstance(deco.args[0], ast.Constant)):
                    continue
                keywords = {k.arg: k.value for k in deco.keywords}
                hidden = keywords.get("include_in_schema")
                if isinstance(hidden, ast.Constant) and hidden.value is False:
                    continue
                response = keywords.get("response_model")
                response_name = response.id if isinstance(response, ast.Name) else None
                body = next((a.annotation.id for a in node.args.args
                             if isinstance(a.annotation, ast.Name) and _fields(a.annotation.id, models) is not None),
                            None)
                found.append({"method": deco.func.attr.upper(), "path": prefix + str(deco.args[0].value),
                              "function": node.name, "request_model": body,
                              "request_fields": _fields(body, models) if body else None,
                              "response_model": response_name,
                              "response_fields": _fields(response_name, models) if response_name else None})
    return found


if __name__ == "__main__":
    spec = importlib.util.find_spec("lightrag")  # locates the package without running its __init__
    if spec is None or not spec.submodule_search_locations:
        sys.exit("lightrag-hku is not installed in this interpreter")
    json.dump(routes(Path(next(iter(spec.submodule_search_locations)))), sys.stdout, indent=1)
