#!/usr/bin/env bash
# Build the fuzzers' seed corpus from the project's own levels:
#   - the level files in crates/muscleman-levels/ (whole, and level by level),
#   - the examples in docs/*.md (```xsb and ```xsb-error blocks),
#   - the ASCII grids written in the tests (crates/*/tests/*.rs).
# It writes corpus/level_reader/ and corpus/replay/ (the level, a NUL byte,
# then moves) beside this script. Run it before `cargo fuzz run`; re-running
# adds the seeds again (file names are content hashes, so nothing doubles).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$here/corpus/level_reader" "$here/corpus/replay"

n=0
seed() { # seed FILE: one level text
    n=$((n + 1))
    cp "$1" "$tmp/level.$n"
}

# Level files: the whole file, then each blank-line-separated block.
for f in "$root"/crates/muscleman-levels/*.txt; do
    [ -e "$f" ] || continue
    case "$(basename "$f")" in solutions*) continue ;; esac
    seed "$f"
    awk -v out="$tmp/block.$(basename "$f")" '
        /^[[:space:]]*$/ { if (buf != "") { k++; printf "%s", buf > (out "." k); close(out "." k) } buf = ""; next }
        { buf = buf $0 "\n" }
        END { if (buf != "") { k++; printf "%s", buf > (out "." k) } }' "$f"
done

# Documentation examples.
for f in "$root"/docs/*.md; do
    [ -e "$f" ] || continue
    awk -v out="$tmp/doc.$(basename "$f")" '
        /^```xsb/ { inside = 1; k++; file = out "." k; printf "" > file; next }
        /^```/ { if (inside) close(file); inside = 0; next }
        inside { print > file }' "$f"
done

# Grids in the tests: multi-line string literals that hold a player.
for f in "$root"/crates/*/tests/*.rs; do
    [ -e "$f" ] || continue
    awk -v out="$tmp/test.$(basename "$(dirname "$(dirname "$f")")").$(basename "$f" .rs)" '
        !inside && /"[[:space:]]*$/ && (gsub(/"/, "\"") % 2 == 1) { inside = 1; buf = ""; next }
        inside && /^[[:space:]]*"/ {
            inside = 0
            if (buf ~ /[@+]/) { k++; printf "%s", buf > (out "." k); close(out "." k) }
            next
        }
        inside { buf = buf $0 "\n" }' "$f"
done

# And one-line literals with `\n` escapes that hold a player ("#@$.#\n").
k=0
for f in "$root"/crates/*/tests/*.rs; do
    [ -e "$f" ] || continue
    while IFS= read -r lit; do
        k=$((k + 1))
        lit="${lit:1:${#lit}-2}"
        printf '%s' "${lit//\\n/$'\n'}" > "$tmp/test.inline.$k"
    done < <(grep -o '"[^"]*\\n[^"]*"' "$f" | grep '[@+]' || true)
done

# Floors and stairs, written out (the tests build most of theirs in code).
floors=(
"legend: u = StairsUp
#####
#@ u#
#####
floor: Attic
legend: d = StairsDown
legend: v = StairsUp
legend: b = Box
#####
#bvd#
#####
floor: Roof
legend: e = StairsDown
-
   e"
"floor: Cellar
legend: k = KeyRed StairsUp
#@k.
floor:
legend: d = StairsDown
2-d|2#
FLOOR:
#"
"; 1
@|floor: A|#|floor: B|.

; 2
floor:
legend: u = StairsUp Player
u
floor:
legend: d = StairsDown
d"
)
for text in "${floors[@]}"; do
    k=$((k + 1))
    printf '%s\n' "$text" > "$tmp/floors.$k"
done

# Rule book 3's names, states and contents: ducks facing every way, on
# water and stairs, cauldrons (empty, holding a key, on a plate), bongs of
# two keys, a hammer to smash them, and what the reader refuses of them.
v3=(
"legend: n = Duck:up
legend: e = Duck:right
legend: s = Duck:down
legend: w = WaterCell Duck:left
legend: c = Cauldron(KeyBlue)
legend: y = KeyYellow
legend: o = Bong(KeyRed KeyBlue)
legend: h = Hammer
legend: p = PressurePlateRed Cauldron
legend: G = DoorGreen
#########
#@yc n G#
#h o e  #
# w~s p.#
#########"
"legend: d = Duck
legend: u = StairsUp Duck:right
legend: D = StairsDown
legend: c = Cauldron
legend: r = KeyRed
legend: b = KeyBlue
######
#@rbcd
#  u $.
######
floor:
######
#  D  #
######"
"legend: a = Cauldron(KeyBlue KeyRed)
legend: b = Bong(KeyRed)
legend: c = Bong(KeyRed Apple)
legend: d = Duck Box
legend: e = Duck:north
legend: f = Cauldron WaterCell
legend: g = StairsUp Cauldron
#@abcdefg#"
)
for text in "${v3[@]}"; do
    k=$((k + 1))
    printf '%s\n' "$text" > "$tmp/v3.$k"
done

# Dedent the test grids (they are indented in the source).
for f in "$tmp"/test.*; do
    [ -e "$f" ] || continue
    indent=$(awk 'NF { match($0, /^ */); if (min == "" || RLENGTH < min) min = RLENGTH } END { print min + 0 }' "$f")
    awk -v n="$indent" '{ print substr($0, n + 1) }' "$f" > "$f.tmp" && mv "$f.tmp" "$f"
done

moves=("" "lluurrddzzyy!z" "rrrrddddllllUUUUzzzzyyyy" "S rdlurdluRRDDLLUU" "2 ldrulldduurr!yzz"
    "rrrwwwwzzy" "dg[rrg]wwpzz!" "wwwwwwwwwwwwwwww")
solutions="$root/crates/muscleman-levels/solutions.txt"
if [ -e "$solutions" ]; then
    while IFS= read -r line; do
        case "$line" in [0-9]*:*) moves+=("${line#*:}") ;; esac
    done < "$solutions"
fi

count=0
for f in "$tmp"/level.* "$tmp"/block.* "$tmp"/doc.* "$tmp"/test.* "$tmp"/floors.* "$tmp"/v3.*; do
    [ -e "$f" ] || continue
    name=$(sha1sum "$f" | cut -c1-16)
    cp "$f" "$here/corpus/level_reader/$name"
    for m in "${moves[@]}"; do
        r="$tmp/replay"
        { cat "$f"; printf '\0%s' "$m"; } > "$r"
        cp "$r" "$here/corpus/replay/$(sha1sum "$r" | cut -c1-16)"
    done
    count=$((count + 1))
done
echo "seeded $count level texts: $(ls "$here/corpus/level_reader" | wc -l) level_reader, $(ls "$here/corpus/replay" | wc -l) replay inputs"
