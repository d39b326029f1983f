//! The organisation's website server: JSON API, live updates, documents and the web client.
pub mod admin_list;
pub mod app;
pub mod auth;
pub mod bindings;
pub mod config;
pub mod contacts;
pub mod db;
pub mod documents;
pub mod error;
pub mod notifications;
pub mod openapi;
pub mod public_cache;
pub mod realtime;
pub mod state;
pub mod subscribers;
pub mod validation;
pub mod web;
