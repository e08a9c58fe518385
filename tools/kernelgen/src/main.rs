//! kernelgen: emits AIR sub-kernels at any shape (being built).
fn main() {}
