//! SQL of the permission area. No decisions here; record queries take a [`DataScope`].
//!
//! [`DataScope`]: crate::access::DataScope

pub mod menu;
pub mod sign_img;
