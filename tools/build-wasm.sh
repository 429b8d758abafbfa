#!/usr/bin/env bash
# Builds the page's WebAssembly: `crates/senet-wasm` for
# wasm32-unknown-unknown, its JavaScript glue, and the manifest of what it
# was built from, into `crates/senet-server/static/wasm/` (committed: the
# server embeds it, and `cargo run` needs no WebAssembly toolchain).
#
#   tools/build-wasm.sh           build, and write the files and manifest
#   tools/build-wasm.sh --check   CI: the committed build is today's
#
# --check passes at once when every file of the manifest (the sources the
# last build read, the manifests and the lock, this script, the built
# files) is unchanged.
# Otherwise it rebuilds in a scratch folder and passes only if the build
# is byte for byte the committed one.
#
# The toolchain: rustup has no wasm32 standard library on this project's
# machines and cannot fetch one, so the build uses Debian's own Rust for
# browsers (`rustc-web`), unpacked under target/wasm-toolchain (nothing is
# installed), and builds the standard library from its source
# (`-Z build-std`, hence RUSTC_BOOTSTRAP=1). Paths are remapped so that
# the build is the same in any folder.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=crates/senet-server/static/wasm
MANIFEST=$OUT/MANIFEST.sha256
TOOLS=$ROOT/target/wasm-toolchain
RUST_VERSION=1.96.0+dfsg1-1~deb12u2
LLVM_VERSION=1:22.1.8-1~deb12u1
PACKAGES=(
    "rustc-web=$RUST_VERSION" "cargo-web=$RUST_VERSION" "rust-web-src=$RUST_VERSION"
    "libstd-rust-web-dev=$RUST_VERSION" "libstd-rust-web-1.96=$RUST_VERSION"
    "rust-web-llvm=$RUST_VERSION" "libllvm22=$LLVM_VERSION" "lld-22=$LLVM_VERSION"
    libgit2-1.5 libhttp-parser2.9 libmbedcrypto7 libmbedtls14 libmbedx509-1
)
BUILT=(senet_wasm.js senet_wasm_bg.wasm)

say() { printf 'build-wasm: %s\n' "$*" >&2; }

# The Debian packages, downloaded and unpacked once per version.
toolchain() {
    local stamp="$TOOLS/root/.unpacked-$RUST_VERSION"
    [ -e "$stamp" ] && return
    say "fetching Debian's rustc-web $RUST_VERSION"
    rm -rf "$TOOLS/debs" "$TOOLS/root"
    mkdir -p "$TOOLS/debs" "$TOOLS/root"
    if ! (cd "$TOOLS/debs" && apt-get download "${PACKAGES[@]}" >/dev/null 2>&1); then
        apt-get update >/dev/null
        (cd "$TOOLS/debs" && apt-get download "${PACKAGES[@]}") || {
            say "the pinned packages are not on the Debian mirror any more: set RUST_VERSION"
            say "and LLVM_VERSION in this script to what 'apt-cache policy rustc-web lld-22' offers,"
            say "rebuild, and commit the new build"
            exit 1
        }
    fi
    for deb in "$TOOLS"/debs/*.deb; do dpkg -x "$deb" "$TOOLS/root"; done
    touch "$stamp"
}

# The generator of the JavaScript glue (tools/wasm-bindgen), locked.
generator() {
    CARGO_TARGET_DIR="$TOOLS/bindgen" cargo build --quiet --locked --release \
        --manifest-path tools/wasm-bindgen/Cargo.toml
    echo "$TOOLS/bindgen/release/senet-wasm-bindgen"
}

# Builds into folder $1: the two files of BUILT, and `sources` (the
# project files the compiler read, from its dependency file).
build() {
    local into=$1 usr="$TOOLS/root/usr"
    local registry="${CARGO_HOME:-$HOME/.cargo}/registry/src"
    local library
    library=$(cd "$usr/lib/rustlib/src/rust" && pwd -P)
    say "compiling crates/senet-wasm for wasm32-unknown-unknown"
    env LD_LIBRARY_PATH="$usr/lib/x86_64-linux-gnu:$usr/lib/llvm-22/lib" \
        PATH="$PATH:$usr/bin" RUSTC="$usr/bin/rustc" RUSTC_BOOTSTRAP=1 \
        CARGO_TARGET_DIR="$TOOLS/target" \
        CARGO_PROFILE_RELEASE_OPT_LEVEL=s CARGO_PROFILE_RELEASE_PANIC=abort \
        RUSTFLAGS="--remap-path-prefix=$ROOT=/senet --remap-path-prefix=$registry=/registry --remap-path-prefix=$usr/lib/rustlib/src/rust=/rust --remap-path-prefix=$library=/rust" \
        "$usr/bin/cargo" build --quiet --locked --release -p senet-wasm \
        --target wasm32-unknown-unknown -Z build-std=std,panic_abort
    local release="$TOOLS/target/wasm32-unknown-unknown/release"
    "$(generator)" "$release/senet_wasm.wasm" "$into"
    # The dependency file: "target: source source …", spaces escaped.
    sed -e 's/^[^:]*: //' -e 's/\\ /\x01/g' "$release/senet_wasm.d" | tr ' ' '\n' | tr '\001' ' ' |
        sed -n "s|^$ROOT/||p" | sort -u >"$into/sources"
}

manifest() {
    local into=$1
    {
        cat "$into/sources"
        printf '%s\n' Cargo.toml Cargo.lock .cargo/config.toml crates/senet-wasm/Cargo.toml \
            tools/build-wasm.sh tools/wasm-bindgen/Cargo.toml tools/wasm-bindgen/Cargo.lock \
            tools/wasm-bindgen/src/main.rs
    } | sort -u | xargs sha256sum
    for file in "${BUILT[@]}"; do (cd "$OUT/.." && sha256sum "wasm/$file" | sed 's|  wasm/|  '"$OUT"'/|'); done
}

case "${1:-}" in
--check)
    if [ -e "$MANIFEST" ] && sha256sum --quiet --strict -c "$MANIFEST" >/dev/null 2>&1; then
        say "the committed build is today's: no source it was built from has changed"
        exit 0
    fi
    say "sources changed since the committed build: rebuilding to compare"
    toolchain
    scratch=$(mktemp -d)
    trap 'rm -rf "$scratch"' EXIT
    build "$scratch"
    for file in "${BUILT[@]}"; do
        if ! cmp -s "$scratch/$file" "$OUT/$file"; then
            say "$OUT/$file is not what today's sources build: run tools/build-wasm.sh and commit"
            exit 1
        fi
    done
    say "the build is byte for byte the committed one (tools/build-wasm.sh refreshes the manifest)"
    ;;
"")
    toolchain
    mkdir -p "$OUT"
    scratch=$(mktemp -d)
    trap 'rm -rf "$scratch"' EXIT
    build "$scratch"
    for file in "${BUILT[@]}"; do cp "$scratch/$file" "$OUT/$file"; done
    manifest "$scratch" >"$MANIFEST.new"
    mv "$MANIFEST.new" "$MANIFEST"
    say "wrote $OUT: $(wc -c <"$OUT/senet_wasm_bg.wasm") bytes of WebAssembly, $(wc -l <"$MANIFEST") files in the manifest"
    ;;
*)
    echo "usage: tools/build-wasm.sh [--check]" >&2
    exit 2
    ;;
esac
