//! Property tests: the formula evaluator and the amount conversion never panic on any input,
//! agree with simple independent models where one exists, and amounts round-trip to their
//! digits. Case counts are kept modest so `cargo test` stays quick on two cores.

use proptest::prelude::*;
use qiming_core::amount::{chinese_amount, parse_chinese_amount, to_chinese_amount};
use qiming_core::formula::{Formula, check_formula, evaluate_formula};
use qiming_core::number::thousands;
use serde_json::{Value, json};

fn config() -> ProptestConfig {
    ProptestConfig { cases: 256, ..ProptestConfig::default() }
}

/// An expression tree over small integers with + − ×, rendered as text with brackets, and
/// its value computed independently in i128.
#[derive(Debug, Clone)]
enum Expr {
    Num(i64),
    Op(Box<Expr>, char, Box<Expr>),
}

impl Expr {
    fn text(&self) -> String {
        match self {
            Expr::Num(n) => n.to_string(),
            Expr::Op(a, op, b) => format!("({} {op} {})", a.text(), b.text()),
        }
    }
    /// None when a step leaves the range of a 96-bit decimal (the evaluator then answers 0).
    fn value(&self) -> Option<i128> {
        const LIMIT: i128 = 79_228_162_514_264_337_593_543_950_335;
        let v = match self {
            Expr::Num(n) => i128::from(*n),
            Expr::Op(a, '+', b) => a.value()?.checked_add(b.value()?)?,
            Expr::Op(a, '-', b) => a.value()?.checked_sub(b.value()?)?,
            Expr::Op(a, _, b) => a.value()?.checked_mul(b.value()?)?,
        };
        (v.abs() <= LIMIT).then_some(v)
    }
}

fn expr() -> impl Strategy<Value = Expr> {
    let leaf = prop_oneof![(0i64..1000).prop_map(Expr::Num), (0i64..i64::MAX).prop_map(Expr::Num)];
    leaf.prop_recursive(6, 48, 2, |inner| {
        (inner.clone(), prop::sample::select(vec!['+', '-', '×']), inner)
            .prop_map(|(a, op, b)| Expr::Op(Box::new(a), op, Box::new(b)))
    })
}

/// Any JSON value a token list might hold, hostile ones included.
fn token() -> impl Strategy<Value = Value> {
    prop_oneof![
        prop::sample::select(vec!["+", "-", "×", "÷", "(", ")", ".", "*", "/", "%", ""])
            .prop_map(|s| json!(s)),
        (0u8..10).prop_map(|d| json!(d.to_string())),
        "[a-z]{1,3}(\\.[a-z]{1,3})?".prop_map(|f| json!({"__vModel__": f})),
        any::<f64>().prop_map(|f| json!(f)),
        any::<bool>().prop_map(|b| json!(b)),
        Just(Value::Null),
        Just(json!({})),
    ]
}

/// Form data with numbers, text and sub-tables under short names.
fn data() -> impl Strategy<Value = Value> {
    let scalar = prop_oneof![
        any::<i32>().prop_map(|n| json!(n)),
        any::<f64>().prop_map(|f| json!(f)),
        "[0-9.eE+-]{0,12}".prop_map(|s| json!(s)),
        Just(Value::Null),
    ];
    let row = prop::collection::btree_map("[a-z]{1,3}", scalar.clone(), 0..4);
    let table = prop::collection::vec(row, 0..5).prop_map(|rows| json!(rows));
    prop::collection::btree_map("[a-z]{1,3}", prop_oneof![scalar, table], 0..6).prop_map(|m| json!(m))
}

/// Any JSON, a few levels deep.
fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<f64>().prop_map(|f| json!(f)),
        any::<i64>().prop_map(Value::from),
        "\\PC{0,12}".prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 32, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map("[a-z_]{0,4}", inner, 0..4).prop_map(|m| json!(m)),
        ]
    })
}

/// A field of any widget with arbitrary settings, named from a small set so records hit it.
fn field() -> impl Strategy<Value = Value> {
    let keys = vec![
        "comInput",
        "textarea",
        "numInput",
        "date",
        "time",
        "dateRange",
        "uploadFz",
        "uploadImg",
        "usersSelect",
        "table",
        "select",
        "row",
        "calculate",
        "JNPFAmount",
    ];
    (prop::sample::select(keys), "[a-c]", json_value(), json_value(), json_value(), any::<bool>()).prop_map(
        |(key, name, limit, pattern, children, required)| {
            json!({"__vModel__": name, "limit": limit, "min": pattern.clone(), "startTime": limit,
                   "__config__": {"jnpfKey": key, "label": name, "required": required,
                                  "regList": [{"pattern": pattern, "message": "x"}],
                                  "children": [{"__vModel__": "a", "__config__": {"jnpfKey": "comInput", "required": required}}, children]}})
        },
    )
}

