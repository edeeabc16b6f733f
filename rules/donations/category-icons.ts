import { CATEGORY_ICON_COUNT } from "./provider";

// The 26 cause category icons of SPEC §3 (ids 0–25), shown for a cause without a logo, and the
// monogram logos of the seeded causes. Both are drawn here as small SVG documents (simple shapes
// on a coloured disc, 48×48) and served by server/http/donation-images.ts — nothing is fetched
// from elsewhere. The documents carry no script, no link and no text from a request beyond the
// monogram's letters (A–Z, 0–9 only), so they are safe to serve from the shop's own origin.

type Category = { name: string; color: string; glyph: string };

/** White shapes drawn over the disc; coordinates in the 48×48 box. */
const W = `fill="#fff"`;
const S = `fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"`;

/** Category id → its name and icon. The seeded causes use 3, 5, 7, 8 and 9. */
export const DONATION_CATEGORIES: readonly Category[] = [
  { name: "General Giving", color: "#b4234a", glyph: `<path ${W} d="M24 35 12 23a6.5 6.5 0 0 1 12-8 6.5 6.5 0 0 1 12 8z"/>` },
  {
    name: "Arts & Culture",
    color: "#6b3fa0",
    glyph: `<path ${S} d="M21 32V14l12-3v18"/><circle ${W} cx="18" cy="32" r="4"/><circle ${W} cx="30" cy="29" r="4"/>`,
  },
  { name: "Education", color: "#1f5f99", glyph: `<path ${S} d="M12 15h9a3 3 0 0 1 3 3v15a3 3 0 0 0-3-3h-9zM36 15h-9a3 3 0 0 0-3 3v15a3 3 0 0 1 3-3h9z"/>` },
  { name: "Animal Shelters & Rescue", color: "#b35a00", glyph: `<path ${S} d="M12 24 24 13l12 11M15 22v13h18V22"/><circle ${W} cx="24" cy="29" r="3"/>` },
  { name: "Environment", color: "#2e7d32", glyph: `<path ${W} d="M24 10 14 24h6l-7 9h22l-7-9h6z"/><rect ${W} x="22" y="33" width="4" height="5"/>` },
  {
    name: "Wildlife Conservation",
    color: "#4e6b1f",
    glyph: `<path ${S} d="M11 26c6-1 9-6 13-6s6 3 13 1c-3 5-8 8-14 8-4 0-8-1-12-3zM24 20l-3-6"/><circle ${W} cx="30" cy="22" r="1.5"/>`,
  },
  { name: "Health", color: "#c62828", glyph: `<path ${S} d="M10 25h7l3-7 5 14 3-7h10"/>` },
  { name: "Veterinary Care", color: "#00796b", glyph: `<path ${W} d="M20 12h8v8h8v8h-8v8h-8v-8h-8v-8h8z"/>` },
  { name: "Service & Therapy Animals", color: "#5d4037", glyph: `<path ${W} d="M16 17a4 4 0 1 1 4 4l8 8a4 4 0 1 1-4 4l-8-8a4 4 0 1 1-4-4 4 4 0 0 1 4-4z"/>` },
  {
    name: "Animal Welfare Services",
    color: "#8d4e85",
    glyph: `<ellipse ${W} cx="24" cy="30" rx="7" ry="6"/><circle ${W} cx="15" cy="22" r="3"/><circle ${W} cx="20" cy="16" r="3"/><circle ${W} cx="28" cy="16" r="3"/><circle ${W} cx="33" cy="22" r="3"/>`,
  },
  { name: "Hunger & Food", color: "#e65100", glyph: `<path ${W} d="M11 23h26a13 13 0 0 1-26 0z"/><path ${S} d="M20 18c0-3 2-3 2-6M27 18c0-3 2-3 2-6"/>` },
  { name: "Housing", color: "#37474f", glyph: `<circle ${S} cx="18" cy="24" r="6"/><path ${S} d="M24 24h13M32 24v5M36 24v4"/>` },
  { name: "Youth Development", color: "#f9a825", glyph: `<path ${W} d="m24 10 4 9 10 1-7.5 6.5L33 36l-9-5-9 5 2.5-9.5L10 20l10-1z"/>` },
  {
    name: "Human Services",
    color: "#0277bd",
    glyph: `<circle ${W} cx="18" cy="17" r="4"/><circle ${W} cx="30" cy="17" r="4"/><path ${W} d="M11 34a7 7 0 0 1 14 0zM23 34a7 7 0 0 1 14 0z"/>`,
  },
  { name: "Disaster Relief", color: "#d84315", glyph: `<path ${W} d="M27 9 14 27h9l-3 12 14-19h-9z"/>` },
  {
    name: "International Aid",
    color: "#00838f",
    glyph: `<circle ${S} cx="24" cy="24" r="12"/><path ${S} d="M12 24h24M24 12c-5 6-5 18 0 24M24 12c5 6 5 18 0 24"/>`,
  },
  { name: "Civil Rights", color: "#283593", glyph: `<path ${S} d="M15 37V11M15 12h17l-4 6 4 6H15"/>` },
  {
    name: "Community Development",
    color: "#6d4c41",
    glyph: `<rect ${W} x="11" y="25" width="8" height="11"/><rect ${W} x="20" y="17" width="8" height="19"/><rect ${W} x="29" y="21" width="8" height="15"/>`,
  },
  { name: "Science & Research", color: "#4527a0", glyph: `<path ${S} d="M20 11h8M21 11v9l-8 14a2 2 0 0 0 2 3h18a2 2 0 0 0 2-3l-8-14v-9"/>` },
  { name: "Sports & Recreation", color: "#1b5e20", glyph: `<circle ${S} cx="24" cy="24" r="11"/><path ${S} d="M13 24h22M24 13c-4 4-4 18 0 22"/>` },
  {
    name: "Faith & Spirituality",
    color: "#ad8a00",
    glyph: `<circle ${W} cx="24" cy="24" r="6"/><path ${S} d="M24 9v5M24 34v5M9 24h5M34 24h5M13.5 13.5l3.5 3.5M31 31l3.5 3.5M13.5 34.5 17 31M31 17l3.5-3.5"/>`,
  },
  { name: "Veterans & Military", color: "#455a64", glyph: `<path ${W} d="M24 10 36 14v9c0 8-5 13-12 15-7-2-12-7-12-15v-9z"/>` },
  { name: "Water & Oceans", color: "#0288d1", glyph: `<path ${W} d="M24 9c6 9 10 14 10 19a10 10 0 0 1-20 0c0-5 4-10 10-19z"/>` },
  {
    name: "Marine Life",
    color: "#006064",
    glyph: `<path ${W} d="M10 24c5-7 14-8 20-2l7-5v14l-7-5c-6 6-15 5-20-2z"/><circle fill="#006064" cx="17" cy="23" r="1.5"/>`,
  },
  { name: "Seniors", color: "#7b1fa2", glyph: `<path ${S} d="M16 11h16M16 37h16M18 11c0 8 12 8 12 13s-12 5-12 13M30 11c0 8-12 8-12 13s12 5 12 13"/>` },
  {
    name: "Public Safety",
    color: "#bf360c",
    glyph: `<path ${W} d="M24 11a9 9 0 0 1 9 9v7l3 5H12l3-5v-7a9 9 0 0 1 9-9z"/><circle ${W} cx="24" cy="35" r="3"/>`,
  },
];

