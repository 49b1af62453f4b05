// The core benchmarks through the WASM build (the nodejs package, core-wasm/pkg/nodejs): the
// same inputs as `cargo bench -p qiming-core` (core/benches/inputs.json). Run after `make wasm`:
//   node core-wasm/bench/wasm-bench.cjs
// Figures go to core/BENCHMARKS.md. Times are per call, the median of 9 rounds.
'use strict';
const fs = require('fs');
const path = require('path');
const core = require('../pkg/nodejs');

const inputs = JSON.parse(fs.readFileSync(path.join(__dirname, '../../core/benches/inputs.json'), 'utf8'));

/** Median time per call of `fn`, in microseconds, over `rounds` rounds of `iterations` calls. */
function measure(name, iterations, fn, rounds = 9) {
  for (let i = 0; i < Math.max(3, iterations / 4); i++) fn(); // warm-up (JIT, GC)
  const perCall = [];
  for (let r = 0; r < rounds; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) fn();
    perCall.push(Number(process.hrtime.bigint() - start) / 1000 / iterations);
  }
  perCall.sort((a, b) => a - b);
  const median = perCall[Math.floor(rounds / 2)];
  const shown = median >= 1000 ? `${(median / 1000).toFixed(2)} ms` : `${median.toFixed(1)} µs`;
  console.log(`${name.padEnd(58)} ${shown}`);
  return median;
}

const { formData, record, formula, formulaData, amounts } = inputs;

const validator = new core.FormValidator(formData);
if (Object.keys(validator.validate(record)).length !== 0) throw new Error('the benchmark record must be valid');
measure('record: validate 50 fields (FormValidator)', 2000, () => validator.validate(record));
measure('record: validateRecord (same definition every call: JSON compared, compiled once)', 500, () => core.validateRecord(formData, record));

const compiled = new core.Formula(formula);
const expected = core.evaluateFormula(formula, formulaData, 2);
if (compiled.evaluate(formulaData, 2) !== expected) throw new Error('compiled and one-shot formulas disagree');
measure('formula: 1000-row sub-table sum (Formula)', 200, () => compiled.evaluate(formulaData, 2));
measure('formula: 1000-row sub-table sum (evaluateFormula)', 200, () => core.evaluateFormula(formula, formulaData, 2));

measure('amount: 10 000 amounts to Chinese capitals', 10, () => {
  for (const a of amounts) core.toChineseAmount(a);
});

// FILE-042: the upload identifier of a 100 MB file, in 10,240,000-byte slices.
const slice = new Uint8Array(10_240_000).fill(0x5a);
const total = 100 * 1024 * 1024;
const md5 = measure('md5: 100 MB in 10,240,000-byte slices (Md5Hasher)', 1, () => {
  const h = new core.Md5Hasher();
  for (let done = 0; done < total; done += slice.length) h.update(slice.subarray(0, Math.min(slice.length, total - done)));
  h.finishHex();
  h.free();
}, 3);
console.log(`${'md5: throughput'.padEnd(58)} ${(total / 1048576 / (md5 / 1e6)).toFixed(0)} MB/s`);

const wasm = fs.statSync(path.join(__dirname, '../pkg/nodejs/qiming_core_wasm_bg.wasm')).size;
console.log(`${'size of qiming_core_wasm_bg.wasm'.padEnd(58)} ${(wasm / 1024).toFixed(0)} KiB`);
