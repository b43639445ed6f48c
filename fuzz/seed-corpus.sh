#!/usr/bin/env bash
# Build the fuzzers' seed corpus from the project's own levels:
#   - the level files in crates/muscleman-levels/ (whole, and level by level),
#   - the examples in docs/*.md (```xsb and ```xsb-error blocks),
#   - the ASCII grids written in the tests (crates/*/tests/*.rs).
# It writes corpus/level_reader/ and corpus/replay/ (the level, a NUL byte,
# then moves) beside this script, and for what the game reads back:
#   - corpus/saves/: saves of every format the project has written: real
#     saves from play and the docs' examples of every version (kept in
#     crates/muscleman-sim/tests/data/saves/), the example in
#     docs/save-format.md, and every built-in level's stored solution saved
#     at five points (start, a third, two thirds, the end, the end with two
#     undos), the one-third save also rewritten as versions 2 and 1 wrote it;
#   - corpus/progress/: progress files of every format (real ones from play
#     and the docs' examples of every version, in
#     crates/muscleman-cli/tests/data/progress/, the example in docs/cli.md,
#     and edits of them: another rule book, a newer format), each alone and
#     followed by a NUL byte and a save (a kept position).
# The saves are written by the muscleman command (`replay --save`, the
# writer `play` uses): set MUSCLEMAN to a built binary, or the script builds
# one (debug) with cargo.
# Run it before `cargo fuzz run`; re-running
# adds the seeds again (file names are content hashes, so nothing doubles).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$here/corpus/level_reader" "$here/corpus/replay" "$here/corpus/saves" "$here/corpus/progress"

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

