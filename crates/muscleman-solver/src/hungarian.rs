//! Minimum-cost assignment (the Hungarian method, O(n²m)) for the lower bound.

#![expect(
    clippy::indexing_slicing,
    reason = "the matrix is n × n and every index is below n by construction of the loops"
)]

/// Cost that stands for "impossible".
pub(crate) const BIG: i32 = 1 << 20;

/// Reusable buffers for [`Hungarian::solve`].
#[derive(Clone, Debug, Default)]
pub(crate) struct Hungarian {
    u: Vec<i64>,
    v: Vec<i64>,
    p: Vec<usize>,
    way: Vec<usize>,
    minv: Vec<i64>,
    used: Vec<bool>,
    /// Scratch of [`Hungarian::permute_columns`] and
    /// [`Hungarian::resolve_columns`].
    tmp_v: Vec<i64>,
    tmp_p: Vec<usize>,
    freed: Vec<usize>,
}

impl Hungarian {
    /// Return the least total cost of giving each of `n` rows a distinct one
    /// of `m >= n` columns, `cost[i * m + j]` for row `i`, column `j`; `None`
    /// if every assignment uses an impossible ([`BIG`]) pair.
    pub fn solve(&mut self, n: usize, m: usize, cost: &[i32]) -> Option<u32> {
        if n == 0 {
            return Some(0);
        }
        if m < n || cost.len() < n * m {
            return None;
        }
        self.u.clear();
        self.u.resize(n + 1, 0);
        self.v.clear();
        self.v.resize(m + 1, 0);
        self.p.clear();
        self.p.resize(m + 1, 0);
        self.way.clear();
        self.way.resize(m + 1, 0);
        for i in 1..=n {
            self.add_row(i, m, cost);
        }
        self.total(m, cost)
    }

    /// Re-solve after column `col` (0-based) of a square problem changed,
    /// starting from the optimal state this struct holds for the old costs
    /// (O(n·m) instead of O(n²·m)): unassign the column, lower its potential
    /// until every reduced cost in it is non-negative, and augment the freed
    /// row along a shortest path (O(n) when the old pair stays tight: the
    /// old assignment is then still optimal).
    pub fn resolve_column(&mut self, n: usize, col: usize, cost: &[i32]) -> Option<u32> {
        let m = n;
        let j = col + 1;
        if n == 0 || j > m || cost.len() < n * m || self.p.len() != m + 1 || self.u.len() != n + 1 {
            return self.solve(n, m, cost);
        }
        let i_old = self.p[j];
        self.p[j] = 0;
        let mut v = i64::MAX / 4;
        for i in 1..=n {
            v = v.min(i64::from(cost[(i - 1) * m + col]) - self.u[i]);
        }
        self.v[j] = v;
        if i_old != 0 {
            if i64::from(cost[(i_old - 1) * m + col]) - self.u[i_old] == v {
                // The old pair is still tight, and every reduced cost is
                // still non-negative: the old assignment stays optimal.
                self.p[j] = i_old;
            } else {
                self.add_row(i_old, m, cost);
            }
        }
        self.total(m, cost)
    }

    /// Re-solve after the columns `cols` (0-based) of a square problem
    /// changed, starting from the optimal state held for the old costs:
    /// unassign them, lower each one's potential until its reduced costs are
    /// non-negative (the other columns' pairs stay tight, their costs did
    /// not change), and augment each freed row along a shortest path.
    pub fn resolve_columns(&mut self, n: usize, cols: &[usize], cost: &[i32]) -> Option<u32> {
        let m = n;
        if n == 0
            || cost.len() < n * m
            || self.p.len() != m + 1
            || self.u.len() != n + 1
            || cols.iter().any(|&c| c >= m)
        {
            return self.solve(n, m, cost);
        }
        self.freed.clear();
        for &col in cols {
            let i = std::mem::take(&mut self.p[col + 1]);
            if i != 0 {
                self.freed.push(i);
            }
        }
        for &col in cols {
            let mut v = i64::MAX / 4;
            for i in 1..=n {
                v = v.min(i64::from(cost[(i - 1) * m + col]) - self.u[i]);
            }
            self.v[col + 1] = v;
        }
        let freed = std::mem::take(&mut self.freed);
        for &i in &freed {
            self.add_row(i, m, cost);
        }
        self.freed = freed;
        self.total(m, cost)
    }

    /// Reorder the held solution's columns: new column `j` (0-based) is
    /// old column `perm[j]` (a permutation of `0..m`).
    pub fn permute_columns(&mut self, perm: &[usize]) {
        let m = perm.len();
        if self.v.len() != m + 1 || self.p.len() != m + 1 || perm.iter().any(|&k| k >= m) {
            return;
        }
        self.tmp_v.clear();
        self.tmp_v.extend_from_slice(&self.v);
        self.tmp_p.clear();
        self.tmp_p.extend_from_slice(&self.p);
        for (j, &k) in perm.iter().enumerate() {
            self.v[j + 1] = self.tmp_v[k + 1];
            self.p[j + 1] = self.tmp_p[k + 1];
        }
    }

    /// Copy another solver's state (potentials and assignment).
    pub fn copy_from(&mut self, other: &Hungarian) {
        self.u.clone_from(&other.u);
        self.v.clone_from(&other.v);
        self.p.clone_from(&other.p);
    }

    /// Move column `from` (0-based) to position `to`, shifting the columns
    /// between, in the held solution: the same solution for the cost matrix
    /// whose columns are reordered that way.
    pub fn move_column(&mut self, from: usize, to: usize) {
        let (a, b) = (from + 1, to + 1);
        if a >= self.v.len() || b >= self.v.len() || a == b {
            return;
        }
        let v = self.v.remove(a);
        self.v.insert(b, v);
        let p = self.p.remove(a);
        self.p.insert(b, p);
    }

