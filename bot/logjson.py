"""``LOG_FORMAT=json``: one JSON object per log line, for a log collector (no dependency: a logging Formatter).

Each object has ``time`` (ISO 8601, UTC), ``level``, ``logger`` and ``message``; ``exception`` holds a traceback when
there is one. A message is formatted before it is written, as in the text format, so what is never logged there
(a token, a password) is never here either.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime


class JsonFormatter(logging.Formatter):
    """A log record as one line of JSON."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        return json.dumps(line, ensure_ascii=False, default=str)
