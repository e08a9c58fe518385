//! Compiler failures classified into the known multi-launch blockers, with their remedies.