/** Whether `id` names one of the 26 category icons. */
export const isCategoryIconId = (id: number) => Number.isInteger(id) && id >= 0 && id < CATEGORY_ICON_COUNT;

/** A category's name; an unknown id reads as the general one. */
export const categoryName = (id: number) => DONATION_CATEGORIES[isCategoryIconId(id) ? id : 0]!.name;

const svg = (title: string, color: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="48" height="48" role="img"><title>${title}</title><circle cx="24" cy="24" r="24" fill="${color}"/>${body}</svg>`;

/** The SVG document of category icon `id` (0–25); null for any other id. */
export function categoryIconSvg(id: number): string | null {
  if (!isCategoryIconId(id)) return null;
  const c = DONATION_CATEGORIES[id]!;
  return svg(c.name.replace("&", "&amp;"), c.color, c.glyph);
}

/** A logo file name the monogram route draws: lowercase words joined by dashes, then ".svg". */
export const LOGO_FILE = /^([a-z0-9]+(?:-[a-z0-9]+){0,11})\.svg$/;

/**
 * A monogram logo for a cause's slug ("paws-rescue-league" → "PR" on a colour picked from the slug):
 * the seeded causes' logos, drawn rather than stored. Null for a name that is not a slug.
 */
export function monogramLogoSvg(file: string): string | null {
  const m = LOGO_FILE.exec(file);
  if (!m) return null;
  const words = m[1]!.split("-").filter((w) => !["of", "the", "and", "for"].includes(w));
  const letters = (words.length > 1 ? words[0]![0]! + words[1]![0]! : m[1]!.slice(0, 2)).toUpperCase();
  let hash = 0;
  for (const ch of m[1]!) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const color = DONATION_CATEGORIES[hash % DONATION_CATEGORIES.length]!.color;
  const text = `<text x="24" y="30.5" text-anchor="middle" font-family="system-ui, sans-serif" font-size="17" font-weight="700" fill="#fff">${letters}</text>`;
  return svg(letters, color, text);
}
