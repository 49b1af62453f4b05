# Qiming's one entry point. `make run` installs what is missing and starts Qiming;
# `make test` installs what is missing and runs every test. Both skip what is already there.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

# The wasm-bindgen CLI must be exactly the version of the wasm-bindgen crate in Cargo.lock.
WASM_BINDGEN_VERSION := $(shell awk '/^name = "wasm-bindgen"$$/ {getline; gsub(/"/, "", $$3); print $$3; exit}' Cargo.lock 2>/dev/null)
WASM_TARGET := wasm32-unknown-unknown
WASM_FILE := target/$(WASM_TARGET)/wasm/qiming_core_wasm.wasm
PKG := core-wasm/pkg
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: help run build test deps deps-rust deps-node deps-browser deps-postgres wasm web server \
        test-rust test-web test-e2e bench clean

help:
	@echo "make run    install what is missing, build everything and start Qiming"
	@echo "make test   install what is missing and run every test"
	@echo "make build  build WASM, web and server without starting"
	@echo "make bench  run the benchmarks (criterion, WASM, server load, web bundle)"

## ---- installing what is missing -------------------------------------------------------

deps: deps-rust deps-node deps-browser deps-postgres

deps-rust:
	@rustup target list --installed | grep -qx $(WASM_TARGET) || rustup target add $(WASM_TARGET)
	@if ! wasm-bindgen --version 2>/dev/null | grep -qF " $(WASM_BINDGEN_VERSION)"; then \
	  echo "installing wasm-bindgen-cli $(WASM_BINDGEN_VERSION) (a few minutes, once)"; \
	  cargo install wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION); \
	fi

# npm ci only when the lockfile changed since the last install.
deps-node: web/node_modules/.qiming-installed
web/node_modules/.qiming-installed: web/package-lock.json
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

## ---- building ---------------------------------------------------------------------------

# The rules core as WASM: --target bundler for the app (vite-plugin-wasm), --target nodejs
# for jest. Cargo decides whether anything needs rebuilding.
wasm: deps-rust
	cargo build -p qiming-core-wasm --target $(WASM_TARGET) --profile wasm
	wasm-bindgen $(WASM_FILE) --target bundler --out-dir $(PKG)/bundler
	wasm-bindgen $(WASM_FILE) --target nodejs --out-dir $(PKG)/nodejs

web: wasm deps-node
	cd web && npm run build

server:
	cargo build -p qiming-server

build: web server

run: build
	cargo run -q -p qiming-server

## ---- testing ----------------------------------------------------------------------------

test: deps wasm
	$(MAKE) test-rust
	$(MAKE) test-web
	$(MAKE) test-e2e

# core (vectors, property tests) and the server against SQLite and PostgreSQL.
test-rust: deps-postgres
	cargo test --workspace

# jest: web unit tests and the core vectors through the WASM build.
test-web: deps-node
	cd web && npm test -- --ci

# Real Chromium against the real server serving the built app.
test-e2e: web server
	cd web && npm run e2e

# Criterion for core, the same work through WASM, the server's load script (an optimised
# build), and the web's bundle sizes. Figures: README.md, core/BENCHMARKS.md, server/README.md.
bench: wasm deps-node
	cargo bench -p qiming-core --bench rules
	cd web && npm run bench
	cargo bench -p qiming-server --bench load

clean:
	cargo clean
	rm -rf web/dist $(PKG) web/node_modules
