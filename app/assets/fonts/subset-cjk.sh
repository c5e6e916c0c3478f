#!/usr/bin/env bash
# Makes `noto-sans-cjk-subset.otf`: Noto Sans CJK SC (SIL Open Font
# License 1.1, Debian's fonts-noto-cjk) cut down to the characters that
# MineLayer's Chinese, Japanese and Korean tables use (app/src/ui/mines_text.rs
# and the share card's kernel/src/mines/share.rs), so the binary carries a few
# hundred glyphs instead of 16 MB. Run it after changing those tables; the
# test `cjk_tables_are_drawn` fails until it is run. Needs Debian's
# fonts-noto-cjk and fonttools (`apt-get install fonts-noto-cjk fonttools`).
set -euo pipefail
cd "$(dirname "$0")/../../.."
src=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
# Every character outside Latin, Greek and Cyrillic in the two files (CJK,
# kana, Hangul, full-width punctuation), sorted, as one line of text.
chars=$(/usr/bin/python3 -c '
import sys
text = "".join(open(p, encoding="utf-8").read() for p in sys.argv[1:])
print("".join(sorted({c for c in text if ord(c) >= 0x2E80})))
' app/src/ui/mines_text.rs kernel/src/mines/share.rs)
# Face 2 of the collection is the Simplified Chinese one; it also draws kana
# and Hangul. No hinting, no layout features beyond the defaults: egui draws
# at many sizes with its own rasteriser.
pyftsubset "$src" --font-number=2 --text="$chars" --no-hinting --desubroutinize \
    --name-IDs='*' --output-file=app/assets/fonts/noto-sans-cjk-subset.otf
ls -l app/assets/fonts/noto-sans-cjk-subset.otf
