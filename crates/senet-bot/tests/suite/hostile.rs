//! Limits checked where they enter the bots' API, and errors that quote
//! only a short, escaped excerpt.

use senet::rulesets::Bell;
use senet_bot::{Evaluation, FEATURES, LimitsError, Search, SearchLimits, Weights};

#[test]
fn search_limits_are_checked_where_they_enter() {
    let good = SearchLimits::new(3, 1_000, 12).unwrap();
    assert!(Search::new(Evaluation::new(Bell), good).is_ok());
    for (depth, bits, error) in [
        (0, 0, LimitsError::Depth { found: 0, max: 32 }),
        (33, 0, LimitsError::Depth { found: 33, max: 32 }),
        (
            255,
            0,
            LimitsError::Depth {
                found: 255,
                max: 32,
            },
        ),
        (2, 25, LimitsError::TableBits { found: 25, max: 24 }),
        (2, 31, LimitsError::TableBits { found: 31, max: 24 }),
        (2, 63, LimitsError::TableBits { found: 63, max: 24 }),
        (
            2,
            255,
            LimitsError::TableBits {
                found: 255,
                max: 24,
            },
        ),
    ] {
        assert_eq!(SearchLimits::new(depth, 100, bits), Err(error));
        let limits = SearchLimits {
            max_depth: depth,
            nodes: 100,
            table_bits: bits,
        };
        let refused = Search::new(Evaluation::new(Bell), limits).err();
        assert_eq!(refused, Some(error));
        assert!(error.to_string().contains("from"), "{error}");
    }
    assert_eq!(
        SearchLimits::new(
            SearchLimits::MAX_DEPTH,
            u64::MAX,
            SearchLimits::MAX_TABLE_BITS
        )
        .map(|l| l.max_depth),
        Ok(32)
    );
}

#[test]
fn weights_must_be_finite_and_complete() {
    let race = Weights::race();
    let text: String = race.0.iter().map(|w| format!("{w}\n")).collect();
    assert_eq!(text.parse::<Weights>(), Ok(race));
    for bad in ["NaN", "inf", "-inf", "1e400"] {
        let text = text.replacen(&format!("{}\n", race.0[0]), &format!("{bad}\n"), 1);
        let error = text.parse::<Weights>().unwrap_err();
        assert!(error.to_string().contains("finite"), "{bad}: {error}");
    }
    let short: String = race.0[1..].iter().map(|w| format!("{w} ")).collect();
    assert!(short.parse::<Weights>().is_err());
    assert!(format!("{text} 1").parse::<Weights>().is_err());
    assert!(text.replacen('.', ",", 1).parse::<Weights>().is_err());
    let mut nan = [0.0; FEATURES];
    nan[3] = f64::NAN;
    assert!(Weights::new(nan).is_err());
    assert!(Weights(nan).check().is_err());
}

// ---------------------------------------------------------------------------
// JSON as strict as the text forms (feature `serde`).

#[cfg(feature = "serde")]
#[test]
fn errors_quote_a_short_escaped_excerpt() {
    let huge = "\u{202e}".repeat(50_000) + &"z".repeat(100_000);
    let messages = [
        huge.parse::<senet_bot::Level>().unwrap_err().to_string(),
        huge.parse::<Weights>().unwrap_err().to_string(),
    ];
    for message in messages {
        assert!(message.len() < 200, "{} bytes: {message}", message.len());
        assert!(!message.contains('\u{202e}'), "unescaped: {message}");
        assert!(!message.contains('\n'), "{message}");
    }
}
