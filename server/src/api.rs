//! The API's routes and their OpenAPI document, from one source: every area registers its
//! handlers with `utoipa_axum::routes!`, which reads each handler's `#[utoipa::path]`, so a
//! route and its documented operation are the same declaration. [`ApiRoutes`] also keeps the
//! list of what it serves, which the access test walks route by route. This module names no
//! area (every area imports it); the whole API is assembled in the crate root
//! ([`crate::routes`]).

use crate::state::AppState;
use crate::access::{Need, policy};
use axum::http::Method;
use std::collections::BTreeMap;
use utoipa::openapi::path::{Operation, PathItem};
use utoipa::openapi::schema::Schema;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityRequirement, SecurityScheme};
use utoipa::openapi::{InfoBuilder, OpenApi, OpenApiBuilder, RefOr};
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouter};

/// The path every handler's `#[utoipa::path(…, path = TABLE, …)]` gives: its real path is
/// written once, in its area's table (`mod.rs`), which [`ApiRoutes::route`] puts in its place.
pub const TABLE: &str = "(the path given in the area's table)";

/// A served route: method and path pattern (`/api/oauth/ImageCode/{codeLength}/{key}`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct ServedRoute {
    pub method: String,
    pub path: String,
}

/// The routes of one area or of the whole API.
pub struct ApiRoutes {
    router: OpenApiRouter<AppState>,
    served: Vec<ServedRoute>,
    /// The documented schemas by name, to refuse two different ones under one name.
    schemas: BTreeMap<String, RefOr<Schema>>,
}

impl Default for ApiRoutes {
    fn default() -> Self {
        ApiRoutes::new()
    }
}

impl ApiRoutes {
    pub fn new() -> ApiRoutes {
        ApiRoutes { router: OpenApiRouter::default(), served: Vec::new(), schemas: BTreeMap::new() }
    }

    /// Records documented schemas.
    ///
    /// # Panics
    /// When a name already stands for a different schema: the document keys schemas by name
    /// alone, so one type would silently replace the other in it and in the web's generated
    /// types (two areas' `ItemForm`s did). `#[schema(as = …)]` gives one of them its own name.
    fn add_schemas<'a>(&mut self, schemas: impl IntoIterator<Item = (&'a String, &'a RefOr<Schema>)>) {
        for (name, schema) in schemas {
            match self.schemas.get(name) {
                Some(known) => assert!(known == schema, "two different types are documented as the schema {name}"),
                None => {
                    self.schemas.insert(name.clone(), schema.clone());
                }
            }
        }
    }

    /// Adds the handlers of one path: `.route("/api/x/{id}", routes!(read_x, write_x))`. The
    /// area's table (its `mod.rs`) is the one place a URL is written: the handlers'
    /// `#[utoipa::path]` give [`TABLE`] as their path, and it is replaced here by `path`.
    ///
    /// # Panics
    /// When a handler declares a path of its own (it would be written twice).
    pub fn route(mut self, path: &str, (schemas, mut paths, method_router): UtoipaMethodRouter<AppState>) -> ApiRoutes {
        let declared: Vec<&String> = paths.paths.keys().collect();
        assert_eq!(declared, [TABLE], "the handlers of {path} declare their own path (#[utoipa::path(…, path = TABLE)])");
        let item = paths.paths.swap_remove(TABLE).expect("one path");
        paths.paths.insert(path.to_string(), item);
        self.add_schemas(schemas.iter().map(|(name, schema)| (name, schema)));
        for (path, item) in paths.paths.iter_mut() {
            for (method, operation) in operations(item) {
                self.served.push(ServedRoute { method: method.to_string(), path: path.clone() });
                describe_access(&method, path, operation);
                operation.operation_id = Some(operation_id(&method, path));
            }
        }
        self.router = self.router.routes((schemas, paths, method_router));
        self
    }

    /// Serves handlers of the table under a second path too (a JNPF catalogue's spelling, a
    /// trailing slash): the same operations, each documented with the summary given for its
    /// method.
    ///
    /// # Panics
    /// When a method served has no summary here.
    pub fn alias(self, path: &str, summaries: &[(Method, &str)], (schemas, mut paths, method_router): UtoipaMethodRouter<AppState>) -> ApiRoutes {
        for item in paths.paths.values_mut() {
            for (method, operation) in operations(item) {
                let summary = summaries.iter().find(|(m, _)| *m == method).unwrap_or_else(|| panic!("{method} {path} has no summary"));
                operation.summary = Some(summary.1.to_string());
            }
        }
        self.route(path, (schemas, paths, method_router))
    }

    pub fn merge(mut self, other: ApiRoutes) -> ApiRoutes {
        self.add_schemas(&other.schemas);
        self.served.extend(other.served);
        self.router = self.router.merge(other.router);
        self
    }

    /// What is served, sorted.
    pub fn served(&self) -> Vec<ServedRoute> {
        let mut served = self.served.clone();
        served.sort();
        served
    }

    /// The axum router, its OpenAPI document, and the list of what it serves.
    pub fn split(self) -> (axum::Router<AppState>, OpenApi, Vec<ServedRoute>) {
        let served = self.served();
        let (router, mut doc) = self.router.split_for_parts();
        let info = InfoBuilder::new()
            .title("启明 Qiming API")
            .version(env!("CARGO_PKG_VERSION"))
            .description(Some(
                "JNPF 3.4.7-compatible API. Every answer is HTTP 200 with the envelope {code, msg, data}; \
                 code 200 is success, 400 bad input (data: {field: [msg]}), 403 not allowed, 404 not found, \
                 600/601/602 session expired/ended/missing, 500 unexpected. Every route needs a member \
                 (a signed-in user whose screen is unlocked and whose initial password is changed) \
                 unless its description says otherwise. See server/README.md.",
            ))
            .build();
        doc.info = info;
        let components = doc.components.get_or_insert_with(Default::default);
        components.schemas.insert("Failure".into(), <crate::error::Failure as utoipa::PartialSchema>::schema());
        components.add_security_scheme(
            "token",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "Authorization",
                "The token from /api/oauth/Login, sent as it came (`Bearer …`).",
            ))),
        );
        let doc = OpenApiBuilder::from(doc).build();
        (router, doc, served)
    }
}

