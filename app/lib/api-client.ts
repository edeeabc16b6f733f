import { shouldRetry, type CallKind } from "../../rules/http-retry";

export type ApiErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    super(body?.error.message ?? `Request failed with status ${status}`);
  }
}

export type ApiCall = {
  path: string;
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  /** Reads may be retried once; writes never are. GET defaults to read, everything else to write. */
  kind?: CallKind;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** The browser's client for the shop's JSON API (SPEC §7, retry policy of SPEC §9). */
export async function callApi<T>(call: ApiCall, fetchImpl: typeof fetch = fetch): Promise<T> {
  const method = call.method ?? (call.body === undefined ? "GET" : "POST");
  const kind = call.kind ?? (method === "GET" ? "read" : "write");
  const init: RequestInit = {
    method,
    headers: { Accept: "application/json", ...(call.body !== undefined ? { "Content-Type": "application/json" } : {}), ...call.headers },
    body: call.body !== undefined ? JSON.stringify(call.body) : undefined,
    credentials: "same-origin",
    signal: call.signal,
  };
  for (let retries = 0; ; retries++) {
    let response: Response;
    try {
      response = await fetchImpl(call.path, init);
    } catch (err) {
      if (shouldRetry(kind, null, retries) && !call.signal?.aborted) continue;
      throw err;
    }
    if (response.ok) return (await response.json()) as T;
    if (shouldRetry(kind, response.status, retries)) continue;
    const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
    throw new ApiCallError(response.status, body);
  }
}
