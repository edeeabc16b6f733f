import { Hono } from "hono";
import { z } from "zod";
import { runMarketingAutomations } from "../workflows/marketing-automations";
import type { AppEnv } from "./env";
import { apiError, jsonBody } from "./errors";

// POST /api/test/clock {offsetMinutes}: the browser tests' clock hook (server/test-clock.ts). Moves
// the marketing list's clock and runs the automatic mails' pass at once, so a journey sees the mail
// without waiting for the renewal engine's next pass. Not found unless TEST_CLOCK is on.

const clockInput = z.object({
  offsetMinutes: z
    .number("Give offsetMinutes as a number")
    .int("Give offsetMinutes as whole minutes")
    .min(0, "The clock only moves ahead")
    .max(60 * 24 * 400, "At most 400 days ahead"),
});

export function testClockRoutes() {
  const app = new Hono<AppEnv>();
  app.post("/test/clock", jsonBody(clockInput), async (c) => {
    const deps = c.get("deps");
    const clock = deps.services.testClock;
    if (!clock) return apiError(c, 404, "not_found", `No API call at ${c.req.path}`);
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    clock.setOffset(parsed.data.offsetMinutes * 60_000);
    const sent = await runMarketingAutomations({ db: deps.database.db, services: deps.services, log: deps.log });
    return c.json({ now: clock.now().toISOString(), sent });
  });
  return app;
}
