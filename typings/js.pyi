# The browser's global scope as Pyodide's ``js`` module (untyped: Any).
from typing import Any

def __getattr__(name: str) -> Any: ...
