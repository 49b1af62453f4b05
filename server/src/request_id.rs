//! The id of the request being served: in the log span, the `x-request-id` header and the
//! msg of a 500. On its own so that the error type can name it without the request's
//! middleware (which answers with errors).

tokio::task_local! {
    pub(crate) static REQUEST_ID: String;
}

/// The id of the request being served ("-" outside a request).
pub fn current_id() -> String {
    REQUEST_ID.try_with(Clone::clone).unwrap_or_else(|_| "-".into())
}
