# gamemaster: the Discord bot in a container.
#
#   docker build -t gamemaster .
#   docker run -d --name gamemaster -e DISCORD_TOKEN=... -v gamemaster-data:/data gamemaster
#
# or, with PostgreSQL beside it: docker compose up -d (compose.yaml). The image runs as an
# unprivileged user, keeps its SQLite file (if used) in the /data volume, draws with the font
# bundled in images/fonts, and answers its health check on 127.0.0.1:9464/healthz.
FROM python:3.12-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
# Dependencies first (a layer that only changes with pyproject.toml), then the code. The
# install is editable so that data/ and images/ are found beside the code, in /app.
COPY pyproject.toml README.md ./
RUN mkdir bot cogs && touch bot/__init__.py cogs/__init__.py && pip install -e . && rm -r bot cogs
COPY bot ./bot
COPY cogs ./cogs
COPY data ./data
COPY images ./images

RUN useradd --system --uid 10001 --user-group --home-dir /app --no-create-home gamemaster \
    && mkdir /data /rules && chown gamemaster:gamemaster /data
USER gamemaster
VOLUME ["/data"]

# What the bot reads (bot/config.py; README "Configuration"). DISCORD_TOKEN comes from the
# environment at run time, never from the image.
ENV GAMEMASTER_DB=/data/gamemaster.sqlite3 \
    GAMEMASTER_RULES_DIR=/rules \
    LOG_LEVEL=INFO \
    LOG_FORMAT=json \
    METRICS_PORT=9464 \
    METRICS_HOST=127.0.0.1

HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-m", "bot", "healthcheck"]

# Exit status 3 means "fix the configuration" (a wrong token, an unwritable store): a restart
# will not help. 1 means a fault that may pass (Discord or the database unreachable).
ENTRYPOINT ["python", "-m", "bot"]
CMD ["run"]
