//! Placeholder: the server is built in issue 2.
fn main() {}
