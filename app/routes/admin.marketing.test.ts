import { describe, expect, it } from "vitest";
import type { OperatorRole } from "../../rules/console/operator-roles";
import { operatorSession, roleMatrix } from "../../server/testing/console";
import { testPages } from "../../server/testing/pages";

// The console's e-mail list through the whole HTTP stack: every subscriber with its state, source,
// topics and consent time, searched and filtered; the CSV export holds the confirmed ones only; the
// page and the export are the owner's, the manager's and marketing's (marketing.manage), 403 for the other roles.

const pages = testPages(async () => [
  { id: "routes/admin", path: "admin/nav-probe", module: await import("./admin") },
  { id: "routes/admin.marketing", path: "admin/marketing", module: await import("./admin.marketing") },
  { id: "routes/admin.marketing.csv", path: "admin/marketing/export.csv", module: await import("./admin.marketing.csv") },
]);
const { get, post } = pages;
const session = async (role: OperatorRole) => (await operatorSession(pages.deps.services, role)).cookie;

/** A confirmed subscriber, as the confirmation link makes one. */
async function subscriber(email: string, site: "d2c" | "hpsf", confirm: boolean) {
  const marketing = pages.deps.services.marketing;
  await marketing.subscribe({ site, email, source: site === "hpsf" ? "registration" : "footer" }, { ip: null });
  if (!confirm) return;
  const [mail] = await pages.deps.services.mail.latest({ to: email });
  const token = new URL(/http:\/\/\S+\/email\/confirm\?token=\S+/.exec(mail.text)![0]).searchParams.get("token");
  expect(await marketing.confirm(token, { ip: null })).toMatchObject({ ok: true });
}

describe("the console's e-mail list", () => {
  it("lists subscribers with state, source, topics and consent time; the CSV holds the confirmed ones", async () => {
    const t = Date.now();
    await subscriber(`shop.${t}@example.test`, "d2c", true);
    await subscriber(`staff.${t}@example.test`, "hpsf", true);
    await subscriber(`waiting.${t}@example.test`, "d2c", false);
    const owner = await session("owner");

    const html = (await (await get(`/admin/marketing?q=${t}`, owner)).text()).replace(/<!-- -->/g, "");
    expect(html).toContain('data-testid="subscribers-total"');
    expect(html).toMatch(/3 subscribers/);
    expect(html).toContain(`shop.${t}@example.test`);
    expect(html).toContain("Offers, New products, Autoship tips, Donation news");
    expect(html).toContain("Footer form");
    expect(html).toContain("Program news");
    const pending = (await (await get(`/admin/marketing?q=${t}&state=pending`, owner)).text()).replace(/<!-- -->/g, "");
    expect(pending).toMatch(/1 subscriber\b/);
    expect(pending).toContain(`waiting.${t}@example.test`);

    const csv = await get("/admin/marketing/export.csv?site=d2c", owner);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const text = await csv.text();
    expect(text.split("\r\n")[0]).toBe("email,site,topics,confirmed_at_utc,source,policy_version,paused_until_utc");
    expect(text).toMatch(
      new RegExp(`shop\\.${t}@example\\.test,d2c,offers new_products autoship_tips donation_news,\\d{4}-\\d\\d-\\d\\dT[^,]+,footer,2026-11,\\r\\n`),
    );
    expect(text).not.toContain(`waiting.${t}`);
    expect(text).not.toContain(`staff.${t}`);
  });

  it("is the owner's, the manager's and marketing's: the other roles see no entry and get 403", async () => {
    const manager = await session("manager");
    expect(await (await get("/admin/nav-probe", manager)).text()).toContain('href="/admin/marketing"');
    expect((await get("/admin/marketing", manager)).status).toBe(200);
    expect((await get("/admin/marketing", await session("marketing"))).status).toBe(200);
    for (const role of ["support", "content", "fulfilment"] as const) {
      const cookie = await session(role);
      expect(await (await get("/admin/nav-probe", cookie)).text()).not.toContain('href="/admin/marketing"');
      expect((await get("/admin/marketing", cookie)).status).toBe(403);
      expect((await get("/admin/marketing/export.csv", cookie)).status).toBe(403);
    }
  });

  it("an operator suppresses an address on both sites, for good, audited; a bad address or no reason is named by its field", async () => {
    const email = `bounced.${Date.now()}@example.test`;
    await subscriber(email, "d2c", true);
    const { operator, cookie } = await operatorSession(pages.deps.services, "marketing");
    const bad = await post("/admin/marketing", cookie, { email: "not an address", reason: "" });
    expect(bad.status).toBe(400);
    const text = (await bad.text()).replace(/<!-- -->/g, "");
    expect(text).toContain("Enter a valid e-mail address");
    expect(text).toContain("Choose a reason");

    const done = await post("/admin/marketing", cookie, { email: ` ${email.toUpperCase()} `, reason: "hard_bounce" });
    expect(done.status).toBe(200);
    expect((await done.text()).replace(/<!-- -->/g, "")).toContain(`${email} will receive no marketing from either site again.`);
    const { rows } = await pages.deps.services.marketing.list({ search: email, page: 1, pageSize: 10 });
    expect(rows.map((r) => [r.site, r.state]).sort()).toEqual([
      ["d2c", "suppressed"],
      ["hpsf", "suppressed"],
    ]);
    const [entry] = await pages.deps.services.operators.auditEntries({ operatorEmail: operator.email, limit: 1 });
    expect(entry).toMatchObject({ action: "marketing.suppress", targetId: email, outcome: "ok" });
    // A later sign-up changes nothing: suppressed is final.
    await pages.deps.services.marketing.subscribe({ site: "d2c", email, source: "footer" }, { ip: null });
    expect((await pages.deps.services.marketing.list({ search: email, page: 1, pageSize: 10 })).rows.every((r) => r.state === "suppressed")).toBe(true);
  });

  describe("role matrix", () => {
    roleMatrix(
      () => pages.deps.services,
      [
        {
          name: "marketing.suppress",
          permission: "marketing.manage",
          run: (op) => pages.deps.services.consoleMarketingList.suppress(op, { email: `matrix.${op.role}@example.test`, reason: "operator" }),
        },
      ],
    );
  });
});
