import { register } from "node:module";
import { trace } from "@opentelemetry/api";

/**
 * OpenTelemetry traces through the official Node SDK — a span per HTTP request served or made and
 * per PostgreSQL query — sent over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set; off (and
 * nothing loaded) otherwise. The SDK reads the standard OTEL_* variables itself (endpoint, headers,
 * OTEL_SERVICE_NAME, sampling), so they are read here rather than in server/config.ts: tracing has to
 * start before the modules it instruments are imported (server/main.ts starts it first).
 */
export async function startTracing(): Promise<() => Promise<void>> {
  if (!process.env.OTEL_EXPORTER_OTLP_ENDPOINT) return async () => {};
  // The shop's modules are ES modules: their imports of node:http and pg are patched through this hook.
  register("@opentelemetry/instrumentation/hook.mjs", import.meta.url);
  const [{ NodeSDK }, { HttpInstrumentation }, { PgInstrumentation }, { OTLPTraceExporter }] = await Promise.all([
    import("@opentelemetry/sdk-node"),
    import("@opentelemetry/instrumentation-http"),
    import("@opentelemetry/instrumentation-pg"),
    import("@opentelemetry/exporter-trace-otlp-http"),
  ]);
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? "kibble-shop",
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation({
        // Probes and scrapes every second would drown the requests that matter.
        ignoreIncomingRequestHook: (req) => /^\/(api\/(health|ready)|metrics)(\?|$)/.test(req.url ?? ""),
      }),
      // Statements only: their parameters are customers' data (addresses, tokens, password hashes).
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  });
  sdk.start();
  return () => sdk.shutdown();
}

/** Ties the span of the request being served to its request id (the same id its log lines carry). */
export function tagRequestSpan(requestId: string): void {
  trace.getActiveSpan()?.setAttribute("shop.request_id", requestId);
}

/** The trace of the request being served, for its log lines (nothing while tracing is off). */
export function activeTraceIds(): { traceId: string; spanId: string } | undefined {
  const span = trace.getActiveSpan();
  if (!span) return undefined;
  const { traceId, spanId } = span.spanContext();
  return { traceId, spanId };
}
