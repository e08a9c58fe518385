//! aircc's command line and the content key of a compiled artifact.
