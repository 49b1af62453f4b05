//! Criterion benchmarks of the rules on the hot paths (figures in core/BENCHMARKS.md):
//! validating a 50-field record, a formula over a 1000-row sub-table, 10 000 amounts, and
//! MD5 over upload slices. The inputs are `benches/inputs.json`, which the WASM benchmark
//! (`core-wasm/bench/wasm-bench.cjs`) reads too, so both measure the same work.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use qiming_core::{amount, form, formula, md5};
use serde_json::Value;
use std::hint::black_box;

fn inputs() -> Value {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/benches/inputs.json"))
        .expect("benches/inputs.json");
    serde_json::from_str(&text).expect("valid JSON")
}

fn benches(c: &mut Criterion) {
    let inputs = inputs();
    let (form_data, record) = (&inputs["formData"], &inputs["record"]);

    let validator = form::FormValidator::new(form_data).expect("definition");
    assert!(validator.validate(record).is_empty(), "the benchmark record is valid");
    c.bench_function("record: validate 50 fields (compiled definition)", |b| {
        b.iter(|| validator.validate(black_box(record)))
    });
    c.bench_function("record: compile definition + validate 50 fields", |b| {
        b.iter(|| form::validate_record(black_box(form_data), black_box(record)))
    });

    let (expression, data) = (&inputs["formula"], &inputs["formulaData"]);
    let compiled = formula::Formula::parse(expression).expect("formula");
    c.bench_function("formula: items.price × items.qty over 1000 rows", |b| {
        b.iter(|| compiled.evaluate(black_box(data), None, 2))
    });
    c.bench_function("formula: every row of a 1000-row sub-table", |b| {
        b.iter(|| {
            for index in 0..1000 {
                black_box(compiled.evaluate(
                    black_box(data),
                    Some(formula::Row { table: "items", index }),
                    2,
                ));
            }
        })
    });

    let amounts: Vec<&str> =
        inputs["amounts"].as_array().expect("amounts").iter().filter_map(Value::as_str).collect();
    let mut group = c.benchmark_group("amount");
    group.throughput(Throughput::Elements(amounts.len() as u64));
    group.bench_function("10 000 amounts to Chinese capitals", |b| {
        b.iter(|| {
            for a in &amounts {
                let _ = black_box(amount::to_chinese_amount(black_box(a)));
            }
        })
    });
    group.finish();

    // FILE-042: the upload identifier hashes 10,240,000-byte slices.
    let slice = vec![0x5au8; 10_240_000];
    let mut group = c.benchmark_group("md5");
    group.throughput(Throughput::Bytes(slice.len() as u64));
    group.sample_size(20);
    group.bench_function("one 10,240,000-byte slice", |b| {
        b.iter(|| {
            let mut h = md5::Md5Hasher::new();
            h.update(black_box(&slice));
            h.finish_hex()
        })
    });
    group.finish();
}

criterion_group!(core_benches, benches);
criterion_main!(core_benches);
