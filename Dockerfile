# Domino Hall: the bot in a slim Python image, run as a non-root user.
#   docker build -t domino-hall .
#   docker run --env-file .env -v domino-data:/data domino-hall            (SQLite under /data)
# or, with PostgreSQL and a volume: docker compose up (compose.yaml).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    DATABASE_URL=sqlite:////data/domino_hall.db

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
COPY engine ./engine
COPY render ./render
# libfribidi lets Pillow lay out right-to-left names (Arabic, Hebrew) with their letters joined.
RUN apt-get update && apt-get install -y --no-install-recommends libfribidi0 && rm -rf /var/lib/apt/lists/* \
    && pip install --no-compile . \
    && useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin hall \
    && mkdir -p /data && chown hall /data

USER hall
VOLUME ["/data"]
# SIGTERM (docker stop) closes the bot within 5 s, whatever Discord is doing.
STOPSIGNAL SIGTERM
ENTRYPOINT ["domino-hall"]
