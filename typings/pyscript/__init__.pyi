# Types for PyScript's module as the page uses it (the DOM itself is untyped: Any).
from typing import Any

document: Any
window: Any

def when(event_type: Any = ..., selector: Any = ..., **options: Any) -> Any: ...
def display(*values: Any, target: str | None = ..., append: bool = ...) -> None: ...
