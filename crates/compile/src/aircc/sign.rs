//! The team key's signature of a cache entry: HMAC-SHA256 over the manifest's bytes. The
//! manifest records every artifact's size and sha256, so the signature covers the whole entry;
//! whoever holds the key (`AIR_STITCH_CACHE_KEY`) can make an entry that verifies, no one else.

use hmac::{Hmac, Mac};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// The signature of `manifest` (its exact bytes) with `key`, as 64 hex digits.
pub fn sign(manifest: &[u8], key: &[u8]) -> String {
    let mut mac = mac(key);
    mac.update(manifest);
    super::key::hex(&mac.finalize().into_bytes())
}

/// What a consumer may do with an entry it read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trust {
    /// Signed with the consumer's key.
    Verified,
    /// The consumer has no key: nothing was checked (the store's own access control is all).
    NotChecked,
    /// The consumer has a key and the entry carries no signature.
    Unsigned,
    /// The consumer has a key and the signature does not verify with it.
    Forged,
}

impl Trust {
    /// Whether the entry may be served.
    pub fn may_serve(self) -> bool {
        matches!(self, Trust::Verified | Trust::NotChecked)
    }
}

/// Checks `signature` (hex, as [`sign`] writes it) of `manifest` against `key`, in constant time.
pub fn trust(manifest: &[u8], signature: Option<&str>, key: Option<&[u8]>) -> Trust {
    let Some(key) = key else { return Trust::NotChecked };
    let Some(signature) = signature else { return Trust::Unsigned };
    let Some(bytes) = unhex(signature.trim()) else { return Trust::Forged };
    let mut mac = mac(key);
    mac.update(manifest);
    match mac.verify_slice(&bytes) {
        Ok(()) => Trust::Verified,
        Err(_) => Trust::Forged,
    }
}

fn mac(key: &[u8]) -> HmacSha256 {
    // HMAC takes a key of any length; `new_from_slice` cannot fail for it.
    HmacSha256::new_from_slice(key).unwrap_or_else(|_| HmacSha256::new(&Default::default()))
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| text.get(i..i + 2).and_then(|pair| u8::from_str_radix(pair, 16).ok())).collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn only_the_key_that_signed_verifies() {
        let manifest = b"{\"key\": \"k\"}\n";
        let signature = sign(manifest, b"team key");
        assert_eq!(signature.len(), 64);
        assert_eq!(trust(manifest, Some(&signature), Some(b"team key")), Trust::Verified);
        assert_eq!(trust(manifest, Some(&signature), Some(b"other key")), Trust::Forged);
        assert_eq!(trust(b"{\"key\": \"K\"}\n", Some(&signature), Some(b"team key")), Trust::Forged);
        assert_eq!(trust(manifest, None, Some(b"team key")), Trust::Unsigned);
        assert_eq!(trust(manifest, Some("not hex"), Some(b"team key")), Trust::Forged);
        assert_eq!(trust(manifest, None, None), Trust::NotChecked);
        assert!(!Trust::Forged.may_serve() && !Trust::Unsigned.may_serve() && Trust::NotChecked.may_serve());
    }

    #[test]
    fn the_signature_is_rfc_4231_hmac_sha256() {
        // RFC 4231, test case 2.
        assert_eq!(
            sign(b"what do ya want for nothing?", b"Jefe"),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }
}
