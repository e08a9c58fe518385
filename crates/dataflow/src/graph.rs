//! The launch/buffer graph: launches as nodes in order, the host's inputs and outputs as two
//! more, and one edge per argument that flows from a producer (a launch, or the host) to a
//! consumer (a launch, or the host reading an output back). Rendered as text or Graphviz DOT,
//! in a fixed order.

use crate::part::Footprint;
use crate::roles::host_read;
use crate::Dataflow;
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::EdgeRef;
use std::fmt::Write as _;

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Node {
    /// The host's buffers before the call.
    Inputs,
    /// Index into [`Dataflow::launches`].
    Launch(usize),
    /// What the host reads back.
    Outputs,
}

/// One argument flowing along an edge.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Edge {
    pub arg: usize,
    /// Only part of the argument flows (or an unknown part).
    pub partial: bool,
}

/// The graph, nodes in order: inputs, the launches, outputs.
pub fn build(flow: &Dataflow) -> DiGraph<Node, Edge> {
    let mut graph = DiGraph::new();
    let inputs = graph.add_node(Node::Inputs);
    let launches: Vec<NodeIndex> = (0..flow.launches.len()).map(|l| graph.add_node(Node::Launch(l))).collect();
    let outputs = graph.add_node(Node::Outputs);
    let read_back = flow.outputs_or_candidates();
    for arg in &flow.args {
        let whole = |f: &Footprint| arg.elements.is_some_and(|n| f.unknown.is_none() && f.known.len() >= n);
        let mut written = Footprint::default();
        // The launches that wrote it so far, with what they wrote.
        let mut writes_by: Vec<(usize, Footprint)> = Vec::new();
        for step in arg.timeline() {
            let node = launches[step.launch];
            let host = host_read(arg, &step.reads, &written);
            if !host.is_empty() {
                graph.add_edge(inputs, node, Edge { arg: arg.index, partial: !whole(&host) });
            }
            for (w, earlier) in &writes_by {
                if earlier.may_overlap(&step.reads) {
                    let flows = Footprint { known: earlier.known.intersection(&step.reads.known), unknown: None };
                    let partial = earlier.unknown.is_some() || step.reads.unknown.is_some() || !whole(&flows);
                    graph.add_edge(launches[*w], node, Edge { arg: arg.index, partial });
                }
            }
            written.add(&step.writes);
            if !step.writes.is_empty() {
                writes_by.push((step.launch, step.writes));
            }
        }
        if read_back.contains(&arg.index) {
            for (w, writes) in &writes_by {
                graph.add_edge(launches[*w], outputs, Edge { arg: arg.index, partial: !whole(writes) });
            }
        }
    }
    graph
}

fn node_label(flow: &Dataflow, node: &Node) -> String {
    match node {
        Node::Inputs => "inputs".to_string(),
        Node::Launch(l) => flow.launches.get(*l).map(|l| l.label()).unwrap_or_default(),
        Node::Outputs => "outputs".to_string(),
    }
}

/// The argument an edge carries, as shown: its name, `(part)`, the views it goes through, and
/// for one call of a layer where it comes from or goes to (`from call 4`, `to calls 5, 7`).
fn edge_label(flow: &Dataflow, edge: &Edge, from: &Node, to: &Node) -> String {
    let arg = &flow.args[edge.arg];
    let via: Vec<&str> = {
        let mut v: Vec<&str> = arg.accesses.iter().filter_map(|a| a.via.as_deref()).collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    let mut label = arg.label();
    if edge.partial {
        label.push_str(" (part)");
    }
    if !via.is_empty() {
        let _ = write!(label, " via {}", via.join(", "));
    }
    if let Some(layer) = &arg.layer {
        let calls = |word: &str, list: &[usize]| {
            let list: Vec<String> = list.iter().map(usize::to_string).collect();
            format!(" ({word} call{} {})", if list.len() == 1 { "" } else { "s" }, list.join(", "))
        };
        if *from == Node::Inputs && !layer.from_calls.is_empty() {
            label.push_str(&calls("from", &layer.from_calls));
        }
        if *to == Node::Outputs && !layer.to_calls.is_empty() {
            label.push_str(&calls("to", &layer.to_calls));
        }
        if *to == Node::Outputs && layer.layer_output {
            label.push_str(" (the layer's output)");
        }
    }
    label
}

/// The edges sorted by (from, to, argument).
fn sorted_edges(graph: &DiGraph<Node, Edge>) -> Vec<(NodeIndex, NodeIndex, &Edge)> {
    let mut edges: Vec<(NodeIndex, NodeIndex, &Edge)> =
        graph.edge_references().map(|e| (e.source(), e.target(), e.weight())).collect();
    edges.sort_by(|a, b| (a.0, a.1, a.2).cmp(&(b.0, b.1, b.2)));
    edges
}

/// A node as data (`graph --format json`): `inputs`, `launch1`…, `outputs`, with its label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeData {
    pub id: String,
    pub label: String,
    /// The launch's number (from 1), for a launch.
    pub launch: Option<usize>,
}

