import { Hono, type Context } from "hono";
import { z } from "zod";
import { clinicIdSchema, clinicSearchSchema, groupIdSchema } from "../../rules/staff/roles";
import { readCookie } from "../../rules/shared/cookies";
import { issueIdentityJwt, verifyIdentityJwt } from "../crypto/identity-jwt";
import { SESSION_COOKIE } from "../modules/identity";
import { clientIp } from "./client-ip";
import type { AppEnv } from "./env";
import { apiError, jsonBody, type Parsed } from "./errors";

// The identity provider's JWT and the three clinic calls of SPEC §7 ("Identity and clinic"), on the
// staff site only. Every clinic call proves two things: a live staff session (the sessionToken in
// the body, or the page's httpOnly cookie) and a JWT issued to that same staff member within the
// last 5 minutes. A missing, expired or someone else's JWT answers 401 with errorCode not 0
// (SPEC §8 "Identity JWT failure").

const sessionToken = z.string().max(200).optional();
// A missing or empty jwt is a failed identity check like an expired one (401 with its errorCode,
// below), not a malformed body: the browser's JWT call rejects with an empty string (SPEC §8).
const jwt = z.string({ error: "The jwt is text" }).max(4000, "This jwt is too long").nullish();

export const identityJwtInput = z.object({ sessionToken });
export const searchClinicInput = clinicSearchSchema.extend({ jwt, sessionToken });
export const fetchAddressInput = z.object({ clinicID: clinicIdSchema, jwt, sessionToken });
export const joinClinicInput = z.object({ groupID: groupIdSchema, jwt, sessionToken });

/** SPEC §8: the identity provider's failures carry a non-zero errorCode. */
const IDENTITY_ERRORS = { noSession: 403005, badJwt: 403006, notStaff: 403007 } as const;

type Staff = { ok: true; customerId: string } | { ok: false; response: Response };

const refuse = (c: Context<AppEnv>, errorCode: number, message: string, field: string) =>
  c.json({ errorCode, errorMessage: message, error: { code: "unauthorized", message, fields: { [field]: message } } }, 401);

/** The signed-in staff member behind the request (body token first, then the cookie). */
async function staffSession(c: Context<AppEnv>, bodyToken: string | undefined): Promise<Staff> {
  const token = bodyToken || readCookie(c.req.header("cookie"), SESSION_COOKIE);
  const session = token ? await c.get("deps").services.identity.resolveSession(token, "hpsf") : null;
  if (!session) return { ok: false, response: refuse(c, IDENTITY_ERRORS.noSession, "Sign in to the staff site first.", "sessionToken") };
  if (!(await c.get("deps").services.identity.staffProfile(session.customerId)))
    return { ok: false, response: refuse(c, IDENTITY_ERRORS.notStaff, "Only a staff account can do this.", "sessionToken") };
  return { ok: true, customerId: session.customerId };
}

/** A clinic call's body, once the session and the JWT in it name the same staff member. */
async function staffCall<T extends { sessionToken?: string; jwt?: string | null }>(
  c: Context<AppEnv>,
  input: () => Promise<Parsed<T>>,
): Promise<{ ok: true; data: T; customerId: string } | { ok: false; response: Response }> {
  const parsed = await input();
  if (!parsed.ok) return parsed;
  const staff = await staffSession(c, parsed.data.sessionToken);
  if (!staff.ok) return staff;
  const token = parsed.data.jwt;
  if (!token || !(await verifyIdentityJwt(c.get("deps").sessionSecret, token, staff.customerId)))
    return { ok: false, response: refuse(c, IDENTITY_ERRORS.badJwt, "The identity token is missing, expired or not yours. Ask for a new one.", "jwt") };
  return { ok: true, data: parsed.data, customerId: staff.customerId };
}

const ipOf = (c: Context<AppEnv>) => clientIp(c, c.get("deps").config.trustProxy);

export function clinicRoutes() {
  const app = new Hono<AppEnv>();

  // The staff site only: the shop has no clinics.
  app.use(async (c, next) => (c.get("site").isStaff ? next() : apiError(c, 404, "not_found", `No API call at ${c.req.path}`)));

  app.post("/jwt", jsonBody(identityJwtInput), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const staff = await staffSession(c, parsed.data.sessionToken);
    if (!staff.ok) return staff.response;
    const issued = await issueIdentityJwt(c.get("deps").sessionSecret, staff.customerId);
    return c.json({ errorCode: 0, id_token: issued.jwt, expiresAt: issued.expiresAt.toISOString() }, 200, { "Cache-Control": "no-store" });
  });

  app.post("/search-clinic", jsonBody(searchClinicInput), async (c) => {
    const call = await staffCall(c, c.req.valid("json"));
    if (!call.ok) return call.response;
    const { searchType, searchTerm, page } = call.data;
    const found = await c.get("deps").services.membership.searchClinics(call.customerId, { searchType, searchTerm, page }, ipOf(c));
    if ("code" in found) return apiError(c, 429, "rate_limited", found.message);
    return c.json({ errorCode: 0, ...found });
  });

  app.post("/fetch-address", jsonBody(fetchAddressInput), async (c) => {
    const call = await staffCall(c, c.req.valid("json"));
    if (!call.ok) return call.response;
    const clinic = await c.get("deps").services.clinics.byClinicNumber(call.data.clinicID);
    if (!clinic) return apiError(c, 404, "not_found", "No clinic with this clinicID.", { clinicID: "No clinic with this clinicID." });
    return c.json({
      errorCode: 0,
      clinicID: clinic.clinicID,
      groupID: clinic.groupID,
      name: clinic.name,
      address: clinic.address,
      homeDeliveryOnly: clinic.homeDeliveryOnly,
    });
  });

  app.post("/join-clinic", jsonBody(joinClinicInput), async (c) => {
    const call = await staffCall(c, c.req.valid("json"));
    if (!call.ok) return call.response;
    const r = await c.get("deps").services.membership.join(call.customerId, call.data.groupID, ipOf(c));
    if (!r.ok && r.code === "RATE_LIMITED") return apiError(c, 429, "rate_limited", r.message);
    if (!r.ok) return apiError(c, r.code === "CLINIC_NOT_FOUND" ? 404 : 409, r.code.toLowerCase(), r.message, { [r.field]: r.message });
    return c.json({
      errorCode: 0,
      state: r.state,
      registered: r.state === "active",
      clinic: { clinicID: r.clinic.clinicID, groupID: r.clinic.groupID, name: r.clinic.name, address: r.clinic.address },
    });
  });

  return app;
}
