//! Debug helper: `cargo run -p air-syntax --example dump -- FILE [--stats]` prints the tree,
//! or with `--stats`, the op names found per file (to spot mis-parsed op boundaries).
use air_syntax::{parse, split_input_file, SyntaxKind};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stats = args.iter().any(|a| a == "--stats");
    for path in args.iter().filter(|a| !a.starts_with("--")) {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        for chunk in split_input_file(&text) {
            let parsed = parse(chunk.text);
            if stats {
                for node in parsed.tree.nodes().filter(|n| n.kind() == SyntaxKind::OP_NAME) {
                    println!("{}", node.text());
                }
            } else {
                print!("{}", parsed.tree.debug_dump());
                for error in parsed.all_errors() {
                    println!("ERROR {:?} {}", error.primary.map(|l| l.range), error.message);
                }
            }
        }
    }
}
