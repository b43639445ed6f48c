//! Minimum-cost assignment (the Hungarian method, O(n²m)) for the lower bound.

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
        const INF: i64 = i64::MAX / 4;
        self.u.clear();
        self.u.resize(n + 1, 0);
        self.v.clear();
        self.v.resize(m + 1, 0);
        self.p.clear();
        self.p.resize(m + 1, 0);
        self.way.clear();
        self.way.resize(m + 1, 0);
        for i in 1..=n {
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

    #[test]
    fn square_and_rectangular() {
        let mut h = Hungarian::default();
        assert_eq!(h.solve(2, 2, &[1, 10, 10, 1]), Some(2));
        assert_eq!(h.solve(2, 2, &[4, 1, 2, 8]), Some(3));
        assert_eq!(h.solve(1, 3, &[5, 2, 7]), Some(2));
        assert_eq!(h.solve(2, 2, &[1, BIG, 2, BIG]), None);
        assert_eq!(h.solve(0, 0, &[]), Some(0));
    }
}
