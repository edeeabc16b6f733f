import { describe, expect, it } from "vitest";
import { isOpenToUnregistered } from "../../rules/staff/roles";
import { testDeps, visitorContext } from "../../server/testing/deps";
import { action as signUp } from "./email.signup";
import { action as register } from "./shelter.register";

// The marketing list's page edges: the footer form's action (a field message for bad input, the
// same answer for every address, the URL's e-mail-marketing parameters kept), the registration
// box asking for a confirmation like any sign-up, and which of the pages the staff site's gate opens.

const env = testDeps();

function post(path: string, fields: [string, string][], ip = "10.60.0.1") {
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  const request = new Request(`http://localhost:3000${path}`, { method: "POST", body: form });
  return { request, context: visitorContext(env.deps, ip), params: {} } as never;
}

type Answer = { data: { ok: boolean; errors: Record<string, string>; values: Record<string, string> }; init: { status: number } | null };
const answerOf = (r: unknown): Answer => ("data" in (r as object) ? (r as Answer) : { data: r as Answer["data"], init: null });

describe("the footer's sign-up", () => {
  it("a bad address: 400 and the message next to the field, nothing kept", async () => {
    const r = answerOf(await signUp(post("/email/signup", [["email", "nobody"]])));
    expect(r.init?.status).toBe(400);
    expect(r.data.errors).toEqual({ email: "Enter a valid email address" });
    expect(await env.deps.services.marketing.byAddress("nobody")).toEqual([]);
  });

  it("the same answer for a new and a known address; the topics ticked and the URL's marketing parameters are kept", async () => {
    const email = `footer.${Date.now()}@example.test`;
    const fields: [string, string][] = [
      ["email", email],
      ["topics", "offers"],
      ["topics", "autoship_tips"],
      ["_kx", "abc"],
      ["variation", "b"],
    ];
    const first = answerOf(await signUp(post("/email/signup", fields)));
    const again = answerOf(await signUp(post("/email/signup", [["email", email]])));
    expect(first.data).toEqual({ ok: true, errors: {}, values: { email } });
    expect(again.data).toEqual(first.data);
    expect(await env.deps.services.marketing.byAddress(email)).toMatchObject([
      { state: "pending", source: "footer", topics: ["offers", "autoship_tips"], integrationInfo: { _kx: "abc", variation: "b" } },
    ]);
    expect((await env.deps.services.mail.latest({ to: email })).map((m) => m.template)).toEqual(["marketing.confirm"]);
  });
});

describe("registration with the marketing box", () => {
  it("asks the new account's address to confirm (double opt-in), like the footer", async () => {
    const email = `reg.${Date.now()}@example.test`;
    const fields: [string, string][] = [
      ["firstName", "Sam"],
      ["lastName", "Lee"],
      ["email", email],
      ["password", "kibble123"],
      ["confirmPassword", "kibble123"],
      ["acceptsMarketing", "on"],
    ];
    await register(post("/shelter/register", fields, "10.60.0.2")).catch((thrown: unknown) => thrown);
    const [row] = await env.deps.services.marketing.byAddress(email);
    expect(row).toMatchObject({ site: "d2c", state: "pending", source: "registration" });
    expect(row.customerId).toMatch(/^[0-9a-f-]{36}$/);
    const unticked = `reg2.${Date.now()}@example.test`;
    await register(post("/shelter/register", [...fields.slice(0, 2), ["email", unticked], ...fields.slice(3, 5)], "10.60.0.3")).catch((t: unknown) => t);
    expect(await env.deps.services.marketing.byAddress(unticked)).toEqual([]);
  });
});

describe("the staff site's gate", () => {
  it("signing up is for registered members; a mail's links (confirm, preferences) need no sign-in", () => {
    expect(isOpenToUnregistered("/email/signup")).toBe(false);
    expect(isOpenToUnregistered("/email/confirm")).toBe(true);
    expect(isOpenToUnregistered("/email/preferences.data")).toBe(true);
  });
});
