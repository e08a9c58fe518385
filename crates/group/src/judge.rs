//! The compiler as the judge of a candidate (`group --lower`): check-bd predicts what the
//! compiler will do in milliseconds, but where a lowering is at hand its verdict decides. A
//! candidate check-bd rejects and the compiler accepts is kept, check-bd's errors kept aside as
//! its disagreement; one check-bd accepts and the compiler rejects (or cannot lower: a crash,
//! a timeout) is cut there.
//!
//! The library does not run the compiler: the caller gives a [`Judge`] (the CLI's lowers the
//! candidate's text with aircc; the tests script one).

use air_merge::merge::Merged;
use air_merge::plan::backend::Backend;

/// What the compiler made of a candidate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Accepted,
    /// Refused, with its first message.
    Rejected(String),
    /// No verdict about the module (a crash, a timeout, a tool problem), and why.
    NoVerdict(String),
}

/// Asks the compiler about a candidate: function `func` of the merged module, built with
/// `backend`.
pub trait Judge {
    fn judge(&mut self, func: &str, merged: &Merged, backend: &Backend) -> Verdict;
}

/// check-bd's and the compiler's verdicts on one candidate, together.
pub enum Decision {
    /// Both accept (or, without a judge, check-bd does).
    Keep,
    /// The compiler accepts what check-bd rejects: kept; check-bd's errors are its disagreement.
    Overrule,
    /// check-bd rejects (the compiler agrees, or was not asked, or gave no verdict).
    CheckBd { compiler_agrees: bool },
    /// check-bd accepts, the compiler does not: the message says how.
    Compiler(String),
}

/// The decision on a candidate whose check-bd error is `check_bd_error` (none: clean) and
/// whose compiler verdict is `verdict` (none: not asked).
pub fn decide(check_bd_error: bool, verdict: Option<&Verdict>) -> Decision {
    match (check_bd_error, verdict) {
        (false, None | Some(Verdict::Accepted)) => Decision::Keep,
        (true, Some(Verdict::Accepted)) => Decision::Overrule,
        (true, Some(Verdict::Rejected(_))) => Decision::CheckBd { compiler_agrees: true },
        (true, None | Some(Verdict::NoVerdict(_))) => Decision::CheckBd { compiler_agrees: false },
        (false, Some(Verdict::Rejected(message))) => Decision::Compiler(format!("the compiler rejects it: {message}")),
        (false, Some(Verdict::NoVerdict(why))) => Decision::Compiler(format!("the compiler gives no verdict ({why})")),
    }
}
