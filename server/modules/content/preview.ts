import { z } from "zod";
import { signedToken } from "../../crypto/signed-token";
import type { EntryRow } from "./editing";
import type { ContentType } from "./types";

// Preview links: the real storefront page with one entry's draft in place of its published version.
// The link carries the entry id and an expiry, signed (server/crypto/signed-token.ts), so it can be
// handed to a colleague without a console session, shows exactly one entry's draft, and stops
// working after PREVIEW_TTL_MS. Nothing about the draft is in the link itself.

export const PREVIEW_PARAM = "preview";
export const PREVIEW_TTL_MS = 30 * 60_000;
const preview = signedToken("content-preview", z.object({ entryId: z.int().positive() }));

export async function previewToken(secret: string, entryId: number, expiresAt: Date, now?: Date): Promise<{ token: string; expiresAt: Date }> {
  return preview.sign(secret, { entryId }, expiresAt, now);
}

/** The entry id a token names, or null when it is malformed, tampered with or expired. */
export async function readPreviewToken(secret: string, token: string | null | undefined, now: Date): Promise<number | null> {
  const read = await preview.read(secret, token, now);
  return read.ok ? read.claims.entryId : null;
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
export async function previewUrl(
  secret: string,
  entry: Pick<EntryRow, "id" | "type" | "key" | "body" | "draftBody">,
  now: Date,
): Promise<{ url: string; expiresAt: Date }> {
  const { token, expiresAt } = await previewToken(secret, entry.id, new Date(now.getTime() + PREVIEW_TTL_MS), now);
  const path = previewPath(entry);
  const sep = path.includes("?") ? "&" : "?";
  return { url: `${path}${sep}${PREVIEW_PARAM}=${token}`, expiresAt };
}
