"""The sidecar's logging: uvicorn's, with the guide's own logger beside it, as text or as JSON lines.

Nothing here adds fields from a request: the access log names the method, the path and the status, and the API
takes visitor text only in request bodies, which are never logged.
"""

from __future__ import annotations

import copy
from typing import Any

JSON_FORMATTER = {
    "()": "pythonjsonlogger.json.JsonFormatter",
    "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s",
    "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
}


def log_config(log_format: str, level: str = "info") -> dict[str, Any]:
    """A `logging.config.dictConfig` for uvicorn and the guide; `json` gives one JSON object a line."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["loggers"]["docent"] = {"handlers": ["default"], "level": level.upper(), "propagate": False}
    # The MCP SDK's own log: warnings only (its info lines name a refused tool call's fields, never their values).
    config["loggers"]["mcp"] = {"handlers": ["default"], "level": "WARNING", "propagate": False}
    if log_format == "json":
        from pythonjsonlogger.core import RESERVED_ATTRS

        # uvicorn's coloured copy of the message is for terminals
        formatter = {**JSON_FORMATTER, "reserved_attrs": [*RESERVED_ATTRS, "color_message"]}
        config["formatters"]["default"] = formatter
        config["formatters"]["access"] = dict(formatter)
    return config


def configure(log_format: str, level: str = "info") -> None:
    """Set the logging up before anything logs: the settings' own warnings go out in the same format."""
    import logging.config

    logging.config.dictConfig(log_config(log_format if log_format in ("text", "json") else "text", level))
