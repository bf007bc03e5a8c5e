#!/usr/bin/env bash
# QR decoder benchmark: our decoder (CompanionQR) against zbarimg (Debian zbar-tools) on the same images in the
# same run. Prints, per set, the images each decoded to exactly the expected text, the time per image for each
# (one process per image for both, start-up included) and the time ratio.
#   Benchmarks/qr.sh            generate the corpus (Benchmarks/qr-corpus.sh) into .build/qr-bench and the failure
#                               classes (Benchmarks/qr-classes.sh) into .build/qr-bench/classes, and compare
# QR_BENCH_DEBUG=1 measures the debug build (when a release build does not fit the machine's time).
# Sets: clean (plain qrencode output), hard (blur, rotation 5-45°, perspective, noise, glare, small modules, JPEG
# artefacts, inverted, low contrast, photo-like), vectors (TestVectors/qr), then one set per failure class (rotation,
# perspective, lowcontrast, inverted, blur, noise, finder, small, shadow, jpeg; 8 images each) and "classes" (all 80).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v zbarimg >/dev/null || { echo "qr.sh: install zbar-tools" >&2; exit 1; }
corpus=${QR_BENCH_DIR:-.build/qr-bench}
# Static Swift runtime: the process does not spend its start-up relocating libFoundation and ICU.
if [ "${QR_BENCH_DEBUG:-0}" = 1 ]; then
    bin=$(swift build --show-bin-path)
    build="debug build"
else
    swift build -c release --static-swift-stdlib --product qr-bench >&2
    bin=$(swift build -c release --static-swift-stdlib --show-bin-path)
    build="release build, static Swift runtime"
fi
Benchmarks/qr-corpus.sh "$corpus" >&2
Benchmarks/qr-classes.sh "$corpus/classes" >&2
classes=(rotation perspective lowcontrast inverted blur noise finder small shadow jpeg)
mkdir -p "$corpus/all-classes"
rm -f "$corpus/all-classes"/*
sets=()
for class in "${classes[@]}"; do
    cp "$corpus/classes/$class"/* "$corpus/all-classes/"
    sets+=("$class=$corpus/classes/$class")
done
echo "zbarimg $(zbarimg --version 2>/dev/null): zbarimg -q --raw --nodbus -Sdisable -Sqrcode.enable -Sbinary FILE"
echo "ours: qr-bench decode FILE (CompanionQR QRDecoder; $build)"
"$bin/qr-bench" compare clean="$corpus/clean" hard="$corpus/hard" vectors=TestVectors/qr \
    "${sets[@]}" classes="$corpus/all-classes"
