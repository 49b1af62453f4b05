# Qiming in a container: the release binary (with the web app inside) on a slim Debian, run
# as an unprivileged user, its data (the SQLite database and uploaded files) on a volume.
#
#   docker build -t qiming .
#   docker run -d --name qiming -p 8080:8080 -v qiming-data:/data \
#       -e QIMING_ADMIN_PASSWORD='…' qiming
#   deploy/smoke.sh --container qiming          # waits for /api/health, signs in
#
# PostgreSQL instead of the file on the volume: -e DATABASE_URL=postgres://user:pw@host/qiming.
# Everything else is configured with QIMING_* variables (server/README.md "Configuration").

# ---- builder: WASM rules core → web app → release binary (which embeds web/dist) ----------
FROM rust:1.95-bookworm AS builder
# Node for the web build, from the official image of the version CI uses.
COPY --from=node:20-bookworm-slim /usr/local/bin/node /usr/local/bin/node
COPY --from=node:20-bookworm-slim /usr/local/lib/node_modules /usr/local/lib/node_modules
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx
WORKDIR /src
COPY . .
# `make release`: the wasm32 target, the pinned wasm-bindgen and wasm-pack, npm ci, the web
# build, then `cargo build --release -p qiming-server`.
ENV CARGO_INCREMENTAL=0
RUN make release && strip target/release/qiming-server

# ---- runtime ----------------------------------------------------------------------------
FROM debian:bookworm-slim
# ca-certificates: the outgoing HTTPS calls (HTTP data interfaces, DingTalk, WeCom, S3) check
# servers against the system's roots; curl: the health check.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 qiming \
 && useradd --system --uid 10001 --gid qiming --home-dir /data --shell /usr/sbin/nologin qiming \
 && mkdir -p /data && chown qiming:qiming /data
COPY --from=builder /src/target/release/qiming-server /usr/local/bin/qiming-server
USER qiming
WORKDIR /data
ENV QIMING_ADDR=0.0.0.0:8080 \
    QIMING_DATA_DIR=/data
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD curl -fsS http://127.0.0.1:8080/api/health >/dev/null || exit 1
# Stops on SIGINT (Ctrl-C handling); docker stop sends this signal.
STOPSIGNAL SIGINT
ENTRYPOINT ["/usr/local/bin/qiming-server"]
