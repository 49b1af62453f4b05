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

.PHONY: help run build test deps deps-rust deps-node deps-browser wasm web server \
        test-rust test-web test-e2e bench clean

help:
	@echo "make run    install what is missing, build everything and start Qiming"
	@echo "make test   install what is missing and run every test"
	@echo "make build  build WASM, web and server without starting"
	@echo "make bench  run the benchmarks (criterion, WASM, server load, web bundle)"

## ---- installing what is missing -------------------------------------------------------

deps: deps-rust deps-node deps-browser

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

# Debian's Chromium (never a downloaded browser) and a CJK font for the browser tests.
deps-browser:
	@if [ ! -x /usr/bin/chromium ] || ! fc-list 2>/dev/null | grep -qi 'Noto Sans CJK'; then \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium fonts-noto-cjk; \
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
test-rust:
	cargo test --workspace

# jest: web unit tests and the core vectors through the WASM build.
test-web: deps-node
	cd web && npm test -- --ci

# Real Chromium against the real server serving the built app.
test-e2e: web server
	cd web && npm run e2e

bench: wasm deps-node
	cargo bench -p qiming-core
	cd web && npm run bench

clean:
	cargo clean
	rm -rf web/dist $(PKG) web/node_modules
