import { Hono } from "hono";
import { z } from "zod";
import { proposeLifeStageSwaps } from "../workflows/life-stage-swaps";
import { runMarketingAutomations } from "../workflows/marketing-automations";
import type { AppEnv } from "./env";
import { apiError, jsonBody } from "./errors";

// The browser tests' clock hooks, not found unless TEST_CLOCK is on:
// - POST /api/test/clock {offsetMinutes} (server/test-clock.ts) moves the marketing list's clock and
//   runs the automatic mails' pass at once, so a journey sees the mail without waiting for the
//   renewal engine's next pass.
// - POST /api/test/life-stage {email, daysAhead} runs the renewal engine's life-stage pass as it
//   would run that many days from now, over one customer's Autoships only: a journey sees its pet
//   grow up while the other journeys' Autoships, and the shared clock, stay where they are.

const clockInput = z.object({
  offsetMinutes: z
    .number("Give offsetMinutes as a number")
    .int("Give offsetMinutes as whole minutes")
    .min(0, "The clock only moves ahead")
    .max(60 * 24 * 400, "At most 400 days ahead"),
});

const lifeStageInput = z.object({
  email: z.email("Give the Autoships' e-mail address"),
  daysAhead: z.number("Give daysAhead as a number").int("Give daysAhead as whole days").min(0, "The clock only moves ahead").max(400, "At most 400 days ahead"),
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
  app.post("/test/life-stage", jsonBody(lifeStageInput), async (c) => {
    const deps = c.get("deps");
    if (!deps.services.testClock) return apiError(c, 404, "not_found", `No API call at ${c.req.path}`);
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const now = new Date(Date.now() + parsed.data.daysAhead * 86_400_000);
    const proposed = await proposeLifeStageSwaps({ db: deps.database.db, services: deps.services, config: deps.config, log: deps.log }, now, {
      limit: 50,
      batchSize: 10,
      email: parsed.data.email,
    });
    return c.json({ now: now.toISOString(), proposed });
  });
  return app;
}
