# Domino Hall: the bot in a slim Python image, run as a non-root user.
#   docker build -t domino-hall .
#   docker run --env-file .env -v domino-data:/data domino-hall            (SQLite under /data)
# or, with PostgreSQL and a volume: docker compose up (compose.yaml).
FROM python:3.11-slim

# DATA_DIR is the volume: a relative SQLite path in DATABASE_URL (the example's sqlite:///data/domino_hall.db too)
# is a file in it, never under the read-only /app. HEALTH_PORT serves /healthz for the HEALTHCHECK below.
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    DATA_DIR=/data \
    HEALTH_PORT=8080

WORKDIR /app
COPY pyproject.toml README.md LICENSE constraints.txt ./
COPY bot ./bot
COPY cogs ./cogs
COPY engine ./engine
COPY render ./render
# libfribidi lets Pillow lay out right-to-left names (Arabic, Hebrew) with their letters joined; constraints.txt
# pins every dependency to the tested release (README, "Upgrading the pinned versions").
RUN apt-get update && apt-get install -y --no-install-recommends libfribidi0 && rm -rf /var/lib/apt/lists/* \
    && pip install --no-compile --constraint constraints.txt . \
    && useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin hall \
    && mkdir -p /data && chown hall /data

USER hall
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ['HEALTH_PORT'], timeout=4)"]
# SIGTERM (docker stop) closes the bot within 5 s, whatever Discord is doing.
STOPSIGNAL SIGTERM
ENTRYPOINT ["domino-hall"]