# --- What the game reads back: saves and the progress file. ---
add() { # add TARGET FILE: one seed, named by its content's hash
    cp "$2" "$here/corpus/$1/$(sha1sum "$2" | cut -c1-16)"
}
if [ -z "${MUSCLEMAN:-}" ]; then
    cargo build -q -p muscleman-cli --manifest-path "$root/Cargo.toml"
    target=$(cargo metadata -q --format-version 1 --no-deps --manifest-path "$root/Cargo.toml" |
        sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
    MUSCLEMAN="$target/debug/muscleman"
fi
mkdir -p "$tmp/saves" "$tmp/progress"

# Every built-in level's stored solution, saved at five points.
s=0
for pair in builtin.txt:solutions.txt combinations.txt:combinations-solutions.txt; do
    levels="$root/crates/muscleman-levels/${pair%%:*}"
    sols="$root/crates/muscleman-levels/${pair##*:}"
    [ -e "$levels" ] && [ -e "$sols" ] || continue
    while IFS= read -r line; do
        case "$line" in [0-9]*:*) ;; *) continue ;; esac
        number="${line%%:*}"
        m="${line#*:}"
        m="${m// /}"
        len=${#m}
        for point in "" "${m:0:len/3}" "${m:0:2*len/3}" "$m" "${m}zz"; do
            s=$((s + 1))
            "$MUSCLEMAN" replay "$levels" --level "$number" "$point" --save "$tmp/saves/gen.$s" >/dev/null 2>&1 || true
        done
        # Under Sokoban rules, half way.
        s=$((s + 1))
        "$MUSCLEMAN" replay "$levels" --level "$number" "${m:0:len/2}" --rules sokoban \
            --save "$tmp/saves/gen.$s" >/dev/null 2>&1 || true
        # The one-third save as the older versions wrote it: version 2
        # (rule book 2, before floors: level_member 0 on the main level;
        # with and without hands) and version 1 (rule book 1: no
        # rules_version, no hands, counters by their CamelCase names).
        third="$tmp/saves/gen.$((s - 4))"
        [ -e "$third" ] || continue
        if ! grep -q level_member "$third"; then
            sed -e 's/"version": 3/"version": 2/' -e 's/"rules_version": 3/"rules_version": 2/' \
                -e 's/,"position":/,"level_member":0,"position":/' "$third" > "$tmp/saves/v2.$s"
            sed -e 's/,"hands":[a-z]*//' "$tmp/saves/v2.$s" > "$tmp/saves/v2nohands.$s"
        fi
        sed -e 's/"version": 3/"version": 1/' -e '/"rules_version"/d' -e 's/,"hands":[a-z]*//' \
            -e 's/"apples_eaten"/"ApplesEaten"/; s/"bongs_broken"/"BongsBroken"/' \
            -e 's/"bongs_made"/"BongsMade"/; s/"cheese_eaten"/"CheeseEaten"/; s/"coins"/"Coins"/' \
            -e 's/"ghosts_released"/"GhostsReleased"/; s/"green_keys_made"/"GreenKeysMade"/' \
            -e 's/"pears_eaten"/"PearsEaten"/' "$third" > "$tmp/saves/v1.$s"
    done < "$sols"
done

# Real saves from play and the docs' examples of every version, kept in the
# sim's tests; the save and progress examples in docs/*.md as they are now.
for f in "$root"/crates/muscleman-sim/tests/data/saves/*.json; do
    [ -e "$f" ] && cp "$f" "$tmp/saves/kept.$(basename "$f")"
done
for f in "$root"/crates/muscleman-cli/tests/data/progress/*.json; do
    [ -e "$f" ] && cp "$f" "$tmp/progress/kept.$(basename "$f")"
done
for f in "$root"/docs/*.md; do
    [ -e "$f" ] || continue
    awk -v out="$tmp/docjson.$(basename "$f")" '
        /^```json/ { inside = 1; k++; file = out "." k; printf "" > file; next }
        /^```/ { if (inside) close(file); inside = 0; next }
        inside { print > file }' "$f"
done
for f in "$tmp"/docjson.*; do
    [ -e "$f" ] || continue
    if grep -q '"muscleman-save"' "$f"; then
        cp "$f" "$tmp/saves/doc.$(basename "$f")"
    elif grep -q '"levels"' "$f"; then
        cp "$f" "$tmp/progress/doc.$(basename "$f")"
    fi
done

# Progress files edited: of rule book 1 and 2 in the current format, of a
# newer format and rule book, format 2, and format 1 from the same records.
for f in "$tmp"/progress/kept.* "$tmp"/progress/doc.*; do
    [ -e "$f" ] || continue
    grep -q '"version": 3' "$f" || continue
    b=$(basename "$f")
    sed 's/"rules_version": [0-9]*/"rules_version": 1/' "$f" > "$tmp/progress/rules1.$b"
    sed 's/"rules_version": [0-9]*/"rules_version": 2/' "$f" > "$tmp/progress/rules2.$b"
    sed 's/"rules_version": [0-9]*/"rules_version": 4/' "$f" > "$tmp/progress/rules4.$b"
    sed 's/"version": 3/"version": 4/' "$f" > "$tmp/progress/version4.$b"
done
printf '%s\n' '{"version": 1, "levels": {"841c6289b9941673": {"solved": true, "best_moves": 8, "best_pushes": 3}, "01b3bd6d4e23b8b7": {"solved": true, "best_moves": 8, "best_pushes": 5}, "0000000000000000": {"solved": false, "best_moves": null, "best_pushes": null}}}' \
    > "$tmp/progress/v1.built-in"
printf '%s\n' '{"version": 2, "rules_version": 2, "levels": {"841c6289b9941673": {"muscleman": {"solved": true, "best_moves": 8, "best_pushes": 3}, "sokoban": {"solved": true, "best_moves": 8, "best_pushes": 3}}}}' \
    > "$tmp/progress/v2.built-in"

for f in "$tmp"/saves/*; do
    [ -s "$f" ] && add saves "$f"
done
# Each progress file alone, and with a kept position: the saves from play,
# the docs' examples, and the first save of each built-in level.
positions=("$tmp"/saves/kept.* "$tmp"/saves/doc.* "$tmp"/saves/gen.1 "$tmp"/saves/gen.31 "$tmp"/saves/v1.6 "$tmp"/saves/v2.6)
for f in "$tmp"/progress/*; do
    [ -s "$f" ] || continue
    add progress "$f"
    for p in "${positions[@]}"; do
        [ -e "$p" ] || continue
        { cat "$f"; printf '\0'; cat "$p"; } > "$tmp/with-position"
        add progress "$tmp/with-position"
    done
done
echo "seeded $(ls "$here/corpus/saves" | wc -l) saves inputs, $(ls "$here/corpus/progress" | wc -l) progress inputs"
