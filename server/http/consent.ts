import { Hono } from "hono";
import { z } from "zod";
import { checkIntegrations, invalidIntegrationMessage } from "../../rules/consent/analytics-integrations";
import { consentRecordInput } from "../../rules/consent/decision-record";
import { clientIp } from "./client-ip";
import type { AppEnv } from "./env";
import { apiError, jsonBody } from "./errors";

// POST /api/consent: proof of consent, one record per decision of the privacy manager
// (server/modules/consent). POST /api/analytics/config: checks an analytics configuration against
// SPEC §5 and says what the shop has configured; it changes nothing (the tag manager is set by
// GTM_ID, an operator's setting). Both bodies are capped by the edge (server/http/edge.ts
// BODY_LIMITS), both calls are rate-limited per client IP, and neither stores personal data.

/** The body of POST /api/analytics/config, for the API description (the check itself is checkIntegrations). */
export const analyticsConfigInput = z.object({
  integrations: z.union([z.array(z.string().min(1)), z.record(z.string().min(1), z.unknown())]),
});

export function consentRoutes() {
  const app = new Hono<AppEnv>();

  app.post("/consent", jsonBody(consentRecordInput), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const deps = c.get("deps");
    const kept = await deps.services.consent.record(parsed.data, { site: c.get("site").id, ip: clientIp(c, deps.config.trustProxy) });
    if (!kept.ok) return apiError(c, 429, "rate_limited", kept.message);
    c.header("Cache-Control", "no-store");
    return c.json({ recorded: true }, 201);
  });

  // Declared for the OpenAPI document; checked below by checkIntegrations, whose refusal is SPEC §5's.
  app.post("/analytics/config", jsonBody(analyticsConfigInput), async (c) => {
    const deps = c.get("deps");
    const attempt = await deps.services.rateLimit.take("analytics_config", "analytics-config", clientIp(c, deps.config.trustProxy));
    if (!attempt.ok) return apiError(c, 429, "rate_limited", attempt.message);
    let body: unknown;
    try {
      const text = await c.req.text();
      body = text.trim() === "" ? {} : JSON.parse(text);
    } catch {
      return apiError(c, 400, "invalid_json", "The request body is not valid JSON.");
    }
    const checked = checkIntegrations(body);
    if (!checked.ok) return apiError(c, 400, "invalid_analytics_integration", invalidIntegrationMessage(checked.hint), { integrations: checked.hint });
    const gtm = deps.config.gtm;
    c.header("Cache-Control", "no-store");
    return c.json({
      valid: true,
      integrations: checked.keys.map((key) => ({
        key,
        // What the shop loads (after consent) on the shop site; the staff site loads no tag manager.
        configured: gtm !== null,
        containerId: gtm?.id ?? null,
      })),
    });
  });

  return app;
}
