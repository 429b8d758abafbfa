//! A roll's legal moves found as sets of start houses, most pieces at
//! once with shifts and masks.

use crate::bitboard::{Bitboard, count_bits};
use crate::house::House;
use crate::movegen::Context;
use crate::movegen::steps::Steps;
use crate::position::Position;
use crate::ruleset::Direction;
use crate::ruleset::identity::built_in;
use crate::ruleset::{Contact, Ruleset};
use crate::throw::Roll;

/// Bit 31 of a set of target houses: a step to track number 31 bears off.
pub(crate) const OFF_BIT: u32 = 1 << 31;

/// The legal moves of one roll, as sets of start houses: all of one
/// direction and one tier (a roll gives each piece at most one move, so a
/// start names its move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Found {
    /// Starts of the moves that carry a piece the roll along the track.
    pub(crate) along: u32,
    /// Those of `along` that land on an opponent's piece.
    pub(crate) contacts: u32,
    /// Those of `along` that enter the water.
    pub(crate) water: u32,
    /// Starts on the table's `ask` houses with a legal move; their moves
    /// come after the others in a list.
    pub(crate) asked: u32,
    /// Houses whose piece may wait there instead ([`Ruleset::waits`]);
    /// their waits come last in a list. Always empty for a ruleset
    /// without waits, which the compiler knows for a built-in one.
    pub(crate) waits: u32,
    /// The house a piece from the hand enters with the roll, as a set of
    /// one house or none ([`Ruleset::enters`]); the entry comes last in a
    /// list. Always empty for a ruleset where no piece enters.
    pub(crate) enters: u32,
    /// The signed distance of a move along the track: the roll, or minus
    /// the roll when the moves go backward (0 in [`Found::NONE`]). Kept signed,
    /// so that a target is its start plus this, with no choice on the
    /// direction.
    pub(crate) step: i8,
}

impl Found {
    /// No move.
    pub(crate) const NONE: Found = Found {
        along: 0,
        contacts: 0,
        water: 0,
        asked: 0,
        waits: 0,
        enters: 0,
        step: 0,
    };

    /// Whether there is no move.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.along | self.asked | self.waits | self.enters == 0
    }

    /// Every start house with a move or a wait.
    #[inline]
    pub(crate) fn starts(&self) -> Bitboard {
        Bitboard::from_bits(self.along | self.asked | self.waits)
    }

    /// The direction of the moves.
    #[inline]
    pub(crate) fn direction(&self) -> Direction {
        if self.step < 0 {
            Direction::Backward
        } else {
            Direction::Forward
        }
    }

    /// How many moves there are.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        // Counting bits takes about ten instructions without `popcnt`
        // (see `count_bits`): the asked moves, rarely any, are counted
        // only when there are some.
        let asked = if self.asked | self.waits | self.enters == 0 {
            0
        } else {
            count_bits(self.asked) + count_bits(self.waits) + count_bits(self.enters)
        };
        (count_bits(self.along) + asked) as usize
    }
}

impl<R: Ruleset> Position<R> {
    /// The legal moves of `roll` as sets: forward ones, or when there are
    /// none, backward ones. Nothing when the game is over or the implement
    /// cannot make `roll`.
    ///
    /// Always inlined into its few callers, so that a roll known at
    /// compile time makes the step tables, the shifts and the blockade
    /// masks constants.
    #[inline(always)]
    pub(crate) fn find_roll(&self, roll: Roll) -> Found {
        if self.is_over() || !self.ruleset.dice().can_roll(roll) {
            return Found::NONE;
        }
        self.find_roll_in(&self.context(), roll)
    }

    /// [`find_roll`](Self::find_roll) with the board's context given and
    /// the game known to go on.
    #[inline(always)]
    pub(crate) fn find_roll_in(&self, ctx: &Context, roll: Roll) -> Found {
        if !self.ruleset.dice().can_roll(roll) {
            return Found::NONE;
        }
        // A side not yet begun moves nothing until it throws the roll
        // that begins it (a constant for a ruleset without one).
        if let Some(begin) = self.ruleset.begins_with(self.side_to_throw())
            && begin != roll
            && !self.has_begun(self.side_to_throw())
        {
            return Found::NONE;
        }
        // A banking side moves only once its throwing is over, and only
        // with a roll it banked (a constant for a ruleset that banks
        // nothing).
        if self.ruleset.banks_throws() && !self.bank.is_to_play() | !self.bank.holds(roll) {
            return Found::NONE;
        }
        let mut forward = self.find_direction::<false>(ctx, roll);
        // Waits count as forward moves: a side that may wait never has
        // to go back. A constant for a ruleset without waits.
        let waits = self.ruleset.waits(roll);
        if !waits.is_empty() {
            forward.waits = (waits & ctx.movable).bits();
        }
        // So does an entry, onto an empty house. A constant `None` for a
        // ruleset where no piece enters.
        if let Some(house) = self.ruleset.enters(roll)
            && !(ctx.own | ctx.opp).contains(house)
            && self.in_hand(self.side_to_throw()) > 0
        {
            forward.enters = Bitboard::from_house(house).bits();
        }
        if !forward.is_empty() {
            return forward;
        }
        self.find_direction::<true>(ctx, roll)
    }

