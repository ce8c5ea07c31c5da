//! The only redirect targets we accept after sign-in: paths on our own origin.

/// Returns `raw` if it is a same-origin path, otherwise `/`.
///
/// Refused: absolute and scheme-relative URLs (`https://x`, `//x`, `/\x`), anything with a
/// scheme, control characters or backslashes, and paths longer than 2,048 bytes.
pub fn safe_return_path(raw: Option<&str>) -> String {
    let Some(path) = raw else { return "/".into() };
    let ok = path.starts_with('/')
        && !path.starts_with("//")
        && path.len() <= 2048
        && !path.contains('\\')
        && !path.chars().any(char::is_control)
        && !path.split(['?', '#']).next().unwrap_or("").contains(':');
    if ok { path.to_string() } else { "/".into() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn keeps_same_origin_paths() {
        assert_eq!(safe_return_path(Some("/dashboard?payment=success")), "/dashboard?payment=success");
        assert_eq!(safe_return_path(Some("/prescriptions#top")), "/prescriptions#top");
        assert_eq!(safe_return_path(Some("/search?q=a:b")), "/search?q=a:b");
    }

    #[test]
    fn refuses_other_origins() {
        for bad in [
            "https://evil.example/",
            "//evil.example",
            "/\\evil.example",
            "javascript:alert(1)",
            "/javascript:alert(1)",
            "evil",
            "",
            "/a\nb",
        ] {
            assert_eq!(safe_return_path(Some(bad)), "/", "{bad:?}");
        }
        assert_eq!(safe_return_path(None), "/");
    }

    proptest! {
        #[test]
        fn result_is_always_a_local_path(s in ".{0,64}") {
            let out = safe_return_path(Some(&s));
            prop_assert!(out.starts_with('/'));
            prop_assert!(!out.starts_with("//"));
            prop_assert!(!out.contains('\\'));
        }
    }
}
