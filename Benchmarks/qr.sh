#!/usr/bin/env bash
# QR decoder benchmark: our decoder (CompanionQR) against zbarimg (Debian zbar-tools) on the same images in the
# same run. Prints, per set, the images each decoded to exactly the expected text, the time per image for each
# (one process per image for both, start-up included) and the time ratio.
#   Benchmarks/qr.sh            generate the corpus (Benchmarks/qr-corpus.sh) into .build/qr-bench and compare
# Sets: clean (plain qrencode output), hard (blur, rotation 5-45°, perspective, noise, glare, small modules, JPEG
# artefacts, inverted, low contrast, photo-like), vectors (TestVectors/qr).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v zbarimg >/dev/null || { echo "qr.sh: install zbar-tools" >&2; exit 1; }
corpus=${QR_BENCH_DIR:-.build/qr-bench}
# Static Swift runtime: the process does not spend its start-up relocating libFoundation and ICU.
swift build -c release --static-swift-stdlib --product qr-bench >&2
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)
Benchmarks/qr-corpus.sh "$corpus" >&2
echo "zbarimg $(zbarimg --version 2>/dev/null): zbarimg -q --raw --nodbus -Sdisable -Sqrcode.enable -Sbinary FILE"
echo "ours: qr-bench decode FILE (CompanionQR QRDecoder; release build, static Swift runtime)"
"$bin/qr-bench" compare clean="$corpus/clean" hard="$corpus/hard" vectors=TestVectors/qr
