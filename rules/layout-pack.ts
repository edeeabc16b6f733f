// The shop layout's menu and footer as they travel to the browser. Every page carries them in its
// serialized loader data (the menus that open on click render their links from it after hydration),
// where each field of an object costs a key reference of its own: packed, a link is [text, url]
// (with a trailing 1 when it opens another site), a group [heading, links], a menu item
// [text, url, groups] (no groups: [text, url]) and the footer [columns, legal HTML]. The layout's
// loader packs, the layout unpacks; unpack(pack(x)) is x.

export type LayoutLink = { text: string; url: string; external: boolean };
export type LayoutGroup = { heading: string; links: LayoutLink[] };
export type LayoutNavItem = { text: string; url: string; groups: LayoutGroup[] };
export type LayoutFooter = { columns: LayoutGroup[]; legalHtml: string };

export type PackedLink = [text: string, url: string] | [text: string, url: string, external: 1];
export type PackedGroup = [heading: string, links: PackedLink[]];
export type PackedNavItem = [text: string, url: string] | [text: string, url: string, groups: PackedGroup[]];
export type PackedFooter = [columns: PackedGroup[], legalHtml: string];

const packLink = (l: LayoutLink): PackedLink => (l.external ? [l.text, l.url, 1] : [l.text, l.url]);
const unpackLink = ([text, url, external]: PackedLink): LayoutLink => ({ text, url, external: external === 1 });
const packGroup = (g: LayoutGroup): PackedGroup => [g.heading, g.links.map(packLink)];
const unpackGroup = ([heading, links]: PackedGroup): LayoutGroup => ({ heading, links: links.map(unpackLink) });

export function packNavigation(items: LayoutNavItem[]): PackedNavItem[] {
  return items.map((item) => (item.groups.length > 0 ? [item.text, item.url, item.groups.map(packGroup)] : [item.text, item.url]));
}

export function unpackNavigation(packed: PackedNavItem[]): LayoutNavItem[] {
  return packed.map(([text, url, groups]) => ({ text, url, groups: (groups ?? []).map(unpackGroup) }));
}

export function packFooter(footer: LayoutFooter): PackedFooter {
  return [footer.columns.map(packGroup), footer.legalHtml];
}

export function unpackFooter([columns, legalHtml]: PackedFooter): LayoutFooter {
  return { columns: columns.map(unpackGroup), legalHtml };
}
