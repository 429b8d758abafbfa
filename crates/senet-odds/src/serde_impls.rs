//! serde for the solver's reports (feature `serde`): each the object of its
//! public fields, with no unknown field and never an array standing in for
//! it, checked as it is read. Errors are written, never read.

use crate::{LayerReport, Progress};

senet::object_only!(Progress, |p: Progress| {
    if p.layer >= p.layers || p.sweep == 0 {
        return Err(format!(
            "progress is at a layer below the {} layers and a sweep from 1, found layer {} sweep {}",
            p.layers, p.layer, p.sweep
        ));
    }
    if !(p.change.is_finite() && p.change >= 0.0) {
        return Err(format!(
            "a change is a finite number from 0, found {}",
            p.change
        ));
    }
    Ok(p)
});

senet::object_only!(LayerReport, |r: LayerReport| {
    if r.open > r.positions {
        return Err(format!(
            "a layer of {} positions has {} open: more than it holds",
            r.positions, r.open
        ));
    }
    if !(r.seconds.is_finite() && r.seconds >= 0.0) {
        return Err(format!(
            "seconds are a finite number from 0, found {}",
            r.seconds
        ));
    }
    Ok(r)
});
