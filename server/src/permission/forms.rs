//! The administration forms' shared checks, which every area uses (support::forms).

pub use crate::support::forms::{Columns, check, check_numbers, code_text, number, number_column, text, text_column};