    /// The legal moves of one direction, pieces that must be played first
    /// taking precedence.
    #[inline(always)]
    fn find_direction<const BACKWARD: bool>(&self, ctx: &Context, roll: Roll) -> Found {
        let direction = if BACKWARD {
            Direction::Backward
        } else {
            Direction::Forward
        };
        let steps = crate::ruleset::identity::steps(&self.ruleset, roll, direction);
        let first = self.ruleset.must_play_first() & ctx.movable;
        if !first.is_empty() {
            let found = self.find_tier::<BACKWARD>(ctx, &steps, first, roll, true);
            if !found.is_empty() {
                return found;
            }
        }
        self.find_tier::<BACKWARD>(ctx, &steps, ctx.movable & !first, roll, false)
    }

    /// The legal moves of `pieces` in one direction, as sets: those that
    /// step along the track all at once, the others one by one. `sparse`
    /// says that `pieces` often has none to step (the pieces that must be
    /// played first).
    #[inline(always)]
    fn find_tier<const BACKWARD: bool>(
        &self,
        ctx: &Context,
        steps: &Steps,
        pieces: Bitboard,
        roll: Roll,
        sparse: bool,
    ) -> Found {
        let r = roll.value() as i8;
        let mut found = Found {
            step: if BACKWARD { -r } else { r },
            ..Found::NONE
        };
        let direction = found.direction();
        // A ruleset without steps in this direction skips the fixed-size
        // work altogether (known at compile time for most), and so does a
        // `sparse` tier with no piece to step.
        let along = pieces & steps.along;
        let skip = steps.along.is_empty() || (sparse && along.is_empty());
        if !skip {
            self.find_along::<BACKWARD>(&mut found, ctx, along, steps.water, roll);
        }
        // Steps whose landing the masks leave to the hooks.
        let mut unusual = Bitboard::from_bits(found.asked);
        // Usually none: few houses have moves of another kind.
        let asked = pieces & steps.ask & !steps.along;
        if !asked.is_empty() {
            unusual |= asked;
        }
        if !unusual.is_empty() {
            found.asked = 0;
            for from in unusual {
                if self.asked_move(ctx, from, roll, direction).is_some() {
                    found.asked |= Bitboard::from_house(from).bits();
                }
            }
        }
        found
    }

    /// Finds which of `pieces` have a legal move carrying them `roll`
    /// houses along the track (down when `BACKWARD`): the landing and
    /// passing rules of the [`Context`], applied to all the pieces at once
    /// with masks (except the rare swaps a ruleset may refuse and the
    /// entries into the water, asked per piece). `water` says which of
    /// them enter the water.
    #[inline(always)]
    fn find_along<const BACKWARD: bool>(
        &self,
        found: &mut Found,
        ctx: &Context,
        pieces: Bitboard,
        water: Bitboard,
        roll: Roll,
    ) {
        let r = roll.value();
        // The start houses from which a step reaches each house of `targets`.
        let starts = |targets: u32| {
            if BACKWARD { targets << r } else { targets >> r }
        };
        let direction = if BACKWARD {
            Direction::Backward
        } else {
            Direction::Forward
        };
        let free = pieces.bits() & !ctx.blocked_starts(direction, r);
        let mut movers = free & !water.bits() & starts(ctx.landable());
        let contacts = movers & starts(ctx.opp.bits());
        let usual = self.ruleset.contact();
        // Bounded, so that the compiler drops the loop altogether when
        // `contact_at` always gives the usual kind.
        for start in Bitboard::from_bits(contacts).take(House::COUNT.into()) {
            let to = if BACKWARD {
                start.number() - r
            } else {
                start.number() + r
            };
            let bit = Bitboard::from_house(start).bits();
            match self.ruleset.contact_at(start, House::from_index(to)) {
                None => movers &= !bit,
                // Landings the masks cannot play (another kind than the
                // usual one, or into the water, which may be full): the
                // hooks decide them, piece by piece.
                Some(contact) if contact != usual || contact == Contact::Drown => {
                    movers &= !bit;
                    found.asked |= bit;
                }
                Some(_) => {}
            }
        }
        // A piece sent back goes where the board before the move says,
        // the same for every landing of the roll: asked once, for a
        // ruleset of another crate (the built-in ones always have room).
        if usual == Contact::SendBack
            && movers & contacts != 0
            && !built_in(&self.ruleset)
            && !matches!(ctx.send_back_rest(&self.ruleset), Ok(Some(_)))
        {
            movers &= !contacts;
        }
        // Entering the water depends on where the piece can rest, which
        // depends on the other pieces: asked per piece, and rarely needed.
        let mut entering = free & water.bits();
        if entering != 0 {
            for start in Bitboard::from_bits(entering) {
                if !matches!(ctx.water_rest(&self.ruleset, start), Ok(Some(_))) {
                    entering &= !Bitboard::from_house(start).bits();
                }
            }
        }
        found.along = movers | entering;
        found.contacts = contacts & movers;
        found.water = entering;
    }
}