/// A unique operation id from the method and the path, e.g. `getPermissionUsersById` for
/// `GET /api/permission/Users/{id}` (handler names repeat across areas: list, info, …); a
/// path served with and without a trailing slash ends in `Slash` for the slash.
fn operation_id(method: &Method, path: &str) -> String {
    let mut id = method.as_str().to_ascii_lowercase();
    let slash = path.len() > 1 && path.ends_with('/');
    for segment in path.split('/').filter(|s| !s.is_empty() && *s != "api") {
        let (prefix, word) = match segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
            Some(param) => ("By", param),
            None => ("", segment),
        };
        id.push_str(prefix);
        let mut chars = word.chars().filter(|c| c.is_ascii_alphanumeric());
        if let Some(first) = chars.next() {
            id.push(first.to_ascii_uppercase());
            id.extend(chars);
        }
    }
    if slash {
        id.push_str("Slash");
    }
    id
}

/// The operations of a path item with their methods.
fn operations(item: &mut PathItem) -> Vec<(Method, &mut Operation)> {
    [
        (Method::GET, &mut item.get),
        (Method::POST, &mut item.post),
        (Method::PUT, &mut item.put),
        (Method::DELETE, &mut item.delete),
        (Method::PATCH, &mut item.patch),
        (Method::HEAD, &mut item.head),
        (Method::OPTIONS, &mut item.options),
        (Method::TRACE, &mut item.trace),
    ]
    .into_iter()
    .filter_map(|(m, op)| op.as_mut().map(|op| (m, op)))
    .collect()
}

/// Writes the access policy into the operation (its security requirement and a sentence)
/// and the envelope convention into answers that do not describe themselves.
fn describe_access(method: &Method, path: &str, operation: &mut Operation) {
    for response in operation.responses.responses.values_mut() {
        if let utoipa::openapi::RefOr::T(r) = response
            && r.description.is_empty()
        {
            r.description = "The envelope {code, msg, data}: code 200 with data on success, another code with msg otherwise".into();
        }
    }
    let need = policy::need(method, path);
    let sentence = match need {
        Need::Nobody => "Open to everyone: no session needed.",
        Need::Session => "Needs a valid session, even with the screen locked.",
        Need::Unlocked => "Needs an unlocked session; allowed before the initial password is changed.",
        Need::Member => "Needs a member: an unlocked session whose initial password is changed.",
    };
    let description = operation.description.take().unwrap_or_default();
    operation.description = Some(if description.is_empty() { sentence.to_string() } else { format!("{description}\n\n{sentence}") });
    operation.security = Some(match need {
        Need::Nobody => vec![SecurityRequirement::default()],
        _ => vec![SecurityRequirement::new("token", Vec::<String>::new())],
    });
}
