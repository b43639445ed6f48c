#!/usr/bin/env bash
# Build the sim to WebAssembly and write the static site:
#   bash web/build.sh [OUT]     OUT is target/web/site by default
# Serve OUT with any static server (python3 -m http.server -d OUT) and
# open it. The toolchain is Debian sid's Rust (rustc, cargo, the wasm32
# standard library and lld's wasm-ld) in .ci/godot's chroot, made there
# when missing (`bash .ci/godot chroot`; needs root). The crates are
# fetched on the host (`cargo fetch --locked`), and the chroot builds
# offline from them, so it needs no network and no certificates.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
out=${1:-target/web/site}
root=${MUSCLEMAN_GODOT_CHROOT:-/var/cache/muscleman-godot-chroot}
cargo_home=${CARGO_HOME:-$HOME/.cargo}

log() { printf '== web: %s\n' "$*" >&2; }

if [ "$(id -u)" != 0 ]; then
    echo "web/build.sh needs root (the toolchain lives in a chroot: chroot, mount)" >&2
    exit 1
fi

# Mount in this run's own mount namespace: the host never sees the mounts,
# and the kernel drops them with the namespace however the run ends.
# Never without one: a bind mount of the repository left on the host
# would put it inside a tree that a rebuild of the chroot deletes.
if [ -z "${MUSCLEMAN_WEB_NS:-}" ]; then
    exec env MUSCLEMAN_WEB_NS=1 unshare --mount --propagation private bash "$repo/web/build.sh" "$@"
fi
mounted=()
cleanup() {
    local i
    for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
        umount "${mounted[$i]}" 2>/dev/null || umount -l "${mounted[$i]}" 2>/dev/null || true
    done
}
trap cleanup EXIT
trap 'exit 130' INT TERM
bind() { # FROM TO
    mkdir -p "$2"
    if mountpoint -q "$2"; then umount "$2"; fi
    mount --bind "$1" "$2"
    mounted+=("$2")
}

start=$SECONDS
# The chroot, with the Rust packages in its package list.
bash .ci/godot chroot
log "fetching the crates on the host"
cargo fetch --locked --quiet
# One run at a time per chroot (the lock .ci/godot takes): nothing
# rebuilds it under this build.
exec 9>"$root.lock"
flock 9
linker=$(cd "$root/usr/bin" && ls wasm-ld-* 2>/dev/null | sort -V | tail -n 1)
if [ -z "$linker" ]; then
    echo "web/build.sh: no wasm-ld-* in the chroot's /usr/bin (lld is in .ci/godot's package list)" >&2
    exit 1
fi
bind /proc "$root/proc"
bind "$repo" "$root/muscleman-web"
bind "$cargo_home/registry" "$root/cargo-home/registry"
log "building the wasm in the chroot ($(chroot "$root" rustc --version), $linker)"
chroot "$root" env HOME=/tmp CARGO_HOME=/cargo-home \
    CARGO_TARGET_DIR=/muscleman-web/target/web/cargo \
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER="$linker" \
    sh -c 'cd /muscleman-web && cargo build --offline --locked --quiet --profile web \
        --target wasm32-unknown-unknown -p muscleman-web'
wasm=target/web/cargo/wasm32-unknown-unknown/web/muscleman_web.wasm
rm -rf "$out"
mkdir -p "$out"
cp web/index.html web/style.css "$out/"
cp web/src/*.js "$out/"
cp "$wasm" "$out/muscleman.wasm"
log "site written to $out in $((SECONDS - start)) s (muscleman.wasm: $(stat -c %s "$out/muscleman.wasm") bytes)"
