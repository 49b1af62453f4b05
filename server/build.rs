//! The web app is embedded from web/dist at compile time (rust-embed): rebuild the server
//! when the web build changes, so a server compiled before the web was built (as `make test`
//! does on a fresh clone) never serves a stale app or none.
fn main() {
    println!("cargo:rerun-if-changed=../web/dist/index.html");
    println!("cargo:rerun-if-changed=build.rs");
}