/// An edge as data: one argument flowing from one node to another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgeData {
    pub from: String,
    pub to: String,
    pub arg: usize,
    pub label: String,
    pub partial: bool,
    /// For one call of a layer: an edge from `inputs` carries what these earlier calls wrote.
    pub from_calls: Vec<usize>,
    /// For one call of a layer: an edge to `outputs` is read back for these later calls.
    pub to_calls: Vec<usize>,
    /// For one call of a layer: an edge to `outputs` is read back for the layer's consumer.
    pub layer_output: bool,
}

fn node_id(node: &Node) -> String {
    match node {
        Node::Inputs => "inputs".to_string(),
        Node::Launch(l) => format!("launch{}", l + 1),
        Node::Outputs => "outputs".to_string(),
    }
}

/// The graph as data: the nodes in order, the edges sorted by (from, to, argument).
pub fn to_data(flow: &Dataflow) -> (Vec<NodeData>, Vec<EdgeData>) {
    let graph = build(flow);
    let nodes = graph
        .node_indices()
        .map(|i| {
            let node = &graph[i];
            let launch = match node {
                Node::Launch(l) => Some(l + 1),
                _ => None,
            };
            NodeData { id: node_id(node), label: node_label(flow, node), launch }
        })
        .collect();
    let edges = sorted_edges(&graph)
        .into_iter()
        .map(|(from, to, edge)| {
            let layer = flow.args[edge.arg].layer.clone().unwrap_or_default();
            let (into_call, out_of_call) = (graph[from] == Node::Inputs, graph[to] == Node::Outputs);
            EdgeData {
                from: node_id(&graph[from]),
                to: node_id(&graph[to]),
                arg: edge.arg,
                label: edge_label(flow, edge, &graph[from], &graph[to]),
                partial: edge.partial,
                from_calls: if into_call { layer.from_calls } else { Vec::new() },
                to_calls: if out_of_call { layer.to_calls } else { Vec::new() },
                layer_output: out_of_call && layer.layer_output,
            }
        })
        .collect();
    (nodes, edges)
}

/// `inputs -> launch 1: %arg0, %arg1` lines, one per pair of nodes, then the unused arguments.
pub fn to_text(flow: &Dataflow) -> String {
    let graph = build(flow);
    let mut out = format!(
        "@{}: {}, {}\n",
        flow.func,
        plural(flow.launches.len(), "launch", "launches"),
        plural(flow.args.len(), "argument", "arguments")
    );
    for launch in &flow.launches {
        let _ = writeln!(out, "  node {}", launch.label());
    }
    let edges = sorted_edges(&graph);
    let mut k = 0;
    while k < edges.len() {
        let (from, to, _) = edges[k];
        let mut labels = Vec::new();
        while k < edges.len() && edges[k].0 == from && edges[k].1 == to {
            labels.push(edge_label(flow, edges[k].2, &graph[from], &graph[to]));
            k += 1;
        }
        let _ = writeln!(
            out,
            "  {} -> {}: {}",
            node_label(flow, &graph[from]),
            node_label(flow, &graph[to]),
            labels.join(", ")
        );
    }
    let unused: Vec<String> = flow.args.iter().filter(|a| a.accesses.is_empty()).map(|a| a.label()).collect();
    if !unused.is_empty() {
        let _ = writeln!(out, "  unused: {}", unused.join(", "));
    }
    out
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn quote(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// Graphviz DOT: launches top to bottom in order, the host's inputs and outputs marked.
pub fn to_dot(flow: &Dataflow) -> String {
    let graph = build(flow);
    let mut out =
        format!("digraph {} {{\n  rankdir=TB;\n  node [shape=box, fontname=\"monospace\"];\n", quote(&flow.func));
    let id = node_id;
    for index in graph.node_indices() {
        let node = &graph[index];
        let shape = match node {
            Node::Launch(_) => "",
            _ => ", shape=ellipse, style=filled, fillcolor=\"#eeeeee\"",
        };
        let _ = writeln!(out, "  {} [label={}{shape}];", id(node), quote(&node_label(flow, node)));
    }
    for pair in flow.launches.windows(2) {
        let _ = writeln!(out, "  launch{} -> launch{} [style=invis];", pair[0].number, pair[1].number);
    }
    for (from, to, edge) in sorted_edges(&graph) {
        let style = if edge.partial { ", style=dashed" } else { "" };
        let _ = writeln!(
            out,
            "  {} -> {} [label={}{style}];",
            id(&graph[from]),
            id(&graph[to]),
            quote(&edge_label(flow, edge, &graph[from], &graph[to]))
        );
    }
    out.push_str("}\n");
    out
}
