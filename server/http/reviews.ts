import { Hono, type Context } from "hono";
import { z } from "zod";
import { readCookie } from "../../rules/shared/cookies";
import { isUuid } from "../../rules/shared/ids";
import { OPERATOR_COOKIE } from "../../rules/console/operator-roles";
import { reviewListQuery, reviewModerateInput, reviewRespondInput, reviewSubmitInput } from "../../rules/reviews/api-input";
import { SESSION_COOKIE } from "../modules/identity";
import type { Operator } from "../modules/operators";
import type { ReviewActionResult } from "../workflows/console-reviews";
import { clientIp } from "./client-ip";
import type { AppEnv } from "./env";
import { apiError, jsonBody, queryInput } from "./errors";

// /api/reviews: the review widget's calls and the operator's moderation (server/modules/reviews).
// Reads are public (approved reviews only); writes need the shopper's session (the sessionToken
// cookie, as the shop's own pages send it) or, for moderation, an operator session with
// reviews.moderate. Bodies are capped at REVIEWS_BODY_BYTES by the edge (server/http/edge.ts), every
// text is sanitised by the schemas (rules/reviews/api-input.ts: no HTML kept), and writes are
// rate-limited per customer and client IP by the service.

export const REVIEWS_BODY_BYTES = 8 * 1024;

export const productIdParam = z.coerce
  .number("must be a product id")
  .int("must be a product id")
  .min(1, "must be a product id")
  .max(2_147_483_647, "must be a product id");
const variantQuery = z.object({ variantId: productIdParam.optional() });

/** The signed-in customer of this site, or null. */
async function customerOf(c: Context<AppEnv>): Promise<string | null> {
  const token = readCookie(c.req.header("cookie"), SESSION_COOKIE);
  if (!token) return null;
  const session = await c.get("deps").services.identity.resolveSession(token, c.get("site").id);
  return session?.customerId ?? null;
}

/** The operator behind the console's session cookie (or a bearer token, for scripts), or null. */
async function operatorOf(c: Context<AppEnv>): Promise<Operator | null> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  const token = bearer ?? readCookie(c.req.header("cookie"), OPERATOR_COOKIE);
  return token ? c.get("deps").services.operators.resolveSession(token) : null;
}

function productId(c: Context<AppEnv>): number | Response {
  const parsed = productIdParam.safeParse(c.req.param("productId"));
  return parsed.success ? parsed.data : apiError(c, 400, "bad_request", "Invalid productId: must be a product id", { productId: "must be a product id" });
}

const signInFirst = (c: Context<AppEnv>) => apiError(c, 401, "unauthorized", "Sign in first.", { sessionToken: "Sign in first." });
const noReview = (c: Context<AppEnv>) => apiError(c, 404, "not_found", "No such review.");

export function reviewRoutes() {
  const app = new Hono<AppEnv>();

  app.get("/products/:productId/summary", queryInput(variantQuery), async (c) => {
    const id = productId(c);
    if (id instanceof Response) return id;
    const q = await c.req.valid("json")();
    if (!q.ok) return q.response;
    c.header("Cache-Control", "public, max-age=60");
    return c.json(await c.get("deps").services.reviews.summary(id, q.data.variantId ?? null));
  });

  app.get("/products/:productId/eligibility", async (c) => {
    const id = productId(c);
    if (id instanceof Response) return id;
    c.header("Cache-Control", "private, no-store");
    const customerId = await customerOf(c);
    if (!customerId) return c.json({ eligible: false, signedIn: false, orderLines: [] });
    return c.json({ ...(await c.get("deps").services.reviews.eligibility(customerId, id)), signedIn: true });
  });

  app.get("/products/:productId", queryInput(reviewListQuery), async (c) => {
    const id = productId(c);
    if (id instanceof Response) return id;
    const q = await c.req.valid("json")();
    if (!q.ok) return q.response;
    c.header("Cache-Control", "public, max-age=60");
    return c.json(await c.get("deps").services.reviews.list(id, q.data));
  });

  app.post("/products/:productId", jsonBody(reviewSubmitInput), async (c) => {
    const id = productId(c);
    if (id instanceof Response) return id;
    const customerId = await customerOf(c);
    if (!customerId) return signInFirst(c);
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const deps = c.get("deps");
    const r = await deps.services.reviews.submit(customerId, { ...parsed.data, productId: id }, clientIp(c, deps.config.trustProxy));
    c.header("Cache-Control", "no-store");
    if (r.ok) return c.json(r.review, 201);
    const fields = r.field ? { [r.field]: r.message } : undefined;
    switch (r.code) {
      case "NOT_ELIGIBLE":
        return apiError(c, 403, "not_eligible", r.message, fields);
      case "ALREADY_REVIEWED":
        return apiError(c, 409, "already_reviewed", r.message, fields);
      case "RATE_LIMITED":
        return apiError(c, 429, "rate_limited", r.message);
      default:
        return apiError(c, 400, "bad_request", r.message, fields);
    }
  });

  app.post("/:reviewId/helpful", jsonBody(z.strictObject({})), async (c) => {
    const reviewId = c.req.param("reviewId");
    const customerId = await customerOf(c);
    if (!customerId) return signInFirst(c);
    if (!isUuid(reviewId)) return noReview(c);
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const deps = c.get("deps");
    const r = await deps.services.reviews.voteHelpful(customerId, reviewId, clientIp(c, deps.config.trustProxy));
    c.header("Cache-Control", "no-store");
    if (r.ok) return c.json({ helpfulCount: r.helpfulCount, counted: r.counted });
    return r.code === "RATE_LIMITED" ? apiError(c, 429, "rate_limited", r.message) : noReview(c);
  });

  /**
   * The operator's calls go through the console's own moderation (server/workflows/console-reviews.ts):
   * the same role check (a refusal audited), the same policy rule and the same audit entry in the
   * change's transaction as the console's buttons.
   */
  async function moderation(c: Context<AppEnv>, form: (operator: Operator) => Promise<ReviewActionResult>) {
    c.header("Cache-Control", "no-store");
    const operator = await operatorOf(c);
    if (!operator) return apiError(c, 401, "unauthorized", "Sign in to the console first.");
    const r = await form(operator);
    if (r.ok) return c.json({ ok: true });
    if (r.code === "FORBIDDEN") return apiError(c, 403, "forbidden", r.message);
    if (r.code === "NOT_FOUND") return noReview(c);
    if (r.code === "NOT_ALLOWED") return apiError(c, 409, "invalid_transition", r.message);
    return apiError(c, 400, "bad_request", r.message, r.code === "INVALID" ? r.errors : undefined);
  }

  app.post("/:reviewId/moderate", jsonBody(reviewModerateInput), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const { action, ...rest } = parsed.data;
    return moderation(c, (operator) => c.get("deps").services.consoleReviews.act(operator, c.req.param("reviewId"), { intent: action, ...rest }));
  });

  app.post("/:reviewId/respond", jsonBody(reviewRespondInput), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    return moderation(c, (operator) =>
      c.get("deps").services.consoleReviews.act(operator, c.req.param("reviewId"), { intent: "respond", body: parsed.data.body }),
    );
  });

  return app;
}
