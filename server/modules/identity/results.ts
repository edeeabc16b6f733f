// Typed results shared by the identity services (STYLE habit 5).

export type Failure<C extends string> = { ok: false; code: C; message: string; field?: string };
export type SignedIn = { ok: true; token: string; customerId: string; expiresAt: Date };
export type SessionInfo = { sessionId: string; customerId: string; expiresAt: Date; createdAt: Date };
export type CustomerSummary = { id: string; email: string; firstName: string; lastName: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string) => UUID.test(v);
