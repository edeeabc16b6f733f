import { z } from "zod";
import { signedToken } from "../../crypto/signed-token";
import { CONFIRM_VALID_MS, PREFERENCES_LINK_VALID_MS } from "../../../rules/marketing/subscriber";

// The marketing list's signed links (server/crypto/signed-token.ts), each kind under a purpose of
// its own. The confirmation link names the subscriber and the nonce of the mail that carried it:
// it works once (confirming clears the nonce) and only for the latest mail. The preferences link
// (one-click unsubscribe, the preference centre) names the subscriber only and keeps working.

const confirmLink = signedToken("marketing-confirm", z.object({ sid: z.uuid(), n: z.string().min(16).max(64) }));
const preferencesLink = signedToken("marketing-preferences", z.object({ sid: z.uuid() }));

export const CONFIRM_PATH = "/email/confirm";
export const PREFERENCES_PATH = "/email/preferences";
/** RFC 8058's one-click target; a GET of it opens the preference centre. */
export const UNSUBSCRIBE_PATH = "/api/marketing/unsubscribe";

export type LinkCheck<T> = { ok: true; claims: T } | { ok: false; code: "LINK_INVALID"; message: string };

const invalid = (expired: boolean) =>
  ({
    ok: false,
    code: "LINK_INVALID",
    message: expired ? "This link has expired." : "This link is not valid. Use the link in your latest mail from us.",
  }) as const;

export async function confirmToken(secret: string, subscriberId: string, nonce: string, now: Date): Promise<string> {
  return (await confirmLink.sign(secret, { sid: subscriberId, n: nonce }, new Date(now.getTime() + CONFIRM_VALID_MS), now)).token;
}

export async function readConfirmToken(secret: string, token: string | null | undefined, now: Date): Promise<LinkCheck<{ sid: string; n: string }>> {
  const read = await confirmLink.read(secret, token, now);
  return read.ok ? { ok: true, claims: read.claims } : invalid(read.reason === "expired");
}

export async function preferencesToken(secret: string, subscriberId: string, now: Date): Promise<string> {
  return (await preferencesLink.sign(secret, { sid: subscriberId }, new Date(now.getTime() + PREFERENCES_LINK_VALID_MS), now)).token;
}

export async function readPreferencesToken(secret: string, token: string | null | undefined, now: Date): Promise<LinkCheck<{ sid: string }>> {
  const read = await preferencesLink.read(secret, token, now);
  return read.ok ? { ok: true, claims: read.claims } : invalid(read.reason === "expired");
}

/** A link's full URL: the origin, the path and the token as its only parameter. */
export const linkUrl = (origin: string, path: string, token: string) => `${origin}${path}?${new URLSearchParams({ token })}`;

/** The links every marketing mail to this subscriber carries: one-click unsubscribe and the preference centre. */
export async function marketingLinks(secret: string, subscriberId: string, origin: string, now: Date) {
  const token = await preferencesToken(secret, subscriberId, now);
  return { unsubscribeUrl: linkUrl(origin, UNSUBSCRIBE_PATH, token), preferencesUrl: linkUrl(origin, PREFERENCES_PATH, token) };
}

// A campaign mail's links go through /email/c/<token>: the token names the delivery (to count its
// first click) and the same-site path it leads to, so nobody can point a link of ours elsewhere.
const clickLink = signedToken("marketing-click", z.object({ d: z.number().int().positive(), p: z.string().min(1).max(500) }));

export const CLICK_PATH = "/email/c";

export async function clickUrl(secret: string, origin: string, deliveryId: number, path: string, now: Date): Promise<string> {
  const { token } = await clickLink.sign(secret, { d: deliveryId, p: path }, new Date(now.getTime() + PREFERENCES_LINK_VALID_MS), now);
  return `${origin}${CLICK_PATH}/${token}`;
}

export async function readClickToken(secret: string, token: string | null | undefined, now: Date): Promise<LinkCheck<{ d: number; p: string }>> {
  const read = await clickLink.read(secret, token, now);
  return read.ok ? { ok: true, claims: read.claims } : invalid(read.reason === "expired");
}
