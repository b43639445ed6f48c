//! Rust source as the import reading needs it: identifiers, `::` and
//! single punctuation, with comments, strings, characters, numbers and
//! lifetimes left out, and with the items that only tests compile
//! (`#[cfg(test)]`) taken away.

/// One token of Rust source, as far as paths go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Tok {
    /// An identifier or keyword (`r#` raw identifiers without the `r#`).
    Ident(String),
    /// `::`.
    PathSep,
    /// Any other punctuation character.
    Punct(char),
}

impl Tok {
    /// Return whether the token is the identifier or keyword `word`.
    pub(crate) fn is(&self, word: &str) -> bool {
        matches!(self, Tok::Ident(w) if w == word)
    }

    /// Return whether the token is the punctuation `c`.
    pub(crate) fn is_punct(&self, c: char) -> bool {
        *self == Tok::Punct(c)
    }
}

/// A character reader over the source.
struct Chars {
    chars: Vec<char>,
    at: usize,
}

impl Chars {
    fn peek(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.at + ahead).copied()
    }

    fn bump(&mut self, n: usize) {
        self.at += n;
    }

    /// Skip a `"…"` string whose opening quote is under the cursor.
    fn skip_string(&mut self) {
        self.bump(1);
        while let Some(c) = self.peek(0) {
            self.bump(1);
            match c {
                '\\' => self.bump(1),
                '"' => return,
                _ => {}
            }
        }
    }

    /// Skip a raw string `#…#"…"#…#` whose first `#` or quote is under the cursor.
    fn skip_raw_string(&mut self) {
        let mut hashes = 0;
        while self.peek(0) == Some('#') {
            hashes += 1;
            self.bump(1);
        }
        self.bump(1); // the opening quote
        while let Some(c) = self.peek(0) {
            self.bump(1);
            if c == '"' && (0..hashes).all(|i| self.peek(i) == Some('#')) {
                self.bump(hashes);
                return;
            }
        }
    }

    /// Skip a `/* … */` comment (they nest) whose `/` is under the cursor.
    fn skip_block_comment(&mut self) {
        let mut depth = 0usize;
        while let Some(c) = self.peek(0) {
            if c == '/' && self.peek(1) == Some('*') {
                depth += 1;
                self.bump(2);
            } else if c == '*' && self.peek(1) == Some('/') {
                self.bump(2);
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return;
                }
            } else {
                self.bump(1);
            }
        }
    }

    /// Skip a character literal or a lifetime whose `'` is under the cursor.
    fn skip_quote(&mut self) {
        match (self.peek(1), self.peek(2)) {
            (Some('\\'), _) => {
                // The quote, the backslash and the escaped character.
                self.bump(3);
                while let Some(c) = self.peek(0) {
                    self.bump(1);
                    if c == '\'' {
                        return;
                    }
                }
            }
            (Some(_), Some('\'')) => self.bump(3),
            // A lifetime or a label: the quote, then its name as an identifier
            // that is dropped here.
            _ => {
                self.bump(1);
                while self.peek(0).is_some_and(is_ident_char) {
                    self.bump(1);
                }
            }
        }
    }
}

