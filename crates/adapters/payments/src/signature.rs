//! Razorpay's signatures: hex HMAC-SHA256, compared in constant time.

use hmac::{Hmac, Mac};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// Checks a hex HMAC-SHA256 `signature` of `message` under `key`, in constant time.
fn verify(key: &[u8], message: &[u8], signature: &str) -> bool {
    let Ok(expected) = hex::decode(signature.trim()) else { return false };
    let Ok(mut mac) = HmacSha256::new_from_slice(key) else { return false };
    mac.update(message);
    mac.verify_slice(&expected).is_ok()
}

/// Standard checkout: HMAC with the key secret over `order_id|payment_id`. `order_id` must be the
/// one stored when the order was created, never one taken from the request.
pub fn verify_checkout(key_secret: &str, order_id: &str, payment_id: &str, signature: &str) -> bool {
    verify(key_secret.as_bytes(), format!("{order_id}|{payment_id}").as_bytes(), signature)
}

/// Payment Links callback: HMAC over `link_id|reference_id|status|payment_id`.
pub fn verify_payment_link(
    key_secret: &str,
    link_id: &str,
    reference_id: &str,
    status: &str,
    payment_id: &str,
    signature: &str,
) -> bool {
    verify(key_secret.as_bytes(), format!("{link_id}|{reference_id}|{status}|{payment_id}").as_bytes(), signature)
}

/// Webhook: `X-Razorpay-Signature`, HMAC with the webhook secret over the raw body bytes exactly
/// as received (re-serialised JSON would not match).
pub fn verify_webhook(webhook_secret: &str, raw_body: &[u8], signature: &str) -> bool {
    verify(webhook_secret.as_bytes(), raw_body, signature)
}

#[cfg(test)]
mod tests {
    use super::*;

    // Test vectors published in Razorpay's own SDK tests (SECURITY.md).
    const KEY: &str = "EnLs21M47BllR3X8PSFtjtbd";

    #[test]
    fn checkout_vector_verifies_and_tampering_fails() {
        let sig = "0d4e745a1838664ad6c9c9902212a32d627d68e917290b0ad5f08ff4561bc50f";
        assert!(verify_checkout(KEY, "order_IEIaMR65cu6nz3", "pay_IH4NVgf4Dreq1l", sig));
        assert!(!verify_checkout(KEY, "order_OTHER", "pay_IH4NVgf4Dreq1l", sig));
        assert!(!verify_checkout(KEY, "order_IEIaMR65cu6nz3", "pay_IH4NVgf4Dreq1m", sig));
        assert!(!verify_checkout("wrong-secret", "order_IEIaMR65cu6nz3", "pay_IH4NVgf4Dreq1l", sig));
        assert!(!verify_checkout(KEY, "order_IEIaMR65cu6nz3", "pay_IH4NVgf4Dreq1l", &sig.replace('0', "1")));
        assert!(!verify_checkout(KEY, "order_IEIaMR65cu6nz3", "pay_IH4NVgf4Dreq1l", "not hex"));
        assert!(!verify_checkout(KEY, "order_IEIaMR65cu6nz3", "pay_IH4NVgf4Dreq1l", ""));
    }

    #[test]
    fn payment_link_vector_verifies() {
        let sig = "07ae18789e35093e51d0a491eb9922646f3f82773547e5b0f67ee3f2d3bf7d5b";
        assert!(verify_payment_link(KEY, "plink_IH3cNucfVEgV68", "TSsd1989", "paid", "pay_IH3d0ara9bSsjQ", sig));
        assert!(!verify_payment_link(KEY, "plink_IH3cNucfVEgV68", "TSsd1989", "failed", "pay_IH3d0ara9bSsjQ", sig));
    }

    #[test]
    fn webhook_vector_verifies_over_raw_bytes_only() {
        let sig = "2fe04e22977002e6c7cb553adab8b460cb9e2a4970d5953cb27a8472752e3bbc";
        assert!(verify_webhook("123456", br#"{"a":1,"b":2,"c":{"d":3}}"#, sig));
        // The same JSON with different whitespace is different bytes.
        assert!(!verify_webhook("123456", br#"{"a": 1, "b": 2, "c": {"d": 3}}"#, sig));
    }
}
