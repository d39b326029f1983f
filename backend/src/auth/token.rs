//! Signed bearer tokens (HS256 JWT with an expiry).
use std::time::Duration;

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation, decode, encode};
use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Audience {
    Admin,
    Member,
    /// A member's link to set a new password (matrimony/password.rs): signs nobody in.
    Reset,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct Claims {
    /// Account id, as text as the JWT standard wants.
    pub sub: String,
    pub role: Audience,
    /// The account's token version when the token was issued.
    pub ver: i32,
    pub iat: i64,
    pub exp: i64,
}

pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    ttl: Duration,
}

impl TokenKeys {
    pub fn new(secret: &[u8], ttl: Duration) -> Self {
        // Only HS256 is accepted: a token claiming `alg: none` or another algorithm is refused.
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        Self {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
            ttl,
        }
    }

    pub fn issue(&self, sub: i32, role: Audience, ver: i32) -> Result<String> {
        let now = chrono::Utc::now().timestamp();
        let claims = Claims { sub: sub.to_string(), role, ver, iat: now, exp: now + self.ttl.as_secs() as i64 };
        encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .map_err(|err| Error::Internal(err.into()))
    }

    /// A token that lives `ttl` instead of the usual time.
    pub fn issue_for(&self, sub: i32, role: Audience, ver: i32, ttl: Duration) -> Result<String> {
        let now = chrono::Utc::now().timestamp();
        let claims = Claims { sub: sub.to_string(), role, ver, iat: now, exp: now + ttl.as_secs() as i64 };
        encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .map_err(|err| Error::Internal(err.into()))
    }

    /// The claims of a genuine, unexpired token, with the account id.
    pub fn check(&self, token: &str) -> Option<(i32, Claims)> {
        let claims = decode::<Claims>(token, &self.decoding, &self.validation).ok()?.claims;
        Some((claims.sub.parse().ok()?, claims))
    }

    /// As [`Self::check`], for a token of `role` only: an administrator token is not a member
    /// token, nor the reverse.
    pub fn check_as(&self, token: &str, role: Audience) -> Option<(i32, Claims)> {
        self.check(token).filter(|(_, claims)| claims.role == role)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_administrator_token_is_not_a_member_token_and_back() {
        let keys = TokenKeys::new(b"a-test-secret-of-some-length", Duration::from_secs(60));
        let admin = keys.issue(7, Audience::Admin, 0).unwrap();
        let member = keys.issue(7, Audience::Member, 0).unwrap();
        // Same id and secret, yet each is refused in the other's place.
        assert_eq!(keys.check_as(&admin, Audience::Admin).map(|(id, _)| id), Some(7));
        assert!(keys.check_as(&admin, Audience::Member).is_none());
        assert_eq!(keys.check_as(&member, Audience::Member).map(|(id, _)| id), Some(7));
        assert!(keys.check_as(&member, Audience::Admin).is_none());
    }
}
