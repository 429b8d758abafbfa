//! Tuned evaluation weights, one table per built-in ruleset.
//!
//! Written by `senet tune` (logistic regression on self-play games of
//! the rule of thumb; the repository's `docs/bots.md` records the
//! commands) and checked by mirrored duels against the untuned race
//! weights. The layout
//! of each table is documented on [`Evaluation`](crate::Evaluation).

use senet::{AnyRuleset, House};

/// How many features [`Evaluation`](crate::Evaluation) computes (and how many weights it has).
/// ```
/// use senet_bot::{Evaluation, FEATURES, Weights};
/// use senet::{Position, rulesets::Kendall};
///
/// assert_eq!(FEATURES, 2 + 2 * (5 + 30)); // bias, race, then 35 per side
/// assert_eq!(Weights::race().0.len(), FEATURES);
/// assert_eq!(Evaluation::new(Kendall).features(&Position::start(Kendall)).len(), FEATURES);
/// ```
pub const FEATURES: usize = 2 + 2 * SIDE_FEATURES;
/// How many features each side has: five counts, then one per house.
pub(crate) const SIDE_FEATURES: usize = 5 + House::COUNT as usize;

/// `tuned`: the table of each built-in ruleset, from senet's one list of
/// them; each table is the constant named as the ruleset's type in
/// [`tables`].
macro_rules! tuned_tables {
    ([$($(#[$doc:meta])* ($ty:ident, $module:ident)),* $(,)?]) => {
        /// The tuned weights of the built-in ruleset `ruleset`.
        pub(crate) fn tuned(ruleset: AnyRuleset) -> [f64; FEATURES] {
            match ruleset {
                $( AnyRuleset::$ty => tables::$ty, )*
            }
        }
    };
}

senet::for_each_builtin!(tuned_tables);

/// The tables, each named as its ruleset's type so that the list finds it.
#[allow(non_upper_case_globals)]
mod tables {
    use super::FEATURES;

    // kendall (10000 games x 3 rounds, seed 1)
    #[rustfmt::skip]
pub(super) const Kendall: [f64; FEATURES] = [
    0.048140, // bias
    2.121314, // race
    -0.069681, // mover off
    0.038566, // mover shielded
    0.007584, // mover mobility
    -0.049617, // mover threats
    0.255746, // mover stuck
    0.060352, // mover h1
    0.031067, // mover h2
    0.041006, // mover h3
    0.027233, // mover h4
    0.025168, // mover h5
    0.030157, // mover h6
    0.026289, // mover h7
    0.020102, // mover h8
    0.030174, // mover h9
    0.015321, // mover h10
    0.041062, // mover h11
    0.038882, // mover h12
    0.031084, // mover h13
    0.017008, // mover h14
    0.028225, // mover h15
    0.032367, // mover h16
    0.008729, // mover h17
    0.023737, // mover h18
    0.021409, // mover h19
    -0.016037, // mover h20
    -0.030956, // mover h21
    -0.050628, // mover h22
    -0.051350, // mover h23
    -0.091340, // mover h24
    -0.255049, // mover h25
    -0.005118, // mover h26
    0.000000, // mover h27
    0.038281, // mover h28
    -0.039713, // mover h29
    0.022219, // mover h30
    0.090592, // other off
    -0.043112, // other shielded
    -0.013328, // other mobility
    0.063943, // other threats
    -0.203223, // other stuck
    -0.083041, // other h1
    -0.028385, // other h2
    -0.040187, // other h3
    -0.044296, // other h4
    -0.016682, // other h5
    -0.057743, // other h6
    -0.019623, // other h7
    -0.041164, // other h8
    -0.002562, // other h9
    -0.024639, // other h10
    -0.004808, // other h11
    -0.031240, // other h12
    -0.023462, // other h13
    -0.040480, // other h14
    -0.011703, // other h15
    -0.012299, // other h16
    -0.021719, // other h17
    0.014289, // other h18
    0.006337, // other h19
    0.001800, // other h20
    0.021284, // other h21
    0.059371, // other h22
    0.055733, // other h23
    0.071250, // other h24
    0.234812, // other h25
    -0.032325, // other h26
    0.000000, // other h27
    -0.047128, // other h28
    0.026776, // other h29
    0.001243, // other h30
];

    // temple (10000 games x 3 rounds, seed 1)
    #[rustfmt::skip]
pub(super) const Temple: [f64; FEATURES] = [
    -0.045323, // bias
    1.788236, // race
    -0.174891, // mover off
    0.024525, // mover shielded
    -0.000918, // mover mobility
    0.017856, // mover threats
    -0.171413, // mover stuck
    0.038961, // mover h1
    0.042084, // mover h2
    0.045377, // mover h3
    0.014964, // mover h4
    0.025113, // mover h5
    0.033744, // mover h6
    0.043342, // mover h7
    0.035450, // mover h8
    0.057537, // mover h9
    0.049545, // mover h10
    0.020345, // mover h11
    0.056128, // mover h12
    0.026803, // mover h13
    0.051026, // mover h14
    0.032056, // mover h15
    0.006423, // mover h16
    0.011923, // mover h17
    0.010680, // mover h18
    0.004911, // mover h19
    -0.011343, // mover h20
    -0.028630, // mover h21
    -0.036972, // mover h22
    -0.029371, // mover h23
    -0.071892, // mover h24
    -0.103951, // mover h25
    -0.005035, // mover h26
    0.000000, // mover h27
    -0.019484, // mover h28
    -0.059954, // mover h29
    -0.064891, // mover h30
    0.220234, // other off
    -0.028469, // other shielded
    0.029139, // other mobility
    -0.026102, // other threats
    0.093518, // other stuck
    -0.060788, // other h1
    -0.030226, // other h2
    -0.018736, // other h3
    -0.026945, // other h4
    -0.021983, // other h5
    -0.057021, // other h6
    -0.032427, // other h7
    -0.061661, // other h8
    -0.045617, // other h9
    -0.037563, // other h10
    -0.043230, // other h11
    -0.035421, // other h12
    -0.057211, // other h13
    -0.016934, // other h14
    -0.042052, // other h15
    -0.015905, // other h16
    0.009572, // other h17
    -0.018625, // other h18
    0.008733, // other h19
    -0.019707, // other h20
    0.020174, // other h21
    0.006567, // other h22
    0.070462, // other h23
    0.087633, // other h24
    0.091643, // other h25
    0.009713, // other h26
    0.000000, // other h27
    -0.014157, // other h28
    0.078814, // other h29
    0.052664, // other h30
];

    // bell (10000 games x 3 rounds, seed 1)
    #[rustfmt::skip]
pub(super) const Bell: [f64; FEATURES] = [
    -0.156649, // bias
    -2.191030, // race
    1.676951, // mover off
    0.402796, // mover shielded
    1.118669, // mover mobility
    0.918574, // mover threats
    -0.599086, // mover stuck
    0.253263, // mover h1
    0.596005, // mover h2
    0.608822, // mover h3
    0.491386, // mover h4
    0.656294, // mover h5
    0.496758, // mover h6
    0.633926, // mover h7
    0.439604, // mover h8
    0.509782, // mover h9
    0.333893, // mover h10
    0.409243, // mover h11
    0.190734, // mover h12
    0.277960, // mover h13
    0.194683, // mover h14
    0.136929, // mover h15
    0.143785, // mover h16
    0.095757, // mover h17
    0.053371, // mover h18
    0.013017, // mover h19
    0.029698, // mover h20
    0.024801, // mover h21
    -0.105281, // mover h22
    -0.148543, // mover h23
    -0.166463, // mover h24
    -0.121287, // mover h25
    -0.383923, // mover h26
    -0.311262, // mover h27
    0.036653, // mover h28
    0.304430, // mover h29
    0.756899, // mover h30
    -1.663073, // other off
    -0.455601, // other shielded
    -0.975095, // other mobility
    -0.926676, // other threats
    0.694408, // other stuck
    -0.312971, // other h1
    -0.751222, // other h2
    -0.704261, // other h3
    -0.483987, // other h4
    -0.662789, // other h5
    -0.578617, // other h6
    -0.560288, // other h7
    -0.470948, // other h8
    -0.490350, // other h9
    -0.324570, // other h10
    -0.373301, // other h11
    -0.242529, // other h12
    -0.265772, // other h13
    -0.223798, // other h14
    -0.154080, // other h15
    -0.214640, // other h16
    -0.084890, // other h17
    -0.044290, // other h18
    -0.058903, // other h19
    -0.026510, // other h20
    -0.019822, // other h21
    0.042175, // other h22
    0.151323, // other h23
    0.112075, // other h24
    0.014106, // other h25
    0.338224, // other h26
    0.319909, // other h27
    -0.044301, // other h28
    -0.359207, // other h29
    -0.710226, // other h30
];

    // classic (10000 games x 3 rounds, seed 1)
    #[rustfmt::skip]
pub(super) const Classic: [f64; FEATURES] = [
    -0.014175, // bias
    0.580175, // race
    0.104215, // mover off
    -0.033723, // mover shielded
    0.015201, // mover mobility
    -0.005623, // mover threats
    0.020383, // mover stuck
    0.027996, // mover h1
    -0.003378, // mover h2
    0.010304, // mover h3
    0.013448, // mover h4
    0.003283, // mover h5
    0.019704, // mover h6
    0.003952, // mover h7
    0.009668, // mover h8
    -0.001963, // mover h9
    0.014505, // mover h10
    0.001682, // mover h11
    0.015759, // mover h12
    0.011896, // mover h13
    0.021143, // mover h14
    0.039085, // mover h15
    0.009462, // mover h16
    -0.005984, // mover h17
    -0.018431, // mover h18
    -0.019182, // mover h19
    -0.006875, // mover h20
    -0.018955, // mover h21
    -0.030212, // mover h22
    -0.026442, // mover h23
    -0.032917, // mover h24
    -0.035152, // mover h25
    0.001685, // mover h26
    -0.028928, // mover h27
    -0.017995, // mover h28
    -0.027570, // mover h29
    -0.033802, // mover h30
    -0.095584, // other off
    0.037967, // other shielded
    -0.013664, // other mobility
    0.025095, // other threats
    -0.012287, // other stuck
    -0.027187, // other h1
    0.000174, // other h2
    0.003083, // other h3
    -0.005216, // other h4
    -0.011443, // other h5
    -0.005916, // other h6
    -0.015283, // other h7
    -0.008657, // other h8
    -0.016857, // other h9
    -0.006080, // other h10
    -0.010798, // other h11
    0.001864, // other h12
    0.004797, // other h13
    -0.014358, // other h14
    -0.036813, // other h15
    -0.022241, // other h16
    0.008767, // other h17
    -0.000800, // other h18
    0.005135, // other h19
    0.016450, // other h20
    0.017909, // other h21
    0.027271, // other h22
    0.025857, // other h23
    0.033640, // other h24
    0.044588, // other h25
    -0.008098, // other h26
    0.032857, // other h27
    0.023578, // other h28
    0.026444, // other h29
    0.012920, // other h30
];

    // jequier (10000 games x 3 rounds, seed 1)
    #[rustfmt::skip]
pub(super) const Jequier: [f64; FEATURES] = [
    0.004929, // bias
    1.287939, // race
    -0.238867, // mover off
    0.018291, // mover shielded
    0.027850, // mover mobility
    0.034376, // mover threats
    -0.147097, // mover stuck
    0.067964, // mover h1
    0.067047, // mover h2
    0.071943, // mover h3
    0.072263, // mover h4
    0.077038, // mover h5
    0.074404, // mover h6
    0.056635, // mover h7
    0.054755, // mover h8
    0.068331, // mover h9
    0.035223, // mover h10
    0.032331, // mover h11
    0.039848, // mover h12
    0.009939, // mover h13
    0.014615, // mover h14
    -0.015793, // mover h15
    0.000152, // mover h16
    0.008003, // mover h17
    -0.009739, // mover h18
    -0.021298, // mover h19
    -0.033106, // mover h20
    -0.051618, // mover h21
    -0.062132, // mover h22
    -0.047351, // mover h23
    -0.050836, // mover h24
    -0.014918, // mover h25
    0.012752, // mover h26
    0.000000, // mover h27
    0.006244, // mover h28
    -0.118264, // mover h29
    -0.105565, // mover h30
    0.261558, // other off
    -0.013723, // other shielded
    -0.030191, // other mobility
    -0.024581, // other threats
    0.074479, // other stuck
    -0.064613, // other h1
    -0.073077, // other h2
    -0.087495, // other h3
    -0.074094, // other h4
    -0.072976, // other h5
    -0.058997, // other h6
    -0.075414, // other h7
    -0.064226, // other h8
    -0.044695, // other h9
    -0.033182, // other h10
    -0.030390, // other h11
    -0.029347, // other h12
    -0.010236, // other h13
    -0.011236, // other h14
    0.010683, // other h15
    -0.006573, // other h16
    0.005305, // other h17
    0.022812, // other h18
    0.002738, // other h19
    0.040719, // other h20
    0.059810, // other h21
    0.055095, // other h22
    0.031181, // other h23
    0.046956, // other h24
    0.005093, // other h25
    -0.009943, // other h26
    0.000000, // other h27
    -0.029290, // other h28
    0.129707, // other h29
    0.104127, // other h30
];

    // kendall1979 (10000 games x 3 rounds, seed 1)
    #[rustfmt::skip]
pub(super) const Kendall1979: [f64; FEATURES] = [
    0.021184, // bias
    1.707631, // race
    0.017198, // mover off
    0.017596, // mover shielded
    -0.006304, // mover mobility
    0.029007, // mover threats
    0.089069, // mover stuck
    0.039768, // mover h1
    -0.022217, // mover h2
    0.004395, // mover h3
    0.017124, // mover h4
    -0.005068, // mover h5
    0.033456, // mover h6
    0.029002, // mover h7
    0.038473, // mover h8
    0.033691, // mover h9
    0.037731, // mover h10
    0.022689, // mover h11
    0.029670, // mover h12
    -0.008060, // mover h13
    0.059120, // mover h14
    -0.020218, // mover h15
    0.030451, // mover h16
    0.023025, // mover h17
    0.024712, // mover h18
    0.027653, // mover h19
    0.011078, // mover h20
    0.026573, // mover h21
    0.005050, // mover h22
    -0.004953, // mover h23
    -0.014029, // mover h24
    -0.030946, // mover h25
    0.022295, // mover h26
    -0.397833, // mover h27
    0.008872, // mover h28
    -0.056741, // mover h29
    0.018041, // mover h30
    -0.000510, // other off
    -0.019728, // other shielded
    0.003145, // other mobility
    -0.024809, // other threats
    -0.116976, // other stuck
    -0.024388, // other h1
    -0.003534, // other h2
    0.007195, // other h3
    -0.023993, // other h4
    0.013629, // other h5
    -0.049572, // other h6
    -0.032862, // other h7
    -0.026379, // other h8
    -0.012207, // other h9
    -0.023413, // other h10
    -0.018357, // other h11
    -0.049495, // other h12
    -0.003004, // other h13
    -0.031397, // other h14
    0.026865, // other h15
    -0.008600, // other h16
    -0.018323, // other h17
    -0.038077, // other h18
    -0.034665, // other h19
    -0.031821, // other h20
    -0.019356, // other h21
    -0.014750, // other h22
    -0.008814, // other h23
    0.012924, // other h24
    0.029897, // other h25
    -0.025102, // other h26
    0.364649, // other h27
    0.005532, // other h28
    0.059084, // other h29
    -0.021155, // other h30
];

    // skyruk (10000 games x 3 rounds, seed 1)
    #[rustfmt::skip]
pub(super) const Skyruk: [f64; FEATURES] = [
    0.020114, // bias
    2.140074, // race
    0.112853, // mover off
    0.004826, // mover shielded
    0.078543, // mover mobility
    -0.019698, // mover threats
    0.001720, // mover stuck
    -0.020910, // mover h1
    0.001684, // mover h2
    0.012655, // mover h3
    -0.003840, // mover h4
    0.009921, // mover h5
    0.005362, // mover h6
    0.027399, // mover h7
    0.003290, // mover h8
    0.022948, // mover h9
    0.027410, // mover h10
    0.049802, // mover h11
    0.013051, // mover h12
    0.018740, // mover h13
    0.027321, // mover h14
    0.010877, // mover h15
    0.023208, // mover h16
    0.016631, // mover h17
    0.005201, // mover h18
    -0.009797, // mover h19
    0.019324, // mover h20
    0.009075, // mover h21
    -0.023986, // mover h22
    -0.011467, // mover h23
    -0.005937, // mover h24
    -0.046047, // mover h25
    -0.112881, // mover h26
    -0.373679, // mover h27
    0.059806, // mover h28
    0.070243, // mover h29
    0.061742, // mover h30
    -0.096682, // other off
    -0.017751, // other shielded
    -0.072983, // other mobility
    0.025466, // other threats
    -0.042720, // other stuck
    0.018165, // other h1
    0.013405, // other h2
    -0.006940, // other h3
    -0.005962, // other h4
    0.011893, // other h5
    -0.008250, // other h6
    -0.004427, // other h7
    -0.018324, // other h8
    -0.021352, // other h9
    -0.031361, // other h10
    -0.039565, // other h11
    -0.008356, // other h12
    -0.009780, // other h13
    -0.031734, // other h14
    -0.017044, // other h15
    -0.029159, // other h16
    0.001557, // other h17
    -0.016057, // other h18
    -0.000906, // other h19
    0.005980, // other h20
    -0.004338, // other h21
    0.033984, // other h22
    0.028085, // other h23
    0.030379, // other h24
    0.051285, // other h25
    0.000000, // other h26
    0.406535, // other h27
    -0.138560, // other h28
    -0.093113, // other h29
    -0.019363, // other h30
];
}
