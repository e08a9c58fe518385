//! The list being built: points are added by the families with their options, named from a
//! base and the options' suffix, and checked at the end (names unique and file-name safe).

use crate::options::Options;
use crate::{Aim, Point, Side, SweepError};
use air_kernelgen::{GenError, Kernel};
use std::collections::BTreeSet;

/// What a family says about one point besides its module: its base name, aim, side and note.
#[derive(Clone, Debug)]
pub struct About {
    pub base: String,
    pub aim: Aim,
    pub side: Side,
    pub note: String,
}

/// A point's description: `about("silu-bd-t1024", Aim::ShimBds, Side::Over, "F3: ...")`.
pub fn about(base: impl Into<String>, aim: Aim, side: Side, note: impl Into<String>) -> About {
    About { base: base.into(), aim, side, note: note.into() }
}

/// The points so far.
#[derive(Debug, Default)]
pub struct Points {
    points: Vec<Point>,
}

impl Points {
    /// A kernel built by kernelgen, with `options`.
    pub fn kernel(&mut self, about: About, kernel: &dyn Kernel, options: &Options) -> Result<(), SweepError> {
        self.built(about, kernel.build(), options)
    }

    /// A module kernelgen built (or refused), with `options`.
    pub fn built(
        &mut self,
        about: About,
        module: Result<String, GenError>,
        options: &Options,
    ) -> Result<(), SweepError> {
        let name = format!("{}{}", about.base, options.suffix());
        match module {
            Ok(module) => {
                self.module(name, about, module, options);
                Ok(())
            }
            Err(error) => Err(SweepError { point: name, message: error.message }),
        }
    }

    /// The same kernel once per set of options.
    pub fn kernel_each(&mut self, about: About, kernel: &dyn Kernel, each: &[Options]) -> Result<(), SweepError> {
        for options in each {
            self.kernel(about.clone(), kernel, options)?;
        }
        Ok(())
    }

    /// A module from elsewhere (a merge), with `options`.
    pub fn text(&mut self, about: About, module: String, options: &Options) {
        let name = format!("{}{}", about.base, options.suffix());
        self.module(name, about, module, options);
    }

    fn module(&mut self, name: String, about: About, module: String, options: &Options) {
        self.points.push(Point {
            name,
            aim: about.aim,
            side: about.side,
            note: about.note,
            module,
            options: options.args(),
        });
    }

    /// The list, once every name is unique and file-name safe.
    pub fn finish(self) -> Result<Vec<Point>, SweepError> {
        let mut seen = BTreeSet::new();
        let mut lowered = BTreeSet::new();
        for point in &self.points {
            let safe = point.name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '.');
            if !safe || point.name.is_empty() {
                return Err(SweepError {
                    point: point.name.clone(),
                    message: "the name is not [a-z0-9.-]".to_string(),
                });
            }
            if !seen.insert(point.name.as_str()) {
                return Err(SweepError { point: point.name.clone(), message: "two points have this name".to_string() });
            }
            // The same module with the same options would only be lowered twice.
            if !lowered.insert((point.module.as_str(), &point.options)) {
                let message = "an earlier point has the same module and options".to_string();
                return Err(SweepError { point: point.name.clone(), message });
            }
        }
        Ok(self.points)
    }
}
