//! Which region's law applies to a user.

use ht_kernel::Region;

/// Languages spoken mainly in India: a bare `hi` or `ta` points there even without a country.
const INDIAN_LANGUAGES: &[&str] = &["hi", "bn", "te", "mr", "ta", "ur", "gu", "kn", "ml", "or", "pa", "as"];

/// The region: the stored one, else a trusted proxy's country header, else the strongest
/// `Accept-Language` preference that names a country (or an Indian language), else other.
pub fn detect_region(stored: Option<Region>, trusted_country: Option<&str>, accept_language: Option<&str>) -> Region {
    if let Some(r) = stored {
        return r;
    }
    if let Some(c) =
        trusted_country.map(str::trim).filter(|c| c.len() == 2 && c.chars().all(|ch| ch.is_ascii_alphabetic()))
    {
        return Region::from_country(c);
    }
    accept_language.and_then(from_accept_language).unwrap_or(Region::Other)
}

fn from_accept_language(header: &str) -> Option<Region> {
    let mut prefs: Vec<(f32, &str)> = header
        .split(',')
        .filter_map(|part| {
            let mut it = part.trim().split(';');
            let tag = it.next()?.trim();
            let q = it.find_map(|p| p.trim().strip_prefix("q=")).map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())?;
            (!tag.is_empty() && q > 0.0).then_some((q, tag))
        })
        .collect();
    // Stable sort keeps the header's order among equal weights.
    prefs.sort_by(|a, b| b.0.total_cmp(&a.0));
    prefs.into_iter().find_map(|(_, tag)| {
        let mut parts = tag.split('-');
        let lang = parts.next()?.to_ascii_lowercase();
        let country = parts.find(|p| p.len() == 2 && p.chars().all(|c| c.is_ascii_alphabetic()));
        match country {
            Some(c) => Some(Region::from_country(c)),
            None if INDIAN_LANGUAGES.contains(&lang.as_str()) => Some(Region::India),
            None => None,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_region_wins_then_proxy_header_then_language() {
        assert_eq!(detect_region(Some(Region::UnitedStates), Some("IN"), Some("en-IN")), Region::UnitedStates);
        assert_eq!(detect_region(None, Some("in"), Some("en-US")), Region::India);
        assert_eq!(detect_region(None, Some("not a country"), Some("en-US")), Region::UnitedStates);
        assert_eq!(detect_region(None, None, None), Region::Other);
    }

    #[test]
    fn accept_language_is_read_by_weight() {
        assert_eq!(detect_region(None, None, Some("en-IN,en;q=0.9")), Region::India);
        assert_eq!(detect_region(None, None, Some("en;q=0.9, en-US;q=0.8, hi-IN;q=0.95")), Region::India);
        assert_eq!(detect_region(None, None, Some("en-GB,en;q=0.9")), Region::Other);
        assert_eq!(detect_region(None, None, Some("hi")), Region::India);
        assert_eq!(detect_region(None, None, Some("en")), Region::Other);
        assert_eq!(detect_region(None, None, Some("zh-Hant-TW;q=0.5,en-US;q=0")), Region::Other);
        assert_eq!(detect_region(None, None, Some(";;;,,q=")), Region::Other);
    }
}
