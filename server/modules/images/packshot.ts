import type { PackType, Species } from "../catalog";
import { brandBySlug, flavorBySlug, hashString, PACK_TYPES, type SeedBrand } from "../catalog";
import { escapeHtml } from "../../../rules/shared/escape-html";

// Generated packshots for the invented catalogue: one SVG per `${packType}_${brandSlug}_${flavorSlug}_${species}`
// key, rasterised to webp by the image route (server/http/images.ts, sharp/librsvg). Everything is drawn from
// basic shapes so the shop needs no photo assets; pack shape, brand band, flavour accent and species
// silhouette make each variant's picture distinct.

const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";
const SIZE = 1000;

type Packshot = {
  pack: PackType;
  brand: SeedBrand;
  flavorLabel: string;
  accent: string;
  species: Species;
};

function parseKey(key: string): Packshot | null {
  const m = /^([a-z]+)_([a-z0-9-]+)_([a-z0-9-]+)_(dog|cat)$/.exec(key);
  if (!m) return null;
  const [, pack, brandSlug, flavorSlug, species] = m;
  if (!(PACK_TYPES as readonly string[]).includes(pack)) return null;
  const brand = brandBySlug.get(brandSlug);
  if (!brand) return null;
  const flavor = flavorBySlug.get(flavorSlug);
  return {
    pack: pack as PackType,
    brand,
    // An unknown flavour still gets a picture: its slug as words and a colour derived from it.
    flavorLabel: flavor?.label ?? titleCase(flavorSlug),
    accent: flavor?.color ?? hslToHex(hashString(flavorSlug) % 360, 0.55, 0.5),
    species: species as Species,
  };
}

