// HTTP retry policy of SPEC §9: one retry for reads on these statuses, none for writes.

export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
export const MAX_READ_RETRIES = 1;

export type CallKind = "read" | "write";

/** `status` null means the request never got an answer (network failure). */
export function shouldRetry(kind: CallKind, status: number | null, retriesDone: number): boolean {
  if (kind !== "read" || retriesDone >= MAX_READ_RETRIES) return false;
  return status === null || RETRY_STATUSES.has(status);
}
