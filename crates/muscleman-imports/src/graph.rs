//! The module graph of one crate and the circles in it.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// Modules (named by path, `crate::play::app`) and the modules each imports.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct ModuleGraph {
    imports: BTreeMap<String, BTreeSet<String>>,
}

impl ModuleGraph {
    /// Return an empty graph.
    pub fn new() -> ModuleGraph {
        ModuleGraph::default()
    }

    /// Add a module that may import nothing.
    pub fn add_module(&mut self, module: &str) {
        self.imports.entry(module.to_owned()).or_default();
    }

    /// Note that `from` imports `to` (a module importing itself is no edge).
    pub fn add_import(&mut self, from: &str, to: &str) {
        self.add_module(to);
        let targets = self.imports.entry(from.to_owned()).or_default();
        if from != to {
            targets.insert(to.to_owned());
        }
    }

    /// Return every module, in name order.
    pub fn modules(&self) -> impl Iterator<Item = &str> {
        self.imports.keys().map(String::as_str)
    }

    /// Return the modules `module` imports, in name order.
    pub fn imports_of(&self, module: &str) -> impl Iterator<Item = &str> {
        self.imports
            .get(module)
            .into_iter()
            .flatten()
            .map(String::as_str)
    }

    /// Return one circle per group of modules that import each other
    /// (strongly connected component), each the shortest way from the
    /// group's first module (by name) back to it: `[a, b, c, a]`. Empty
    /// when there is no circle.
    pub fn circles(&self) -> Vec<Vec<String>> {
        self.circle_groups()
            .into_iter()
            .filter_map(|c| self.shortest_circle(&c))
            .collect()
    }

    /// Return the groups of modules that import each other, directly or
    /// round a circle (strongly connected components of two or more), each
    /// in name order.
    pub fn circle_groups(&self) -> Vec<BTreeSet<String>> {
        let mut groups: Vec<BTreeSet<String>> = self
            .components()
            .into_iter()
            .filter(|c| c.len() > 1)
            .collect();
        groups.sort();
        groups
    }

    /// The strongly connected components (Tarjan's algorithm, iterative).
    fn components(&self) -> Vec<BTreeSet<String>> {
        let names: Vec<&str> = self.modules().collect();
        let index_of: BTreeMap<&str, usize> =
            names.iter().enumerate().map(|(i, n)| (*n, i)).collect();
        let edges: Vec<Vec<usize>> = names
            .iter()
            .map(|n| {
                self.imports_of(n)
                    .filter_map(|t| index_of.get(t).copied())
                    .collect()
            })
            .collect();
        let n = names.len();
        let mut index = vec![usize::MAX; n];
        let mut low = vec![0usize; n];
        let mut on_stack = vec![false; n];
        let mut stack = Vec::new();
        let mut next = 0usize;
        let mut out = Vec::new();
        for root in 0..n {
            if index.get(root) != Some(&usize::MAX) {
                continue;
            }
            // (node, next edge to look at)
            let mut work = vec![(root, 0usize)];
            while let Some(&(v, e)) = work.last() {
                if e == 0 {
                    set(&mut index, v, next);
                    set(&mut low, v, next);
                    next += 1;
                    stack.push(v);
                    set(&mut on_stack, v, true);
                }
                let targets = edges.get(v).map_or(&[][..], Vec::as_slice);
                if let Some(&w) = targets.get(e) {
                    if let Some(top) = work.last_mut() {
                        top.1 += 1;
                    }
                    if at(&index, w) == usize::MAX {
                        work.push((w, 0));
                    } else if at(&on_stack, w) {
                        let lowest = at(&low, v).min(at(&index, w));
                        set(&mut low, v, lowest);
                    }
                    continue;
                }
                work.pop();
                if let Some(&(parent, _)) = work.last() {
                    let lowest = at(&low, parent).min(at(&low, v));
                    set(&mut low, parent, lowest);
                }
                if at(&low, v) == at(&index, v) {
                    let mut component = BTreeSet::new();
                    while let Some(w) = stack.pop() {
                        set(&mut on_stack, w, false);
                        if let Some(name) = names.get(w) {
                            component.insert((*name).to_owned());
                        }
                        if w == v {
                            break;
                        }
                    }
                    out.push(component);
                }
            }
        }
        out
    }

    /// Return the shortest circle from the first module of `group` back
    /// to it, staying inside the group.
    fn shortest_circle(&self, group: &BTreeSet<String>) -> Option<Vec<String>> {
        let start = group.first()?;
        let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
        let mut queue = VecDeque::from([start.as_str()]);
        while let Some(v) = queue.pop_front() {
            for w in self.imports_of(v).filter(|w| group.contains(*w)) {
                if w == start {
                    let mut path = vec![start.clone(), v.to_owned()];
                    let mut at = v;
                    while let Some(&p) = came_from.get(at) {
                        path.push(p.to_owned());
                        at = p;
                    }
                    if at != start {
                        return None;
                    }
                    path.pop();
                    path.push(start.clone());
                    path.reverse();
                    path.dedup();
                    return Some(path);
                }
                if !came_from.contains_key(w) {
                    came_from.insert(w, v);
                    queue.push_back(w);
                }
            }
        }
        None
    }
}

fn at<T: Copy + Default>(values: &[T], i: usize) -> T {
    values.get(i).copied().unwrap_or_default()
}

fn set<T>(values: &mut [T], i: usize, value: T) {
    if let Some(slot) = values.get_mut(i) {
        *slot = value;
    }
}

/// Write a circle as `a -> b -> a`.
pub fn describe(circle: &[String]) -> String {
    circle.join(" -> ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(edges: &[(&str, &str)]) -> ModuleGraph {
        let mut g = ModuleGraph::new();
        for (from, to) in edges {
            g.add_import(from, to);
        }
        g
    }

    #[test]
    fn a_made_up_circle_is_found_and_named() {
        let g = graph(&[
            ("crate::d", "crate::a"),
            ("crate::a", "crate::b"),
            ("crate::b", "crate::c"),
            ("crate::c", "crate::a"),
            ("crate::c", "crate::e"),
        ]);
        let circles = g.circles();
        assert_eq!(circles.len(), 1);
        assert_eq!(
            circles.first().map(|c| describe(c)).as_deref(),
            Some("crate::a -> crate::b -> crate::c -> crate::a")
        );
    }

    #[test]
    fn two_modules_importing_each_other_are_a_circle() {
        let g = graph(&[("x", "y"), ("y", "x"), ("y", "z"), ("z", "w"), ("w", "z")]);
        let named: Vec<String> = g.circles().iter().map(|c| describe(c)).collect();
        assert_eq!(named, ["w -> z -> w", "x -> y -> x"]);
    }

    #[test]
    fn the_shortest_way_round_is_named() {
        // a -> b -> c -> d -> a goes round in four steps, a -> d -> a in two.
        let g = graph(&[("a", "b"), ("b", "c"), ("c", "d"), ("d", "a"), ("a", "d")]);
        let named: Vec<String> = g.circles().iter().map(|c| describe(c)).collect();
        assert_eq!(named, ["a -> d -> a"]);
    }

    #[test]
    fn layers_without_a_circle_pass() {
        let g = graph(&[
            ("crate", "crate::a"),
            ("crate", "crate::b"),
            ("crate::b", "crate::a"),
            ("crate::a", "crate::c"),
            ("crate::b", "crate::c"),
        ]);
        assert!(g.circles().is_empty());
        assert_eq!(g.modules().count(), 4);
        assert_eq!(
            g.imports_of("crate::b").collect::<Vec<_>>(),
            ["crate::a", "crate::c"]
        );
    }
}
