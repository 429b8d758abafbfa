//! The operator's limits on what clients may ask for, beyond the
//! connections' own (`serve`): how many games one address may make a
//! minute.
//!
//! Behind a reverse proxy every client has the proxy's address, and the
//! limit holds for all of them together (`X-Forwarded-For` is not trusted).

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The window the creates of an address are counted over.
const WINDOW: Duration = Duration::from_secs(60);

/// The games each client address made in the last minute; an IPv6
/// address counts with its whole /64 (what one household or host gets).
#[derive(Debug)]
pub struct CreateWindow {
    per_minute: u32,
    made: Mutex<Made>,
}

#[derive(Debug)]
struct Made {
    by_address: HashMap<IpAddr, VecDeque<Instant>>,
    swept: Instant,
}

impl CreateWindow {
    /// At most `per_minute` games a minute from one address; 0 for no
    /// limit.
    pub fn new(per_minute: u32) -> CreateWindow {
        CreateWindow {
            per_minute,
            made: Mutex::new(Made {
                by_address: HashMap::new(),
                swept: Instant::now(),
            }),
        }
    }

    /// The limit: games a minute from one address, 0 for none.
    pub fn per_minute(&self) -> u32 {
        self.per_minute
    }

    /// Counts a game made from `address` at `now`, or, when the address
    /// made its limit's worth in the minute before, counts nothing and
    /// says how long until it may make the next.
    ///
    /// # Errors
    ///
    /// The wait, in whole seconds (at least 1), when over the limit.
    pub fn admit(&self, address: IpAddr, now: Instant) -> Result<(), u64> {
        if self.per_minute == 0 {
            return Ok(());
        }
        let key = group(address);
        let mut made = self
            .made
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        // Forget the addresses quiet for a minute, at most once a minute:
        // the map holds only the last minute's addresses.
        if now.saturating_duration_since(made.swept) >= WINDOW {
            made.by_address.retain(|_, times| {
                times
                    .back()
                    .is_some_and(|last| now.saturating_duration_since(*last) < WINDOW)
            });
            made.swept = now;
        }
        let times = made.by_address.entry(key).or_default();
        while times
            .front()
            .is_some_and(|first| now.saturating_duration_since(*first) >= WINDOW)
        {
            times.pop_front();
        }
        if times.len() >= self.per_minute as usize {
            let first = times.front().copied().unwrap_or(now);
            let wait = WINDOW.saturating_sub(now.saturating_duration_since(first));
            return Err(wait.as_secs_f64().ceil().max(1.0) as u64);
        }
        times.push_back(now);
        Ok(())
    }
}

/// Who a client at `address` is to the open-games limit per address, as
/// the store keeps it: the SHA-256 of its group (the address, or an IPv6 one's /64), so that the
/// database holds no address.
pub fn creator_of(address: IpAddr) -> String {
    crate::secret::token_sha256(&group(address).to_string())
}

/// The address whose games count together: an IPv4 address, or an IPv6
/// address's /64 (an IPv4 one mapped into IPv6 as itself).
pub(crate) fn group(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !u128::from(u64::MAX)).into()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_makes_its_limit_a_minute_and_another_address_is_counted_apart() {
        let window = CreateWindow::new(3);
        let start = Instant::now();
        let one: IpAddr = "127.0.0.1".parse().unwrap();
        for n in 0..3 {
            assert_eq!(window.admit(one, start + Duration::from_secs(n)), Ok(()));
        }
        // The first of the three was at 0 s: at 10 s it has 50 s to go.
        assert_eq!(window.admit(one, start + Duration::from_secs(10)), Err(50));
        assert_eq!(window.admit("127.0.0.2".parse().unwrap(), start), Ok(()));
        // A minute after the first, one more.
        assert_eq!(window.admit(one, start + Duration::from_secs(60)), Ok(()));
        assert!(window.admit(one, start + Duration::from_secs(60)).is_err());
    }

    #[test]
    fn an_ipv6_slash_64_counts_as_one_address() {
        let window = CreateWindow::new(1);
        let now = Instant::now();
        assert_eq!(window.admit("2001:db8::1".parse().unwrap(), now), Ok(()));
        assert!(
            window
                .admit("2001:db8::ffff:2".parse().unwrap(), now)
                .is_err()
        );
        assert_eq!(
            window.admit("2001:db8:0:1::1".parse().unwrap(), now),
            Ok(())
        );
        assert_eq!(
            window.admit("::ffff:10.0.0.1".parse().unwrap(), now),
            Ok(())
        );
        assert!(window.admit("10.0.0.1".parse().unwrap(), now).is_err());
    }

    #[test]
    fn zero_is_no_limit_and_quiet_addresses_are_forgotten() {
        let none = CreateWindow::new(0);
        let now = Instant::now();
        for _ in 0..100 {
            assert_eq!(none.admit("127.0.0.1".parse().unwrap(), now), Ok(()));
        }
        let window = CreateWindow::new(5);
        for n in 0..50u8 {
            let address = IpAddr::from([10, 0, 0, n]);
            window.admit(address, now).unwrap();
        }
        window
            .admit("10.1.0.0".parse().unwrap(), now + Duration::from_secs(61))
            .unwrap();
        assert_eq!(window.made.lock().unwrap().by_address.len(), 1);
    }
}
