// Typed results shared by the identity services (STYLE habit 5).

export type Failure<C extends string> = { ok: false; code: C; message: string; field?: string };
export type SignedIn = { ok: true; token: string; customerId: string; expiresAt: Date };
/** A live session; `site` is its account's site (a session is good on that site only). */
export type SessionInfo = { sessionId: string; customerId: string; expiresAt: Date; createdAt: Date; site: "d2c" | "hpsf" };
export type CustomerSummary = { id: string; email: string; firstName: string; lastName: string; site: "d2c" | "hpsf" };

export { isUuid } from "../../../rules/shared/ids";
