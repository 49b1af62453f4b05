# Qiming's one entry point. `make run` installs what is missing and starts Qiming;
# `make test` installs what is missing and runs every test. Both skip what is already there.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

# The wasm-bindgen CLI must be exactly the version of the wasm-bindgen crate in Cargo.lock
# (wasm-pack runs the one on PATH).
WASM_BINDGEN_VERSION := $(shell awk '/^name = "wasm-bindgen"$$/ {getline; gsub(/"/, "", $$3); print $$3; exit}' Cargo.lock 2>/dev/null)
WASM_PACK_VERSION := 0.15.1
WASM_TARGET := wasm32-unknown-unknown
PKG := core-wasm/pkg
# wasm-opt from npm's binaryen (core-wasm/package.json); it reads the WASM features rustc used
# from the module itself. Names, debug info and the producers section are dropped.
WASM_OPT := core-wasm/node_modules/.bin/wasm-opt
WASM_OPT_FLAGS := -Oz --strip-debug --strip-producers
WASM_SOURCES := Cargo.toml Cargo.lock core/Cargo.toml core-wasm/Cargo.toml $(shell find core/src core-wasm/src \( -name '*.rs' -o -name '*.json' \) 2>/dev/null)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: help run build release api test deps deps-rust deps-node deps-wasm-tools deps-browser deps-postgres deps-moto deps-python-docx wasm web \
        server test-rust test-web test-e2e bench clean

help:
	@echo "make run    install what is missing, build everything and start Qiming"
	@echo "make test   install what is missing and run every test"
	@echo "make build  build WASM, web and server (debug) without starting"
	@echo "make release  the optimised server binary with the web app inside (target/release/qiming-server)"
	@echo "make api    regenerate web/src/api/openapi.json and the web's API types from the server"
	@echo "make bench  run the benchmarks (criterion, WASM, server load, web bundle)"

## ---- installing what is missing -------------------------------------------------------

deps: deps-rust deps-wasm-tools deps-node deps-browser deps-postgres deps-moto deps-python-docx

deps-rust:
	@rustup target list --installed | grep -qx $(WASM_TARGET) || rustup target add $(WASM_TARGET)
	@if ! wasm-bindgen --version 2>/dev/null | grep -qF " $(WASM_BINDGEN_VERSION)"; then \
	  echo "installing wasm-bindgen-cli $(WASM_BINDGEN_VERSION) (a few minutes, once)"; \
	  cargo install wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION); \
	fi
	@if ! command -v wasm-pack >/dev/null; then \
	  echo "installing wasm-pack $(WASM_PACK_VERSION) (a few minutes, once)"; \
	  cargo install wasm-pack --version $(WASM_PACK_VERSION); \
	fi

# npm ci only when a lockfile changed since the last install: core-wasm's build tools
# (binaryen's wasm-opt), and the web, whose @qiming/core packages are the WASM build (file:
# dependencies on core-wasm/pkg), so the build comes first.
deps-wasm-tools: core-wasm/node_modules/.qiming-installed
core-wasm/node_modules/.qiming-installed: core-wasm/package-lock.json
	cd core-wasm && npm ci --no-audit --no-fund
	@touch $@

deps-node: web/node_modules/.qiming-installed
web/node_modules/.qiming-installed: web/package-lock.json | $(PKG)/.built
	cd web && npm ci --no-audit --no-fund
	@touch $@

# Debian's Chromium (never a downloaded browser), a CJK font for its screenshots, and the
# sqlite3 CLI with which the browser tests read the captcha answer a person would see.
deps-browser:
	@if [ ! -x /usr/bin/chromium ] || ! fc-list 2>/dev/null | grep -qi 'Noto Sans CJK' || ! command -v sqlite3 >/dev/null; then \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium fonts-noto-cjk sqlite3; \
	fi

