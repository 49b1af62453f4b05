//! The sign-in area's state: none of its own yet (sessions, captchas and throttling live in
//! the database, so that several processes can share them).

#[derive(Default)]
pub struct AuthState {}
