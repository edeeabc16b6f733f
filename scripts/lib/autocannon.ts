// autocannon (a devDependency, CommonJS without types) as `npm run bench` and `test:deploy -- --bench` use it.
import { createRequire } from "node:module";

export type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p97_5: number; p99: number; average: number };
  throughput: { total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
};
export type AutocannonRequest = { method: string; path: string; headers?: Record<string, string>; body?: string };

export const autocannon = createRequire(import.meta.url)("autocannon") as (
  opts: {
    url: string;
    connections: number;
    duration: number;
    requests: { setupRequest: (req: AutocannonRequest) => AutocannonRequest }[];
  },
  cb: (err: Error | null, result: AutocannonResult) => void,
) => { on(event: "response", listener: (client: unknown, status: number, bytes: number, ms: number) => void): void };
