// Loads the nodejs WASM build (core-wasm/pkg/nodejs, built by `make wasm`) for jest:
//   const core = require('<path>/core-wasm/testing/load-nodejs.cjs');
// Node's own require() is used rather than jest's module registry: the build carries a small
// ES-module snippet (formula data extraction) that Node (>= 20.19) loads through require()
// but jest's loader cannot. jest also replaces `module.createRequire`, so the real one is
// taken with process.getBuiltinModule (Node >= 20.16).
'use strict';
const path = require('path');

const nodeRequire = process.getBuiltinModule('module').createRequire(__filename);
module.exports = nodeRequire(path.join(__dirname, '../pkg/nodejs/qiming_core_wasm.js'));
