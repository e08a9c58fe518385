# Recipes for air-stitch. `just` is optional: every recipe is a plain command.

# The full test suite (installs LLVM 22 when missing), as CI runs it.
test:
    tools/test-all.sh

# Fast tests of the default build only.
test-quick:
    cargo test --workspace

# Benchmarks (criterion); figures in docs/performance.md.
bench:
    cargo bench -p air-syntax --bench parse
    cargo bench -p air-merge --bench merge
    cargo bench -p air-checkbd --bench check_bd
    cargo bench -p air-verify --bench generic
    cargo bench -p air-compile --bench cache_key
    cargo bench -p air-group --bench group
    cargo bench -p air-dataflow --bench replay

# Fuzz the parser (needs `cargo install cargo-fuzz` and a nightly toolchain).
fuzz seconds="60":
    cd fuzz && cargo +nightly fuzz run parse -- -max_total_time={{seconds}}

# Rewrite every insta snapshot from today's output; read the diff before committing.
bless:
    INSTA_UPDATE=always cargo test --workspace --no-fail-fast
    INSTA_UPDATE=always cargo test -p air-verify -p air-stitch --features air-stitch/mlir,air-verify/mlir --no-fail-fast

# Lints: clippy on every crate, rustfmt check, and the tidy check.
lint:
    cargo clippy --workspace --all-targets -- -D warnings
    cargo fmt --all --check
    cargo test -p air-stitch --test tidy