export function renderPackshotSvg(key: string): string | null {
  const p = parseKey(key);
  if (!p) return null;
  const body = { bag: drawBag, can: drawCan, tray: drawTray, pouch: drawPouch }[p.pack](p);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">`,
    `<defs>`,
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7f5f2"/><stop offset="1" stop-color="#e7e3dc"/></linearGradient>`,
    `<radialGradient id="floor" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`,
    // Side-to-side light falloff laid over a pack to make it look round.
    `<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0">`,
    `<stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="0.18" stop-color="#000" stop-opacity="0.04"/>`,
    `<stop offset="0.36" stop-color="#fff" stop-opacity="0.22"/><stop offset="0.55" stop-color="#fff" stop-opacity="0"/>`,
    `<stop offset="0.85" stop-color="#000" stop-opacity="0.08"/><stop offset="1" stop-color="#000" stop-opacity="0.32"/>`,
    `</linearGradient>`,
    `<linearGradient id="metal" x1="0" y1="0" x2="1" y2="0">`,
    `<stop offset="0" stop-color="#8d939b"/><stop offset="0.35" stop-color="#eef0f2"/><stop offset="0.6" stop-color="#c3c8ce"/><stop offset="1" stop-color="#7d838b"/>`,
    `</linearGradient>`,
    `</defs>`,
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>`,
    body,
    `</svg>`,
  ].join("");
}

// ---------------------------------------------------------------------------------------------------
// Pack shapes

/** Tall bag with a crimped, folded-over top. */
function drawBag(p: Packshot): string {
  const outline = "M268 205 L732 205 Q752 540 742 872 Q500 890 258 872 Q248 540 268 205 Z";
  const flap = "M262 112 L738 112 L732 232 L268 232 Z";
  return [
    floorShadow(500, 885, 300, 34),
    `<clipPath id="bagclip"><path d="${outline}"/></clipPath>`,
    `<path d="${outline}" fill="#fbfaf7"/>`,
    `<g clip-path="url(#bagclip)">`,
    `<rect x="240" y="205" width="520" height="205" fill="${p.brand.color}"/>`,
    `<rect x="240" y="410" width="520" height="10" fill="${p.accent}"/>`,
    `<rect x="240" y="700" width="520" height="110" fill="${p.accent}"/>`,
    `<rect x="240" y="810" width="520" height="90" fill="${p.brand.color}"/>`,
    `</g>`,
    brandName(p.brand, 500, 318, 420, 66),
    medallion(p, 500, 560, 118),
    flavorText(p, 500, 757, 430, 54),
    `<text x="500" y="858" text-anchor="middle" font-family="${FONT}" font-size="30" font-weight="bold" letter-spacing="4" fill="#fff">${p.species === "dog" ? "FOR DOGS" : "FOR CATS"}</text>`,
    `<path d="${outline}" fill="url(#shade)"/>`,
    `<path d="${outline}" fill="none" stroke="#000" stroke-opacity="0.18" stroke-width="3"/>`,
    // Folded top: a darker flap over the body, a crimped seal edge and the fold's shadow.
    `<rect x="268" y="232" width="464" height="16" fill="#000" opacity="0.16"/>`,
    `<path d="${flap}" fill="${shade(p.brand.color, -0.25)}"/>`,
    `<path d="${flap}" fill="url(#shade)"/>`,
    `<path d="${crimp(262, 738, 112, 14)}" fill="${shade(p.brand.color, -0.4)}"/>`,
    `<line x1="268" y1="232" x2="732" y2="232" stroke="#000" stroke-opacity="0.35" stroke-width="3"/>`,
    `<circle cx="500" cy="170" r="16" fill="#f2efe9" stroke="#000" stroke-opacity="0.2" stroke-width="2"/>`,
  ].join("");
}

/** Cylinder can with a rolled rim, pull tab and wrap-around label. */
function drawCan(p: Packshot): string {
  const [l, r, rx, ry] = [290, 710, 210, 44];
  const top = 270;
  const bottom = 820;
  const band = (y1: number, y2: number, fill: string) =>
    `<path d="M${l} ${y1} A${rx} ${ry} 0 0 0 ${r} ${y1} L${r} ${y2} A${rx} ${ry} 0 0 1 ${l} ${y2} Z" fill="${fill}"/>`;
  const body = `M${l} ${top} L${l} ${bottom} A${rx} ${ry} 0 0 0 ${r} ${bottom} L${r} ${top} Z`;
  return [
    floorShadow(500, bottom + 44, 270, 40),
    `<path d="${body}" fill="url(#metal)"/>`,
    band(top + 28, bottom - 26, p.brand.color),
    band(620, 720, p.accent),
    band(600, 612, "#ffffff"),
    brandName(p.brand, 500, 388, 360, 50),
    medallion(p, 500, 524, 70),
    flavorText(p, 500, 683, 380, 48),
    `<text x="500" y="772" text-anchor="middle" font-family="${FONT}" font-size="24" font-weight="bold" letter-spacing="4" fill="#fff" fill-opacity="0.9">${p.species === "dog" ? "FOR DOGS" : "FOR CATS"}</text>`,
    `<path d="${body}" fill="url(#shade)"/>`,
    // Rim: rolled outer lip, recessed lid and the pull tab.
    `<ellipse cx="500" cy="${top}" rx="${rx + 6}" ry="${ry + 4}" fill="url(#metal)" stroke="#6d737a" stroke-width="3"/>`,
    `<ellipse cx="500" cy="${top + 3}" rx="${rx - 18}" ry="${ry - 8}" fill="#d5d9de" stroke="#9aa1a9" stroke-width="3"/>`,
    `<ellipse cx="500" cy="${top + 3}" rx="${rx - 60}" ry="${ry - 20}" fill="none" stroke="#b5bbc2" stroke-width="2"/>`,
    `<rect x="455" y="${top - 12}" width="90" height="26" rx="13" fill="#c4c9cf" stroke="#868d95" stroke-width="3"/>`,
    `<ellipse cx="482" cy="${top + 1}" rx="14" ry="6" fill="#9aa1a9"/>`,
    `<path d="M${l} ${bottom - 10} A${rx} ${ry} 0 0 0 ${r} ${bottom - 10}" fill="none" stroke="#6d737a" stroke-width="4"/>`,
  ].join("");
}

/** Low, wide tray seen from above the front, with a peel-back lid. */
function drawTray(p: Packshot): string {
  const lid = "M235 395 L765 395 Q800 395 812 425 L846 548 Q852 572 826 572 L174 572 Q148 572 154 548 L188 425 Q200 395 235 395 Z";
  const wall = "M160 572 L840 572 L800 742 Q795 760 775 760 L225 760 Q205 760 200 742 Z";
  return [
    floorShadow(500, 768, 360, 36),
    `<path d="${wall}" fill="${p.accent}"/>`,
    `<path d="${wall}" fill="url(#shade)"/>`,
    `<path d="M168 600 L832 600" stroke="#000" stroke-opacity="0.18" stroke-width="4"/>`,
    flavorText(p, 500, 680, 520, 54),
    `<text x="500" y="735" text-anchor="middle" font-family="${FONT}" font-size="24" font-weight="bold" letter-spacing="4" fill="${textOn(p.accent)}" fill-opacity="0.85">${p.species === "dog" ? "FOR DOGS" : "FOR CATS"}</text>`,
    // Flange and lid.
    `<path d="M150 560 L850 560 L850 580 L150 580 Z" fill="#cfd3d8"/>`,
    `<path d="${lid}" fill="${p.brand.color}"/>`,
    `<path d="${lid}" fill="url(#shade)" opacity="0.6"/>`,
    `<path d="${lid}" fill="none" stroke="#000" stroke-opacity="0.2" stroke-width="3"/>`,
    brandName(p.brand, 440, 478, 420, 52, 0.72),
    medallion(p, 720, 480, 62),
    // Peel tab lifting at the front-left corner.
    `<path d="M154 548 Q150 572 174 572 L250 572 L196 640 Q150 610 154 548 Z" fill="${shade(p.brand.color, 0.45)}" stroke="#000" stroke-opacity="0.2" stroke-width="2"/>`,
    `<text x="196" y="612" text-anchor="middle" font-family="${FONT}" font-size="18" font-weight="bold" fill="${p.brand.color}" transform="rotate(-38 196 612)">PEEL</text>`,
  ].join("");
}

/** Flexible stand-up pouch: top seal with a tear notch, soft bulging sides, bottom gusset. */
function drawPouch(p: Packshot): string {
  const outline = "M318 150 L682 150 L682 198 L664 210 L682 222 L682 236 Q712 520 696 842 Q500 878 304 842 Q288 520 318 236 Z";
  return [
    floorShadow(500, 858, 230, 30),
    `<clipPath id="pouchclip"><path d="${outline}"/></clipPath>`,
    `<path d="${outline}" fill="${p.brand.color}"/>`,
    `<g clip-path="url(#pouchclip)">`,
    `<rect x="280" y="150" width="440" height="86" fill="${shade(p.brand.color, -0.3)}"/>`,
    ...Array.from(
      { length: 22 },
      (_, i) => `<line x1="${322 + i * 16}" y1="158" x2="${322 + i * 16}" y2="190" stroke="#fff" stroke-opacity="0.16" stroke-width="3"/>`,
    ),
    `<rect x="280" y="430" width="440" height="230" fill="#fbfaf7"/>`,
    `<rect x="280" y="660" width="440" height="105" fill="${p.accent}"/>`,
    `<path d="M280 800 Q500 770 720 800 L720 900 L280 900 Z" fill="#000" opacity="0.14"/>`,
    `</g>`,
    `<rect x="468" y="168" width="64" height="18" rx="9" fill="#f0ede7"/>`,
    brandName(p.brand, 500, 330, 330, 52),
    medallion(p, 500, 545, 96),
    flavorText(p, 500, 712, 340, 44),
    `<text x="500" y="805" text-anchor="middle" font-family="${FONT}" font-size="24" font-weight="bold" letter-spacing="4" fill="#fff" fill-opacity="0.9">${p.species === "dog" ? "FOR DOGS" : "FOR CATS"}</text>`,
    `<path d="${outline}" fill="url(#shade)"/>`,
    `<path d="${outline}" fill="none" stroke="#000" stroke-opacity="0.22" stroke-width="3"/>`,
    `<line x1="312" y1="236" x2="688" y2="236" stroke="#000" stroke-opacity="0.25" stroke-width="2" stroke-dasharray="8 6"/>`,
  ].join("");
}

// ---------------------------------------------------------------------------------------------------
// Pieces

function floorShadow(cx: number, cy: number, rx: number, ry: number): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#floor)"/>`;
}

