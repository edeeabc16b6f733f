import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../server/modules/rate-limit";
import { testDeps, visitorContext } from "../../server/testing/deps";
import { action } from "./password-protect";

// The site password page counts wrong tries per client IP: the shop's password cannot be guessed at
// the speed of an HMAC. A right password does not count (colleagues behind one address all unlock).

const env = testDeps({ env: { NODE_ENV: "test", SITE_PASSWORD: "open-sesame" } });

async function unlock(password: string, ip: string) {
  const form = new FormData();
  form.set("password", password);
  const request = new Request("http://localhost:3000/password-protect", { method: "POST", body: form });
  const context = visitorContext(env.deps, ip);
  return (await action({ request, context, params: {} } as never)) as unknown as Response | { init: { status: number } | null; data: { error: string } };
}

describe("site password attempts", () => {
  it(`${RATE_LIMITS.site_password.perIp} wrong tries per IP, then 429 (the right password too); another IP unaffected; right ones do not count`, async () => {
    for (let i = 0; i < 3 * RATE_LIMITS.site_password.perIp; i++) expect(await unlock("open-sesame", "10.60.0.1")).toHaveProperty("status", 302);
    for (let i = 0; i < RATE_LIMITS.site_password.perIp; i++)
      expect(await unlock(`guess-${i}`, "10.60.0.1")).toMatchObject({ data: { error: "That password is not right. Please try again." } });
    const refused = await unlock("open-sesame", "10.60.0.1");
    expect(refused).toMatchObject({ init: { status: 429 }, data: { error: "Too many attempts, try again in 15 minutes." } });
    expect(await unlock("open-sesame", "10.60.0.2")).toHaveProperty("status", 302);
  });
});
