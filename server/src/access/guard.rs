//! The access guard: the API's route layer that checks the caller as the policy says.

use super::policy::{Need, need};
use super::session::{self, Session};
use crate::journal::Caller;
use crate::state::AppState;
use axum::extract::{MatchedPath, Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// Route layer of the API: checks the caller as [`need`] says and leaves the checked
/// [`Session`] in the request for the handler's extractor.
pub async fn guard(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    let path = req.extensions().get::<MatchedPath>().map(|p| p.as_str().to_owned()).unwrap_or_default();
    let need = need(req.method(), &path);
    if need == Need::Nobody {
        return next.run(req).await;
    }
    let checked = match session::authenticate(&state, session::authorization(req.headers())).await {
        Ok(s) => s.admits(need).map(|()| s),
        Err(e) => Err(e),
    };
    match checked {
        Ok(s) => {
            let caller = Caller { user_id: s.user_id.clone(), user_name: format!("{}/{}", s.real_name, s.account) };
            req.extensions_mut().insert::<Session>(s);
            let mut res = next.run(req).await;
            res.extensions_mut().insert(caller);
            res
        }
        Err(e) => e.into_response(),
    }
}
