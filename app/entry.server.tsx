import { Transform, type TransformCallback } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { isDatabaseUnavailable } from "../server/db/unavailable";
import { orderHeadOf } from "./lib/head-order.server";

// React Router's default Node entry, plus the Content-Security-Policy nonce of this response
// (server/http/edge.ts): React Router's inline scripts (Scripts, ScrollRestoration, streamed data)
// and React's own carry it, so the policy needs no 'unsafe-inline' for scripts.

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce || undefined;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once.
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      // A Suspense boundary that is ready when the shell is sent stays in place in the HTML. By default
      // React moves one found past the first 12.8 KB to the end of the stream, hidden until a script
      // reveals it (throttled): the page would paint later and, without JavaScript, stay hidden.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      [readyOption]() {
        shellRendered = true;
        const body = new CoalescingStream(() => {
          clearTimeout(timeoutId);
          timeoutId = undefined;
        });
        responseHeaders.set("Content-Type", "text/html");
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors inside the shell reject and are logged by React Router; later ones only here.
        if (shellRendered) {
          console.error(error);
          void reportServerError(error, request, loadContext);
        }
      },
    });
  });
}

/**
 * React writes its output in 4 KB pieces and calls `flush()` after each pass over what is ready
 * (the shell, then each resolved Suspense boundary). Handing the socket one buffer per pass instead
 * of forty small writes per page saves a good part of a render's CPU time.
 */
class CoalescingStream extends Transform {
  private pending: Buffer[] = [];
  /** The first piece holds the whole head (the shell): reordered once (./lib/head-order.server.ts). */
  private headDone = false;

  constructor(private readonly onEnd: () => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.pending.push(chunk);
    callback();
  }

  /** Called by React after each pass. */
  flush() {
    if (this.pending.length === 0) return;
    let chunk = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending);
    this.pending = [];
    if (!this.headDone) {
      this.headDone = true;
      chunk = orderHeadOf(chunk);
    }
    this.push(chunk);
  }

  override _flush(callback: TransformCallback) {
    this.flush();
    this.onEnd();
    callback();
  }
}

/** A server error to the error reporter (Sentry or the errors table): the request's path only, never its query, cookies or body. */
function reportServerError(error: unknown, request: Request, context: AppLoadContext | undefined) {
  if (!context?.services) return Promise.resolve();
  return context.services.errors.server(error, { route: new URL(request.url).pathname, release: context.publicConfig.buildId });
}

/**
 * Errors of loaders, actions and rendering, as React Router hands them over: logged as before, and
 * reported unless the request was aborted (the shopper left) or the error is an answer of its own
 * (a 404 for an unknown path, a 4xx a loader threw on purpose).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const ctx = context as AppLoadContext | undefined;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const cause = isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error;
  // The database away for a moment: the page is answered 503, try again (server/app.ts), not reported.
  if (ctx && isDatabaseUnavailable(cause)) {
    ctx.databaseUnavailable = true;
    ctx.log?.warn({ err: cause, path: new URL(request.url).pathname }, "database unavailable");
    return;
  }
  if (ctx?.log) ctx.log.error({ err: cause, path: new URL(request.url).pathname }, "unhandled page error");
  else console.error(cause);
  void reportServerError(cause, request, ctx);
};
