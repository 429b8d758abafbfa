//! Decision times kept in fixed space: a histogram of 32 buckets per
//! doubling of the time in nanoseconds, so that `duel --timing` keeps
//! about 15 KB per agent whatever the number of games (it kept every
//! time, 3.5 KB per game, and ran out of memory).

use std::time::Duration;

/// Buckets per doubling: a percentile is within 1/32 (3.1%) below the
/// time it stands for.
const PER_DOUBLING: u32 = 32;

/// Buckets in all: times under 32 ns one each, then 32 per doubling up
/// to 2^64 ns.
const BUCKETS: usize = ((64 - 5 + 1) * PER_DOUBLING) as usize;

/// Times counted by bucket, with the count and the largest exactly.
#[derive(Clone, Debug)]
pub struct Times {
    counts: Box<[u64; BUCKETS]>,
    count: u64,
    max: Duration,
}

impl Default for Times {
    fn default() -> Times {
        Times {
            counts: Box::new([0; BUCKETS]),
            count: 0,
            max: Duration::ZERO,
        }
    }
}

/// The bucket of a time of `n` nanoseconds.
fn bucket(n: u64) -> usize {
    if n < u64::from(PER_DOUBLING) {
        return n as usize;
    }
    let top = 63 - n.leading_zeros(); // 5 or more
    let within = (n >> (top - 5)) & u64::from(PER_DOUBLING - 1);
    ((top - 4) * PER_DOUBLING) as usize + within as usize
}

/// The smallest time, in nanoseconds, of bucket `index`.
fn floor(index: usize) -> u64 {
    let per = PER_DOUBLING as usize;
    if index < per {
        return index as u64;
    }
    let top = (index / per + 4) as u32;
    let within = (index % per) as u64;
    (u64::from(PER_DOUBLING) + within) << (top - 5)
}

impl Times {
    /// Counts one time.
    pub fn record(&mut self, time: Duration) {
        let n = u64::try_from(time.as_nanos()).unwrap_or(u64::MAX);
        self.counts[bucket(n)] += 1;
        self.count += 1;
        self.max = self.max.max(time);
    }

    /// How many times were counted.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The time of rank `(count - 1) * q` in increasing order (`q` from 0
    /// to 1), as the floor of its bucket (at most 3.1% below it); the
    /// largest exactly for `q` = 1. Zero when nothing was counted.
    pub fn quantile(&self, q: f64) -> Duration {
        if self.count == 0 {
            return Duration::ZERO;
        }
        if q >= 1.0 {
            return self.max;
        }
        let rank = ((self.count - 1) as f64 * q.max(0.0)) as u64;
        let mut seen = 0;
        for (index, &count) in self.counts.iter().enumerate() {
            seen += count;
            if seen > rank {
                return Duration::from_nanos(floor(index)).min(self.max);
            }
        }
        self.max
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bucket_starts_where_its_times_fall() {
        for n in (0..5000u64).chain([u64::MAX / 3, u64::MAX]) {
            let index = bucket(n);
            assert!(index < BUCKETS, "{n}");
            assert!(floor(index) <= n, "{n}: floor {}", floor(index));
            // Within 1/32 of the time.
            assert!(n - floor(index) <= n / 32, "{n}: floor {}", floor(index));
            if index + 1 < BUCKETS {
                assert!(floor(index + 1) > n, "{n}");
            }
        }
    }

    #[test]
    fn quantiles_are_within_a_bucket_of_the_sorted_times() {
        let mut times = Times::default();
        let mut all: Vec<u64> = (1..=10_000u64).map(|i| i * i % 7_919 * 1_000).collect();
        for &n in &all {
            times.record(Duration::from_nanos(n));
        }
        all.sort_unstable();
        for q in [0.0, 0.5, 0.9, 0.99, 1.0] {
            let exact = all[((all.len() - 1) as f64 * q) as usize];
            let kept = times.quantile(q).as_nanos() as u64;
            assert!(
                kept <= exact && exact - kept <= exact / 32,
                "{q}: {kept} {exact}"
            );
        }
        assert_eq!(
            times.quantile(1.0),
            Duration::from_nanos(all[all.len() - 1])
        );
        assert_eq!(times.count(), 10_000);
    }
}
