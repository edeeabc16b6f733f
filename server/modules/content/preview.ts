import { sign, verifySignature } from "../../crypto/sign";
import type { EntryRow } from "./editing";
import type { ContentType } from "./types";

// Preview links: the real storefront page with one entry's draft in place of its published version.
// The link carries the entry id and an expiry signed with the app's secret (HMAC, server/crypto/sign.ts),
// so it can be handed to a colleague without a console session, shows exactly one entry's draft, and
// stops working after PREVIEW_TTL_MS. Nothing about the draft is in the link itself.

export const PREVIEW_PARAM = "preview";
export const PREVIEW_TTL_MS = 30 * 60_000;
const PURPOSE = "content-preview:v1";

export function previewToken(secret: string, entryId: number, expiresAt: Date): string {
  const message = `${entryId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${message}.${sign(secret, PURPOSE, message)}`;
}

/** The entry id a token names, or null when it is malformed, tampered with or expired. */
export function readPreviewToken(secret: string, token: string | null | undefined, now: Date): number | null {
  const m = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token ?? "");
  if (!m) return null;
  const [, id, exp, signature] = m;
  if (!verifySignature(secret, PURPOSE, `${id}.${exp}`, signature!)) return null;
  if (Number(exp) * 1000 <= now.getTime()) return null;
  return Number(id);
}

/** Where an entry shows on the shop: its own page, the page its block sits on, else the home page (layout content). */
export function previewPath(entry: Pick<EntryRow, "type" | "key" | "body" | "draftBody">): string {
  const type = entry.type as ContentType;
  if (type === "page") return entry.key === "home" ? "/" : `/${entry.key}`;
  const page = ((entry.draftBody ?? entry.body) as { page?: unknown } | null)?.page;
  if (typeof page === "string") return page === "home" ? "/" : page === "cart" ? "/cart" : "/";
  if (type === "password-protect") return "/password-protect";
  if (type === "no-results-suggestions") return "/search?q=zzzz";
  return "/";
}

/** The link itself: the entry's page with a fresh token. */
export function previewUrl(secret: string, entry: Pick<EntryRow, "id" | "type" | "key" | "body" | "draftBody">, now: Date): { url: string; expiresAt: Date } {
  const expiresAt = new Date(now.getTime() + PREVIEW_TTL_MS);
  const path = previewPath(entry);
  const sep = path.includes("?") ? "&" : "?";
  return { url: `${path}${sep}${PREVIEW_PARAM}=${previewToken(secret, entry.id, expiresAt)}`, expiresAt };
}