proptest! {
    #![proptest_config(config())]

    // CALC-009..013: any text, any token list, any data — never a panic, always a number.
    #[test]
    fn formula_never_panics_on_text(text in "\\PC{0,60}", data in data(), precision in 0u32..40) {
        let _ = check_formula(&json!(text));
        let out = evaluate_formula(&json!(text), &data, None, precision).value;
        prop_assert!(qiming_core::number::DecimalText::parse(&out).is_some(), "{out}");
    }

    #[test]
    fn formula_never_panics_on_tokens(tokens in prop::collection::vec(token(), 0..40), data in data(), index in 0usize..6) {
        let expression = Value::Array(tokens);
        let _ = check_formula(&expression);
        let row = qiming_core::formula::Row { table: "ab", index };
        let out = evaluate_formula(&expression, &data, Some(row), 2).value;
        prop_assert!(qiming_core::number::DecimalText::parse(&out).is_some(), "{out}");
    }

    // CALC-010/012: brackets and precedence agree with an independent integer model.
    #[test]
    fn formula_matches_integer_model(e in expr()) {
        let text = e.text();
        let formula = Formula::from_text(&text).map_err(|m| TestCaseError::fail(m.text))?;
        let want = e.value().map_or_else(|| "0".to_string(), |v| v.to_string());
        let evaluation = formula.evaluate(&json!({}), None, 0);
        // CALC-013: a result is 0 with a problem exactly when the model leaves the range.
        prop_assert_eq!(evaluation.problem.is_some(), e.value().is_none(), "{}", text);
        prop_assert_eq!(evaluation.value, want, "{}", text);
    }

    // Without brackets × still binds tighter: a + b × c − d.
    #[test]
    fn formula_precedence(a in 0i64..10_000, b in 0i64..10_000, c in 0i64..10_000, d in 0i64..10_000) {
        let text = format!("{a} + {b} × {c} - {d}");
        let want = i128::from(a) + i128::from(b) * i128::from(c) - i128::from(d);
        prop_assert_eq!(evaluate_formula(&json!(text), &json!({}), None, 0).value, want.to_string());
    }

    // A column at form level is the sum of its cells, exactly (cents never drift).
    #[test]
    fn column_sum_is_exact(cents in prop::collection::vec(0i64..1_000_000, 0..50)) {
        let rows: Vec<Value> = cents.iter().map(|c| json!({"p": format!("{}.{:02}", c / 100, c % 100)})).collect();
        let total: i64 = cents.iter().sum();
        let out = evaluate_formula(&json!("t.p"), &json!({"t": rows}), None, 2).value;
        prop_assert_eq!(out, format!("{}.{:02}", total / 100, total % 100));
    }

    // AMT: any text converts or overflows, never panics.
    #[test]
    fn amount_never_panics(text in "\\PC{0,40}") {
        let _ = to_chinese_amount(&text);
        let _ = parse_chinese_amount(&text);
        let _ = thousands(&text, 2);
    }

    // AMT-001/002: amount → capitals → digits gives the amount back (up to 15 integer digits
    // and 4 decimals, signs included).
    #[test]
    fn amount_round_trips(negative in any::<bool>(), int in 0u64..1_000_000_000_000_000, frac in 0u32..10_000) {
        let frac_text = format!("{frac:04}");
        let frac_text = frac_text.trim_end_matches('0');
        let mut plain = int.to_string();
        if !frac_text.is_empty() {
            plain = format!("{plain}.{frac_text}");
        }
        let zero = int == 0 && frac == 0;
        let input = if negative { format!("-{plain}") } else { plain.clone() };
        let capitals = chinese_amount(&input).map_err(|m| TestCaseError::fail(m.text))?;
        let back = parse_chinese_amount(&capitals);
        let want = if negative && !zero { format!("-{plain}") } else { plain };
        prop_assert_eq!(back, Some(want), "{} → {}", input, capitals);
    }

    // AMT-001: more than 15 integer digits always overflows.
    #[test]
    fn amount_overflows_past_15_digits(int in "[1-9][0-9]{15,30}", frac in "[0-9]{0,6}") {
        let text = if frac.is_empty() { int } else { format!("{int}.{frac}") };
        prop_assert_eq!(chinese_amount(&text).map_err(|m| m.key), Err("amount.overflow"));
        prop_assert_eq!(to_chinese_amount(&text), "数字较大溢出");
    }

    // AMT-005: removing the separators of thousands(x, n) gives x rounded to n places.
    #[test]
    fn thousands_only_adds_separators(int in 0u64..u64::MAX, n in 0u32..6) {
        let grouped = thousands(&int.to_string(), u64::from(n));
        let plain: String = grouped.chars().filter(|c| *c != ',').collect();
        let want = if n == 0 { int.to_string() } else { format!("{int}.{}", "0".repeat(n as usize)) };
        prop_assert_eq!(plain, want);
    }

    // WGT: any definition and any record — messages, never a panic.
    #[test]
    fn record_validation_never_panics(definition in json_value(), record in json_value(), fields in prop::collection::vec(field(), 0..8)) {
        let _ = qiming_core::form::validate_record(&definition, &record);
        let form = json!({"fields": fields});
        let validator = qiming_core::form::FormValidator::new(&form).map_err(|m| TestCaseError::fail(m.text))?;
        let _ = validator.validate(&record);
    }

    // The named rules and regList patterns never panic either.
    #[test]
    fn rules_never_panic(value in "\\PC{0,40}", pattern in "\\PC{0,20}") {
        for rule in qiming_core::NamedRule::ALL {
            let _ = rule.check(&value);
        }
        if let Ok(p) = qiming_core::pattern::Pattern::compile(&pattern) {
            let _ = p.test(&value);
        }
    }
}
