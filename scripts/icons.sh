#!/usr/bin/env bash
# Draws the site's home-screen icons and its link-preview card from frontend/public/images/logo.svg
# with headless Chromium, into frontend/public/images/icons/ (the PNGs are committed; run this again
# after changing the logo, the colours or the organisation's name in backend/src/site/sample.json,
# the sample content).
#   icon-192.png, icon-512.png      the emblem on a transparent ground (manifest, purpose "any")
#   icon-maskable-512.png           the emblem inside the safe circle on a full ground (purpose "maskable")
#   apple-touch-icon.png            180 px on a full ground (iOS shows transparency as black)
#   preview-card.png                1200 x 630: emblem and name in Marathi and English (og:image)
# Needs chromium (CHROME_PATH) and node. Fonts: the Noto faces the server's PDFs use.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CHROME="${CHROME_PATH:-/usr/bin/chromium}"
OUT="$ROOT/frontend/public/images/icons"
FONTS="$ROOT/backend/assets/fonts"
LOGO="$ROOT/frontend/public/images/logo.svg"
# The palette of frontend/src/styles/global.css.
CREAM='#fff8ee'
SAFFRON_LIGHT='#fde9c4'
SAFFRON='#f29f05'
MAROON='#7a1f1f'
INK='#2b1b12'
MUTED='#5f4b3f'

mkdir -p "$OUT"
work="$(mktemp -d -t samiti-icons-XXXXXX)"
trap 'rm -rf "$work"' EXIT

# The organisation's names, read from the sample content, and the year of establishment, from site.ts.
names="$(node -e '
  const fs = require("fs");
  const { name } = JSON.parse(fs.readFileSync(process.argv[1], "utf8")).organisation;
  const year = fs.readFileSync(process.argv[2], "utf8").match(/established: (\d+)/)[1];
  const devanagari = year.replace(/[0-9]/g, (d) => "०१२३४५६७८९"[d]);
  console.log([name.mr, name.en, year, devanagari].join("\t"));
' "$ROOT/backend/src/site/sample.json" "$ROOT/frontend/src/config/site.ts")"
IFS=$'\t' read -r NAME_MR NAME_EN YEAR YEAR_MR <<<"$names"

fonts_css="
  @font-face { font-family: Deva; font-weight: 700; src: url('file://$FONTS/NotoSansDevanagari-Bold.ttf'); }
  @font-face { font-family: Deva; font-weight: 400; src: url('file://$FONTS/NotoSansDevanagari-Regular.ttf'); }
  @font-face { font-family: Latin; font-weight: 700; src: url('file://$FONTS/NotoSans-Bold.ttf'); }
  @font-face { font-family: Latin; font-weight: 400; src: url('file://$FONTS/NotoSans-Regular.ttf'); }
  html, body { margin: 0; overflow: hidden; }"

# shot NAME WIDTH HEIGHT HTML-BODY EXTRA-CSS: one screenshot of a page of exactly that size.
shot() {
  local name="$1" width="$2" height="$3" body="$4" css="$5"
  cat >"$work/$name.html" <<HTML
<!doctype html><html><head><meta charset="utf-8"><style>$fonts_css
  body { width: ${width}px; height: ${height}px; display: flex; align-items: center; justify-content: center; }
  $css</style></head><body>$body</body></html>
HTML
  "$CHROME" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
    --default-background-color=00000000 --allow-file-access-from-files --virtual-time-budget=2000 \
    --window-size="$width,$height" --screenshot="$OUT/$name.png" "file://$work/$name.html" 2>/dev/null
  echo "$OUT/$name.png: $(stat -c %s "$OUT/$name.png") bytes"
}

logo="<img src=\"file://$LOGO\" alt=\"\">"
for size in 192 512; do
  # The emblem is a circle: it fills the square, corners transparent.
  shot "icon-$size" "$size" "$size" "$logo" "img { width: ${size}px; height: ${size}px; }"
done
# Maskable: the platform cuts any shape out of the middle 80 %; the emblem stays inside it.
shot icon-maskable-512 512 512 "$logo" "body { background: $SAFFRON_LIGHT; } img { width: 390px; height: 390px; }"
shot apple-touch-icon 180 180 "$logo" "body { background: $CREAM; } img { width: 160px; height: 160px; }"

card="<main>$logo<p class=\"mr\" lang=\"mr\">$NAME_MR</p><p class=\"en\">$NAME_EN</p>
  <p class=\"since\"><span lang=\"mr\">स्थापना $YEAR_MR</span> · Established $YEAR</p></main>"
shot preview-card 1200 630 "$card" "
  body { background: $CREAM; border-top: 18px solid $MAROON; border-bottom: 18px solid $SAFFRON; box-sizing: border-box; }
  main { display: flex; flex-direction: column; align-items: center; text-align: center; }
  img { width: 230px; height: 230px; margin-bottom: 18px; }
  p { margin: 0; }
  .mr { font: 700 68px/1.35 Deva, Latin; color: $MAROON; }
  .en { font: 700 44px/1.3 Latin; color: $INK; }
  .since { margin-top: 14px; font: 400 30px/1.4 Latin, Deva; color: $MUTED; }
  .since span { font-family: Deva; }"
