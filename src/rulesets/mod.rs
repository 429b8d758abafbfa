//! The built-in reconstructions, one file each.

mod bell;
mod classic;
mod kendall;
mod temple;

pub use bell::Bell;
pub use classic::Classic;
pub use kendall::Kendall;
pub use temple::Temple;