function crimp(x1: number, x2: number, y: number, depth: number): string {
  const teeth = 24;
  const step = (x2 - x1) / teeth;
  let d = `M${x1} ${y + depth}`;
  for (let i = 0; i < teeth; i++) d += ` L${x1 + step * (i + 0.5)} ${y} L${x1 + step * (i + 1)} ${y + depth}`;
  return `${d} L${x2} ${y + depth + 10} L${x1} ${y + depth + 10} Z`;
}

/** Brand name on the brand band: one line, or two when a long name has a space to break at. */
function brandName(brand: SeedBrand, cx: number, cy: number, width: number, maxSize: number, scale = 1): string {
  const lines = splitName(brand.name);
  const longest = Math.max(...lines.map((l) => l.length));
  const size = Math.round(Math.min(maxSize, width / (0.68 * longest)) * (lines.length > 1 ? 0.92 : 1) * scale);
  const lead = size * 1.08;
  const first = cy - ((lines.length - 1) * lead) / 2 + size * 0.36;
  const color = textOn(brand.color);
  return lines
    .map(
      (line, i) =>
        `<text x="${cx}" y="${Math.round(first + i * lead)}" text-anchor="middle" font-family="${FONT}" font-size="${size}" font-weight="bold" fill="${color}">${escapeHtml(line)}</text>`,
    )
    .join("");
}

function splitName(name: string): string[] {
  if (name.length <= 12 || !name.includes(" ")) return [name];
  const spaces = [...name.matchAll(/ /g)].map((m) => m.index!);
  const mid = name.length / 2;
  const at = spaces.reduce((best, i) => (Math.abs(i - mid) < Math.abs(best - mid) ? i : best));
  return [name.slice(0, at), name.slice(at + 1)];
}