fn is_ident_char(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

/// Split Rust source into tokens, leaving out comments, literals and lifetimes.
pub(crate) fn tokenize(source: &str) -> Vec<Tok> {
    let mut s = Chars {
        chars: source.chars().collect(),
        at: 0,
    };
    let mut out = Vec::new();
    while let Some(c) = s.peek(0) {
        if c.is_whitespace() {
            s.bump(1);
        } else if c == '/' && s.peek(1) == Some('/') {
            while s.peek(0).is_some_and(|c| c != '\n') {
                s.bump(1);
            }
        } else if c == '/' && s.peek(1) == Some('*') {
            s.skip_block_comment();
        } else if c == '"' {
            s.skip_string();
        } else if c == '\'' {
            s.skip_quote();
        } else if c.is_ascii_digit() {
            while s.peek(0).is_some_and(is_ident_char) {
                s.bump(1);
            }
        } else if is_ident_char(c) {
            let start = s.at;
            while s.peek(0).is_some_and(is_ident_char) {
                s.bump(1);
            }
            let word: String = s
                .chars
                .get(start..s.at)
                .unwrap_or_default()
                .iter()
                .collect();
            let next = s.peek(0);
            let after = s.peek(1);
            match (word.as_str(), next) {
                ("r" | "br" | "cr", Some('#')) if after.is_some_and(is_ident_char) => {
                    // A raw identifier: `r#type`.
                    s.bump(1);
                }
                ("r" | "br" | "cr", Some('"' | '#')) => s.skip_raw_string(),
                ("b" | "c", Some('"')) => s.skip_string(),
                ("b", Some('\'')) => s.skip_quote(),
                _ => out.push(Tok::Ident(word)),
            }
        } else if c == ':' && s.peek(1) == Some(':') {
            s.bump(2);
            out.push(Tok::PathSep);
        } else {
            s.bump(1);
            out.push(Tok::Punct(c));
        }
    }
    out
}

/// Return the index just past the bracket that closes the one at `open`
/// (`(`, `[` or `{`), or the end.
pub(crate) fn skip_group(toks: &[Tok], open: usize) -> usize {
    let mut depth = 0usize;
    for (i, t) in toks.iter().enumerate().skip(open) {
        match t {
            Tok::Punct('(' | '[' | '{') => depth += 1,
            Tok::Punct(')' | ']' | '}') => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    toks.len()
}

/// Keywords that start an item ending at its `;` or its `{ … }` block.
const ITEM_KEYWORDS: &[&str] = &[
    "pub",
    "fn",
    "mod",
    "impl",
    "struct",
    "enum",
    "union",
    "use",
    "const",
    "static",
    "type",
    "trait",
    "unsafe",
    "extern",
    "async",
    "let",
    "macro_rules",
];

/// Return whether `toks` at `at` is the attribute `#[cfg(test)]` (or
/// `#![cfg(test)]` when `inner`).
fn is_cfg_test(toks: &[Tok], at: usize, inner: bool) -> bool {
    let bang = usize::from(inner);
    let expect: &[Tok] = &[
        Tok::Punct('['),
        Tok::Ident("cfg".to_owned()),
        Tok::Punct('('),
        Tok::Ident("test".to_owned()),
        Tok::Punct(')'),
        Tok::Punct(']'),
    ];
    toks.get(at).is_some_and(|t| t.is_punct('#'))
        && (!inner || toks.get(at + 1).is_some_and(|t| t.is_punct('!')))
        && toks.get(at + 1 + bang..at + 1 + bang + expect.len()) == Some(expect)
}

/// Return the index just past the item (or list element) that starts at
/// `at`: an item is ended by its `;` or its block; a list element (a
/// macro's table line, an array element) by `,` or the list's end.
fn item_end(toks: &[Tok], at: usize) -> usize {
    let item = toks
        .get(at)
        .is_some_and(|t| ITEM_KEYWORDS.iter().any(|k| t.is(k)));
    let mut i = at;
    while let Some(t) = toks.get(i) {
        match t {
            Tok::Punct('{') if item => return skip_group(toks, i),
            Tok::Punct('(' | '[' | '{') => i = skip_group(toks, i),
            Tok::Punct(';') => return i + 1,
            Tok::Punct(',') if !item => return i + 1,
            Tok::Punct(')' | ']' | '}') => return i,
            _ => i += 1,
        }
    }
    i
}

/// Tokens with what only tests compile taken out.
pub(crate) struct NonTest {
    /// The tokens left.
    pub(crate) toks: Vec<Tok>,
    /// Modules declared `#[cfg(test)] mod name;`: their files are test code.
    pub(crate) test_modules: Vec<String>,
}

/// Take out every item under `#[cfg(test)]` (a whole file under
/// `#![cfg(test)]`), noting the test-only `mod name;` declarations.
pub(crate) fn without_tests(toks: Vec<Tok>) -> NonTest {
    let mut out = NonTest {
        toks: Vec::new(),
        test_modules: Vec::new(),
    };
    let mut i = 0;
    while let Some(t) = toks.get(i) {
        if is_cfg_test(&toks, i, true) {
            out.toks.clear();
            return out;
        }
        if !is_cfg_test(&toks, i, false) {
            out.toks.push(t.clone());
            i += 1;
            continue;
        }
        // Past `#[cfg(test)]` and any further attributes on the same item.
        let mut start = skip_group(&toks, i + 1);
        while toks.get(start).is_some_and(|t| t.is_punct('#')) {
            start = skip_group(&toks, start + 1);
        }
        let end = item_end(&toks, start);
        if let Some(item) = toks.get(start..end) {
            let at = item.iter().position(|t| t.is("mod"));
            if let Some(Tok::Ident(name)) = at.and_then(|m| item.get(m + 1))
                && item.last().is_some_and(|t| t.is_punct(';'))
            {
                out.test_modules.push(name.clone());
            }
        }
        i = end.max(start);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn idents(src: &str) -> Vec<String> {
        tokenize(src)
            .into_iter()
            .filter_map(|t| match t {
                Tok::Ident(w) => Some(w),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn comments_literals_and_lifetimes_are_left_out() {
        let src = r####"
            // crate::a
            /* crate::b /* nested crate::c */ crate::d */
            let s = "crate::e \" crate::f";
            let r = r#"crate::g "# ;
            let c = '"'; let d = '\''; let e = b'x';
            fn f<'a>(x: &'a str) -> &'a str { x }
            let n = 0x1f_u8;
            crate::kept
        "####;
        assert_eq!(
            idents(src),
            [
                "let", "s", "let", "r", "let", "c", "let", "d", "let", "e", "fn", "f", "x", "str",
                "str", "x", "let", "n", "crate", "kept"
            ]
        );
    }

    #[test]
    fn test_items_are_taken_out() {
        let src = "
            use crate::a;
            #[cfg(test)]
            mod tests { use crate::b; }
            #[cfg(test)]
            #[allow(dead_code)]
            pub(crate) mod helpers;
            const T: &[u8] = &[
                1,
                #[cfg(test)]
                crate::c::D,
                2,
            ];
            #[cfg(test)]
            fn only_for_tests<A, B>() { crate::e::f(); }
            use crate::g;
        ";
        let left = without_tests(tokenize(src));
        let words: Vec<String> = left
            .toks
            .iter()
            .filter_map(|t| match t {
                Tok::Ident(w) => Some(w.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(
            words,
            ["use", "crate", "a", "const", "T", "u8", "use", "crate", "g"]
        );
        assert_eq!(left.test_modules, ["helpers"]);
    }

    #[test]
    fn a_test_only_file_has_nothing_left() {
        let left = without_tests(tokenize("#![cfg(test)]\nuse crate::a;"));
        assert!(left.toks.is_empty());
    }
}
