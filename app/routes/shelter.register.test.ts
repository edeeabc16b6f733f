import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../server/modules/rate-limit";
import { testDeps, visitorContext } from "../../server/testing/deps";
import { action } from "./shelter.register";

// The registration page counts its attempts per client IP (and per address): a flood of new
// accounts — each one a slow password hash — is refused with 429 before any hashing.

const env = testDeps();

async function register(email: string, ip: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ firstName: "Sam", lastName: "Lee", email, password: "kibble123", confirmPassword: "kibble123" })) form.set(k, v);
  const request = new Request("http://localhost:3000/shelter/register", { method: "POST", body: form });
  const context = visitorContext(env.deps, ip);
  try {
    return (await action({ request, context, params: {} } as never)) as unknown;
  } catch (thrown) {
    return thrown;
  }
}

describe("registration page rate limit", () => {
  it(`allows ${RATE_LIMITS.register.perIp} registrations an hour from one IP, then answers 429 with the form message`, async () => {
    expect((await register("first@example.test", "10.50.0.1")) as Response).toHaveProperty("status", 302);
    // The rest of the hour's registrations from that IP, counted without their slow hashing.
    for (let i = 1; i < RATE_LIMITS.register.perIp; i++)
      expect((await env.deps.services.rateLimit.take("register", `email:other${i}@example.test`, "10.50.0.1")).ok).toBe(true);
    const refused = (await register("flood-extra@example.test", "10.50.0.1")) as { init: { status: number }; data: { errors: Record<string, string> } };
    expect(refused.init.status).toBe(429);
    expect(refused.data.errors).toEqual({ form: "Too many attempts, try again in 60 minutes." });
    expect(await env.deps.services.identity.signIn("flood-extra@example.test", "kibble123", null)).toMatchObject({ ok: false, code: "INVALID_CREDENTIALS" });
    // Another IP is not affected.
    expect((await register("flood-extra@example.test", "10.50.0.2")) as Response).toHaveProperty("status", 302);
  });
});
