//! Versioned consent notices per region, served to the consent dialog (SPEC §2).

use ht_kernel::Region;
use serde::Serialize;

/// One section of a notice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct NoticeSection {
    /// Heading shown in the dialog.
    pub heading: &'static str,
    /// Plain-language text.
    pub body: &'static str,
}

/// The notice a user consents to; its version is stored with the consent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Notice {
    /// Region it applies to.
    pub region: Region,
    /// Version stored with each consent; change it whenever the text changes.
    pub version: &'static str,
    /// Title of the dialog.
    pub title: &'static str,
    /// The law it follows.
    pub law: &'static str,
    /// Sections in display order.
    pub sections: &'static [NoticeSection],
}

const HOW_USED: &str = "We read the test results in the reports you upload to flag abnormal values, explain their \
severity, suggest recommendations and specialists, and remind you of follow-up tests. We do not sell your data or \
use it for advertising. Only test names, values, units and ranges (never your name or email) may be sent to an \
analysis service that helps write your explanations.";

const RETENTION: &str = "We keep your reports and results for up to 5 years so you can follow your health over \
time. If you withdraw consent, we stop processing at once and erase your reports, results and reminders within 30 \
days. We keep the record of your consent and our audit log, as the law requires.";

const INDIA: &[NoticeSection] = &[
    NoticeSection {
        heading: "Why we need your consent",
        body: "Under the Digital Personal Data Protection Act, 2023 we may process your health data only with your \
free, specific, informed and unambiguous consent, given for the purposes listed here.",
    },
    NoticeSection { heading: "How your data is used", body: HOW_USED },
    NoticeSection { heading: "Data retention", body: RETENTION },
    NoticeSection {
        heading: "Your rights",
        body: "You may access a summary of your data and download all of it, correct it, have it erased, and \
nominate another person to exercise these rights. You may withdraw consent at any time, as easily as you gave it.",
    },
    NoticeSection {
        heading: "How to withdraw or complain",
        body: "Withdraw from your profile menu at any time. For grievances, write to our Grievance Officer at \
privacy@healthtrackerpro.example; if you are not satisfied, you may complain to the Data Protection Board of India.",
    },
];

const USA: &[NoticeSection] = &[
    NoticeSection {
        heading: "Why we need your authorization",
        body: "We follow the HIPAA Privacy and Security Rules for your health information. We use it only with \
your written authorization, for the purposes listed here.",
    },
    NoticeSection { heading: "How your data is used", body: HOW_USED },
    NoticeSection { heading: "Data retention", body: RETENTION },
    NoticeSection {
        heading: "Your rights",
        body: "You may see and get a copy of your health information, ask us to correct it, get a list of who we \
shared it with, and revoke this authorization at any time. Your data is encrypted in transit and access is logged.",
    },
    NoticeSection {
        heading: "How to withdraw or complain",
        body: "Revoke from your profile menu at any time. Write to privacy@healthtrackerpro.example, or file a \
complaint with the U.S. Department of Health and Human Services Office for Civil Rights.",
    },
];

const GENERAL: &[NoticeSection] = &[
    NoticeSection {
        heading: "Why we need your consent",
        body: "Health data is sensitive. We process it only with your explicit consent, for the purposes listed \
here.",
    },
    NoticeSection { heading: "How your data is used", body: HOW_USED },
    NoticeSection { heading: "Data retention", body: RETENTION },
    NoticeSection {
        heading: "Your rights",
        body: "You may access and download your data, correct it, have it erased, and withdraw consent at any \
time, as easily as you gave it.",
    },
    NoticeSection {
        heading: "How to withdraw or complain",
        body: "Withdraw from your profile menu at any time. Write to privacy@healthtrackerpro.example, or complain \
to your local data protection authority.",
    },
];

const NOTICES: [Notice; 3] = [
    Notice {
        region: Region::India,
        version: "IN-2026-11-22",
        title: "Consent under India's Digital Personal Data Protection Act, 2023",
        law: "Digital Personal Data Protection Act, 2023",
        sections: INDIA,
    },
    Notice {
        region: Region::UnitedStates,
        version: "US-2026-11-22",
        title: "Authorization to use your health information (HIPAA)",
        law: "HIPAA Privacy and Security Rules (45 CFR Parts 160 and 164)",
        sections: USA,
    },
    Notice {
        region: Region::Other,
        version: "OTHER-2026-11-22",
        title: "Consent to process your health data",
        law: "General data protection principles",
        sections: GENERAL,
    },
];

/// The current notice for a region.
pub fn notice_for(region: Region) -> &'static Notice {
    match region {
        Region::India => &NOTICES[0],
        Region::UnitedStates => &NOTICES[1],
        Region::Other => &NOTICES[2],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_region_has_a_notice_with_the_required_sections() {
        for region in [Region::India, Region::UnitedStates, Region::Other] {
            let n = notice_for(region);
            assert_eq!(n.region, region);
            assert!(n.version.starts_with(region.code()));
            let headings: Vec<&str> = n.sections.iter().map(|s| s.heading).collect();
            assert!(headings.iter().any(|h| h.starts_with("Why we need")), "{region}");
            assert!(headings.contains(&"How your data is used"));
            assert!(headings.contains(&"Data retention"));
            assert!(headings.contains(&"Your rights"));
            assert!(headings.contains(&"How to withdraw or complain"));
            assert!(n.sections.iter().any(|s| s.body.contains("5 years") && s.body.contains("30 days")));
        }
        assert!(notice_for(Region::India).law.contains("2023"));
        assert!(notice_for(Region::UnitedStates).law.contains("HIPAA"));
    }
}
