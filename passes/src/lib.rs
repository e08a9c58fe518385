//! Passes and the merge pipeline (in progress).