function flavorText(p: Packshot, cx: number, cy: number, width: number, maxSize: number): string {
  const size = Math.round(Math.min(maxSize, width / (0.66 * p.flavorLabel.length)));
  return `<text x="${cx}" y="${Math.round(cy + size * 0.36)}" text-anchor="middle" font-family="${FONT}" font-size="${size}" font-weight="bold" fill="${textOn(p.accent)}">${escapeHtml(p.flavorLabel.toUpperCase())}</text>`;
}

/** White disc ringed in the flavour colour with the species silhouette in the brand colour. */
function medallion(p: Packshot, cx: number, cy: number, r: number): string {
  return [
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${r - 6}" fill="none" stroke="${p.accent}" stroke-width="10"/>`,
    `<g transform="translate(${cx} ${cy + r * 0.06}) scale(${(r * 0.72) / 100})">${p.species === "dog" ? dogHead(p.brand.color) : catHead(p.brand.color)}</g>`,
  ].join("");
}

/** Dog face in a ±100 box: floppy ears, round head, lighter muzzle. */
function dogHead(fill: string): string {
  const muzzle = shade(fill, 0.55);
  return [
    `<ellipse cx="-66" cy="-8" rx="28" ry="62" fill="${shade(fill, -0.25)}" transform="rotate(22 -66 -8)"/>`,
    `<ellipse cx="66" cy="-8" rx="28" ry="62" fill="${shade(fill, -0.25)}" transform="rotate(-22 66 -8)"/>`,
    `<ellipse cx="0" cy="-6" rx="64" ry="72" fill="${fill}"/>`,
    `<ellipse cx="0" cy="40" rx="42" ry="32" fill="${muzzle}"/>`,
    `<ellipse cx="0" cy="22" rx="17" ry="12" fill="#222"/>`,
    `<path d="M0 34 L0 48 M0 48 Q-14 60 -24 50 M0 48 Q14 60 24 50" stroke="#222" stroke-width="5" fill="none" stroke-linecap="round"/>`,
    `<circle cx="-26" cy="-20" r="9" fill="#fff"/><circle cx="26" cy="-20" r="9" fill="#fff"/>`,
    `<circle cx="-24" cy="-19" r="4.5" fill="#222"/><circle cx="28" cy="-19" r="4.5" fill="#222"/>`,
  ].join("");
}

/** Cat face in a ±100 box: pointed ears, wide head, whiskers. */
function catHead(fill: string): string {
  return [
    `<path d="M-78 -10 L-62 -96 L-12 -58 Z" fill="${fill}"/>`,
    `<path d="M78 -10 L62 -96 L12 -58 Z" fill="${fill}"/>`,
    `<path d="M-64 -30 L-58 -80 L-28 -56 Z" fill="${shade(fill, 0.5)}"/>`,
    `<path d="M64 -30 L58 -80 L28 -56 Z" fill="${shade(fill, 0.5)}"/>`,
    `<ellipse cx="0" cy="6" rx="82" ry="68" fill="${fill}"/>`,
    `<ellipse cx="-30" cy="-6" rx="11" ry="15" fill="#f4e27a"/><ellipse cx="30" cy="-6" rx="11" ry="15" fill="#f4e27a"/>`,
    `<ellipse cx="-30" cy="-6" rx="3.5" ry="12" fill="#222"/><ellipse cx="30" cy="-6" rx="3.5" ry="12" fill="#222"/>`,
    `<path d="M-11 22 L11 22 L0 34 Z" fill="#f3a6b5"/>`,
    `<path d="M0 34 Q-10 46 -20 40 M0 34 Q10 46 20 40" stroke="#fff" stroke-width="4" fill="none" stroke-linecap="round"/>`,
    `<path d="M-34 30 L-96 18 M-34 38 L-96 42 M34 30 L96 18 M34 38 L96 42" stroke="#fff" stroke-opacity="0.85" stroke-width="3" stroke-linecap="round"/>`,
  ].join("");
}

// ---------------------------------------------------------------------------------------------------
// Colour helpers

function parseHex(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.replace("#", ""), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: number[]): string {
  return `#${rgb
    .map((c) =>
      Math.max(0, Math.min(255, Math.round(c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** Mixes towards white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const target = amount > 0 ? 255 : 0;
  return toHex(parseHex(hex).map((c) => c + (target - c) * Math.abs(amount)));
}

/** Dark text on light colours, white on dark ones (relative luminance). */
function textOn(hex: string): string {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.4 ? "#1d1d1f" : "#ffffff";
}

function hslToHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return 255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return toHex([f(0), f(8), f(4)]);
}

function titleCase(slug: string): string {
  return slug
    .split("-")
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(" ");
}