    /// Add row `i` to the assignment along a shortest augmenting path.
    fn add_row(&mut self, i: usize, m: usize, cost: &[i32]) {
        const INF: i64 = i64::MAX / 4;
        self.way.clear();
        self.way.resize(m + 1, 0);
        self.p[0] = i;
        let mut j0 = 0usize;
        self.minv.clear();
        self.minv.resize(m + 1, INF);
        self.used.clear();
        self.used.resize(m + 1, false);
        loop {
            self.used[j0] = true;
            let i0 = self.p[j0];
            let mut delta = INF;
            let mut j1 = 0usize;
            for j in 1..=m {
                if self.used[j] {
                    continue;
                }
                let cur = i64::from(cost[(i0 - 1) * m + (j - 1)]) - self.u[i0] - self.v[j];
                if cur < self.minv[j] {
                    self.minv[j] = cur;
                    self.way[j] = j0;
                }
                if self.minv[j] < delta {
                    delta = self.minv[j];
                    j1 = j;
                }
            }
            for j in 0..=m {
                if self.used[j] {
                    self.u[self.p[j]] += delta;
                    self.v[j] -= delta;
                } else {
                    self.minv[j] -= delta;
                }
            }
            j0 = j1;
            if self.p[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = self.way[j0];
            self.p[j0] = self.p[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }

    /// The cost of the current assignment, `None` if it uses an impossible pair.
    fn total(&self, m: usize, cost: &[i32]) -> Option<u32> {
        let mut total: i64 = 0;
        for j in 1..=m {
            let i = self.p[j];
            if i != 0 {
                let c = cost[(i - 1) * m + (j - 1)];
                if c >= BIG {
                    return None;
                }
                total += i64::from(c);
            }
        }
        u32::try_from(total).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (linear congruential) of numbers
    /// below 2^31, from `seed`, for cost matrices.
    fn numbers(mut seed: u64) -> impl FnMut() -> usize {
        move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize
        }
    }

    /// A cost drawn from `next`: no edge ([`BIG`]) one time in `one_in`,
    /// else below 20.
    fn cost_of(next: &mut impl FnMut() -> usize, one_in: usize) -> i32 {
        if next().is_multiple_of(one_in) {
            BIG
        } else {
            (next() % 20) as i32
        }
    }

    #[test]
    fn square_and_rectangular() {
        let mut h = Hungarian::default();
        assert_eq!(h.solve(2, 2, &[1, 10, 10, 1]), Some(2));
        assert_eq!(h.solve(2, 2, &[4, 1, 2, 8]), Some(3));
        assert_eq!(h.solve(1, 3, &[5, 2, 7]), Some(2));
        assert_eq!(h.solve(2, 2, &[1, BIG, 2, BIG]), None);
        assert_eq!(h.solve(0, 0, &[]), Some(0));
    }

    #[test]
    fn resolving_several_permuted_columns_matches_a_full_solve() {
        let mut next = numbers(777);
        for n in 1..8usize {
            for _ in 0..200 {
                let cost: Vec<i32> = (0..n * n).map(|_| cost_of(&mut next, 9)).collect();
                let mut warm = Hungarian::default();
                warm.solve(n, n, &cost);
                // A random permutation of the columns, then a few columns
                // given new costs.
                let mut perm: Vec<usize> = (0..n).collect();
                for i in (1..n).rev() {
                    perm.swap(i, next() % (i + 1));
                }
                let mut moved = vec![0i32; n * n];
                for i in 0..n {
                    for j in 0..n {
                        moved[i * n + j] = cost[i * n + perm[j]];
                    }
                }
                let cols: Vec<usize> = (0..n).filter(|_| next().is_multiple_of(3)).collect();
                for &j in &cols {
                    for i in 0..n {
                        moved[i * n + j] = cost_of(&mut next, 9);
                    }
                }
                warm.permute_columns(&perm);
                let fast = warm.resolve_columns(n, &cols, &moved);
                let full = Hungarian::default().solve(n, n, &moved);
                assert_eq!(fast, full, "n {n} perm {perm:?} cols {cols:?}");
            }
        }
    }

    #[test]
    fn resolving_one_column_matches_a_full_solve() {
        let mut next = numbers(12345);
        for n in 1..7usize {
            for _ in 0..200 {
                let mut cost: Vec<i32> = (0..n * n).map(|_| cost_of(&mut next, 7)).collect();
                let mut base = Hungarian::default();
                base.solve(n, n, &cost);
                let col = next() % n;
                for i in 0..n {
                    cost[i * n + col] = cost_of(&mut next, 7);
                }
                let mut inc = Hungarian::default();
                inc.copy_from(&base);
                let fast = inc.resolve_column(n, col, &cost);
                let full = Hungarian::default().solve(n, n, &cost);
                assert_eq!(fast, full, "n {n} col {col} cost {cost:?}");
                // The re-solved state, its column moved, is still optimal
                // for the matrix with that column moved: re-solving another
                // column from it matches a full solve.
                let to = next() % n;
                let mut moved = cost.clone();
                for i in 0..n {
                    let row = &mut moved[i * n..(i + 1) * n];
                    let x = row[col];
                    let mut r: Vec<i32> = row.to_vec();
                    r.remove(col);
                    r.insert(to, x);
                    row.copy_from_slice(&r);
                }
                inc.move_column(col, to);
                let other = next() % n;
                for i in 0..n {
                    moved[i * n + other] = (next() % 20) as i32;
                }
                let fast = inc.resolve_column(n, other, &moved);
                let full = Hungarian::default().solve(n, n, &moved);
                assert_eq!(fast, full, "moved n {n} col {col} to {to} other {other}");
            }
        }
    }
}