# The server's tests run on PostgreSQL too (127.0.0.1:5432, or QIMING_TEST_PG_URL): start the
# local cluster when it is installed but stopped; say what is missing otherwise.
deps-postgres:
	@if [ -z "$${QIMING_TEST_PG_URL:-}" ] && ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then \
	  if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then \
	    for v in $$(ls /etc/postgresql); do $(SUDO) pg_ctlcluster --skip-systemctl-redirect $$v main start || true; done; \
	    for i in 1 2 3 4 5 6 7 8 9 10; do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done; \
	  fi; \
	  pg_isready -q -h 127.0.0.1 -p 5432 || { echo "PostgreSQL is not answering on 127.0.0.1:5432 (trust auth, user postgres); start it or set QIMING_TEST_PG_URL"; exit 1; }; \
	fi

# moto's S3 server, which the S3 file store's tests (server/tests/api/file_s3.rs) run against.
deps-moto:
	@command -v moto_server >/dev/null || python3 -m pip install -q 'moto[server]'

# python-docx, the independent reader with which the print tests open the .docx downloads
# (server/tests/api/print_dev.rs), from PyPI like moto.
deps-python-docx:
	@python3 -c 'import docx' 2>/dev/null || python3 -m pip install -q python-docx

## ---- building ---------------------------------------------------------------------------

# The rules core as npm packages, built by wasm-pack (profile `wasm`, the pinned wasm-bindgen,
# no download): pkg/bundler is the app's @qiming/core (vite-plugin-wasm), pkg/nodejs the same
# crate for jest and node scripts (@qiming/core-node); then wasm-opt shrinks each module.
# Rebuilt when a Rust source, a manifest or the lockfile changed.
wasm: $(PKG)/.built
$(PKG)/.built: $(WASM_SOURCES) core-wasm/node_modules/.qiming-installed | deps-rust
	cd core-wasm && wasm-pack build --mode no-install --no-opt --profile wasm --target bundler --out-dir pkg/bundler
	cd core-wasm && wasm-pack build --mode no-install --no-opt --profile wasm --target nodejs --out-dir pkg/nodejs
	for t in bundler nodejs; do \
	  $(WASM_OPT) $(WASM_OPT_FLAGS) $(PKG)/$$t/qiming_core_wasm_bg.wasm -o $(PKG)/$$t/qiming_core_wasm_bg.opt.wasm; \
	  mv $(PKG)/$$t/qiming_core_wasm_bg.opt.wasm $(PKG)/$$t/qiming_core_wasm_bg.wasm; \
	done
	@touch $@

web: wasm deps-node
	cd web && npm run build

server:
	cargo build -p qiming-server

build: web server

# The binary users run: optimised, with the built web app (web/dist, precompressed) inside, so
# it and a data directory are the whole install. The web is built first: the release build
# embeds whatever web/dist holds.
release: web
	cargo build --release -p qiming-server

run: release
	./target/release/qiming-server

# One source for the wire: the server's OpenAPI document (generated from its handlers) and the
# web's TypeScript types generated from it. Commit both; `cargo test` and jest fail when either
# is stale.
api: server deps-node
	"$${CARGO_TARGET_DIR:-target}/debug/qiming-server" openapi > web/src/api/openapi.json
	cd web && npx openapi-typescript src/api/openapi.json -o src/api/schema.d.ts --empty-objects-unknown

## ---- testing ----------------------------------------------------------------------------

test: deps wasm
	$(MAKE) test-rust
	$(MAKE) test-web
	$(MAKE) test-e2e

# core (vectors, property tests) and the server against SQLite and PostgreSQL.
test-rust: deps-postgres deps-moto deps-python-docx
	cargo test --workspace

# jest: web unit tests and the core vectors through the WASM build.
test-web: deps-node
	cd web && npm test -- --ci

# Real Chromium against the real server serving the built app.
test-e2e: web server
	cd web && npm run e2e

# Criterion for core, the same work through WASM, the web's bundle sizes, and the server's load
# script (an optimised build with the web app inside, driven by Debian's wrk). Figures:
# README.md, core/BENCHMARKS.md, server/README.md.
bench: web
	@command -v wrk >/dev/null || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq wrk; }
	cargo bench -p qiming-core --bench rules
	cd web && npm run bench
	cargo bench -p qiming-server --bench load

clean:
	cargo clean
	rm -rf web/dist $(PKG) web/node_modules core-wasm/node_modules
