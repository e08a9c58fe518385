//! From chunks to mutants: every rule's sites in every eligible chunk, a deterministic,
//! spread-out choice of at most `cap` of them per rule, and the mutated texts.

use crate::corpus::{line_col, Chunk, SourceFile};
use crate::edit::apply;
use crate::fnv1a;
use crate::rules::{Kind, Rule, RULES};
use crate::sites::{Cx, Site};
use air_diagnostics::LineIndex;
use std::collections::BTreeMap;

/// Generation options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// At most this many mutants per rule.
    pub cap: usize,
    /// Only these rules (all when empty).
    pub rules: Vec<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options { cap: 20, rules: Vec::new() }
    }
}

/// One mutated chunk.
#[derive(Clone, Debug)]
pub struct Mutant {
    /// `<rule-id>.<NN>`, numbered in (file, chunk, position) order within the rule.
    pub id: String,
    pub rule: &'static Rule,
    pub relpath: String,
    pub chunk: usize,
    /// 1-based line and column of the edit in the corpus file.
    pub at: (u32, u32),
    pub text: String,
}

impl Mutant {
    pub fn kind(&self) -> Kind {
        self.rule.kind
    }

    /// `// mutant: <id> rule=<rule-id> kind=<kind> from=<relpath>#<chunk> at=<line>:<col>`
    pub fn header(&self) -> String {
        format!(
            "// mutant: {} rule={} kind={} from={}#{} at={}:{}",
            self.id,
            self.rule.id,
            self.kind().as_str(),
            self.relpath,
            self.chunk,
            self.at.0,
            self.at.1
        )
    }
}

/// The mutants, with how many sites each rule had before the cap.
#[derive(Clone, Debug, Default)]
pub struct Generation {
    pub mutants: Vec<Mutant>,
    /// Rule id → number of candidate sites in the eligible chunks.
    pub sites: BTreeMap<&'static str, usize>,
    /// Eligible chunks that were mutated (air-syntax parses them cleanly).
    pub chunks: usize,
}

/// One candidate: a site in a chunk.
struct Candidate {
    cx: usize,
    site: Site,
}

/// Generates the mutants of every chunk of `files` that `eligible` accepts.
pub fn generate(files: &[SourceFile], eligible: impl Fn(&Chunk<'_>) -> bool, options: &Options) -> Generation {
    let chunks: Vec<(usize, Chunk<'_>)> = files
        .iter()
        .enumerate()
        .flat_map(|(file, source)| source.chunks().into_iter().map(move |chunk| (file, chunk)))
        .filter(|(_, chunk)| eligible(chunk))
        .collect();
    let ctxs: Vec<(usize, Cx<'_>)> =
        chunks.into_iter().filter_map(|(file, chunk)| Some((file, Cx::new(chunk)?))).collect();
    let lines: Vec<LineIndex> = files.iter().map(|f| LineIndex::new(&f.text)).collect();
    let mut generation = Generation { chunks: ctxs.len(), ..Generation::default() };
    for rule in RULES.iter().filter(|r| options.rules.is_empty() || options.rules.iter().any(|id| id == r.id)) {
        let candidates: Vec<Candidate> = ctxs
            .iter()
            .enumerate()
            .flat_map(|(idx, (_, cx))| (rule.sites)(cx).into_iter().map(move |site| Candidate { cx: idx, site }))
            .collect();
        generation.sites.insert(rule.id, candidates.len());
        let mut chosen: Vec<Mutant> = Vec::new();
        for candidate in spread(rule, &candidates, &ctxs, files) {
            if chosen.len() >= options.cap {
                break;
            }
            let (file, cx) = &ctxs[candidate.cx];
            let text = apply(cx.tree(), &candidate.site.edits);
            if text == cx.chunk.text || text.contains(air_syntax::SPLIT_MARKER) {
                continue;
            }
            let at = line_col(&lines[*file], &files[*file].text, cx.chunk.offset + candidate.site.at);
            chosen.push(Mutant {
                id: String::new(),
                rule,
                relpath: cx.chunk.relpath.to_string(),
                chunk: cx.chunk.index,
                at,
                text,
            });
        }
        chosen.sort_by(|a, b| (&a.relpath, a.chunk, a.at).cmp(&(&b.relpath, b.chunk, b.at)));
        for (n, mutant) in chosen.iter_mut().enumerate() {
            mutant.id = format!("{}.{:02}", rule.id, n + 1);
        }
        generation.mutants.extend(chosen);
    }
    generation
}

/// The candidates in the order they are tried: round-robin over the files (so the cap is
/// spread over as many files as possible), the files in an order that depends on the rule
/// (FNV-1a of rule id and path: fixed, so the output is deterministic, and different for
/// each rule, so not every rule picks the same first files), each file's sites in
/// document order. A parse-error rule tries its sites inside hierarchy bodies last.
fn spread<'c>(
    rule: &Rule,
    candidates: &'c [Candidate],
    ctxs: &[(usize, Cx<'_>)],
    files: &[SourceFile],
) -> Vec<&'c Candidate> {
    let deferred = |c: &Candidate| rule.parse_error && c.site.in_hierarchy;
    let (first, last): (Vec<&Candidate>, Vec<&Candidate>) = candidates.iter().partition(|c| !deferred(c));
    let mut order = round_robin(rule, first, ctxs, files);
    order.extend(round_robin(rule, last, ctxs, files));
    order
}

fn round_robin<'c>(
    rule: &Rule,
    candidates: Vec<&'c Candidate>,
    ctxs: &[(usize, Cx<'_>)],
    files: &[SourceFile],
) -> Vec<&'c Candidate> {
    let mut by_file: BTreeMap<usize, Vec<&Candidate>> = BTreeMap::new();
    for candidate in candidates {
        by_file.entry(ctxs[candidate.cx].0).or_default().push(candidate);
    }
    let mut order: Vec<(u64, Vec<&Candidate>)> =
        by_file.into_iter().map(|(file, list)| (fnv1a(&[rule.id, "\0", &files[file].relpath]), list)).collect();
    order.sort_by_key(|(hash, _)| *hash);
    let longest = order.iter().map(|(_, list)| list.len()).max().unwrap_or(0);
    (0..longest).flat_map(|round| order.iter().filter_map(move |(_, list)| list.get(round).copied())).collect()
}

#[cfg(test)]
mod tests {
    use crate::fnv1a;

    #[test]
    fn fnv1a_matches_the_reference_values() {
        assert_eq!(fnv1a(&[""]), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(&["a"]), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(&["fo", "obar"]), 0x8594_4171_f739_67e8);
    }
}
