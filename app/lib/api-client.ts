import { shouldRetry, type CallKind } from "../../rules/shared/http-retry";

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

/**
 * One request under the retry policy of SPEC §9: a read is sent again once after a network failure
 * or a status of RETRY_STATUSES; a write is sent once. `send` makes a fresh request each time.
 */
async function withRetryPolicy(kind: CallKind, send: () => Promise<Response>, signal?: AbortSignal | null): Promise<Response> {
  for (let retries = 0; ; retries++) {
    let response: Response;
    try {
      response = await send();
    } catch (err) {
      if (shouldRetry(kind, null, retries) && !signal?.aborted) continue;
      throw err;
    }
    if (response.ok || !shouldRetry(kind, response.status, retries) || signal?.aborted) return response;
    // The failed answer is dropped unread: free its connection before asking again.
    await response.body?.cancel().catch(() => {});
  }
}

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
  const response = await withRetryPolicy(kind, () => fetchImpl(call.path, init), call.signal);
  if (response.ok) return (await response.json()) as T;
  const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
  throw new ApiCallError(response.status, body);
}

/**
 * A fetch that applies the read retry of SPEC §9 to every read the browser makes of this site: a
 * GET or HEAD to `origin` — React Router's data loads (navigations, revalidation after a form, so
 * the stock and delivery estimate after a ZIP change, and fetcher loads such as the predictive
 * search) and any script's GET. Writes and other sites' URLs pass through untouched.
 */
export function withReadRetry(fetchImpl: typeof fetch, origin: string): typeof fetch {
  return (input, init) => {
    const request = input instanceof Request ? input : null;
    const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
    let sameOrigin = false;
    try {
      sameOrigin = new URL(request ? request.url : String(input), origin).origin === origin;
    } catch {
      // Not a URL fetch can use: let fetch itself answer.
    }
    if ((method !== "GET" && method !== "HEAD") || !sameOrigin) return fetchImpl(input, init);
    // A Request can be sent once only: each attempt gets its own copy.
    return withRetryPolicy("read", () => fetchImpl(request ? request.clone() : input, init), init?.signal ?? request?.signal);
  };
}

/** Installs withReadRetry as the page's fetch, once (entry.client.tsx). */
export function installReadRetry(target: { fetch: typeof fetch; location: { origin: string } } = window): void {
  const marked = target.fetch as typeof fetch & { readRetry?: true };
  if (marked.readRetry) return;
  const wrapped = Object.assign(withReadRetry(target.fetch.bind(target), target.location.origin), { readRetry: true as const });
  target.fetch = wrapped;
}
