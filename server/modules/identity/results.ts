// Typed results shared by the identity services (STYLE habit 5).

export type Failure<C extends string> = { ok: false; code: C; message: string; field?: string };
export type SignedIn = { ok: true; token: string; customerId: string; expiresAt: Date };
export type SessionInfo = { sessionId: string; customerId: string; expiresAt: Date; createdAt: Date };
export type CustomerSummary = { id: string; email: string; firstName: string; lastName: string };

export { isUuid } from "../../../rules/ids";
