import { Writable } from "node:stream";
import { trace } from "@opentelemetry/api";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger, inRequest } from "./log";
import { activeTraceIds, tagRequestSpan } from "./telemetry";

// With tracing on (server/telemetry.ts starts the Node SDK; here a tracer provider of the same SDK),
// a request's span carries its request id and every line logged while serving it names the trace,
// so a trace and the log lines of one request find each other. (The whole path — HTTP and
// PostgreSQL spans sent over OTLP from a running shop — is checked by test:pg's smoke run.)

const provider = new NodeTracerProvider();
provider.register();
afterAll(() => provider.shutdown());

function captured() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, log: createLogger("info", sink) };
}

describe("traces and logs", () => {
  it("logs the trace of the request being served, and tags its span with the request id", async () => {
    const { lines, log } = captured();
    const tracer = trace.getTracer("test");
    let spanTraceId = "";
    await tracer.startActiveSpan("GET /products", async (span) => {
      spanTraceId = span.spanContext().traceId;
      tagRequestSpan("req-12345678");
      await inRequest("req-12345678", async () => log.info("listing rendered"));
      expect((span as unknown as { attributes: Record<string, unknown> }).attributes["shop.request_id"]).toBe("req-12345678");
      span.end();
    });
    expect(lines[0]).toMatchObject({ requestId: "req-12345678", traceId: spanTraceId, msg: "listing rendered" });
  });

  it("adds nothing outside a trace", () => {
    const { lines, log } = captured();
    expect(activeTraceIds()).toBeUndefined();
    log.info("idle");
    expect(lines[0]).not.toHaveProperty("traceId");
  });
});
