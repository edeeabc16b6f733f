import { describe, expect, it } from "vitest";
import { operatorSession, roleMatrix } from "../../server/testing/console";
import { testPages } from "../../server/testing/pages";

// The console's settings of the automatic mails through the whole HTTP stack: the owner's and the
// manager's (marketing.automations), every save audited with the settings before and after, a bad
// field answered 400 by its name and nothing saved; every role against the write.

const pages = testPages(async () => [
  { id: "routes/admin", path: "admin/nav-probe", module: await import("./admin") },
  { id: "routes/admin.marketing", path: "admin/marketing", module: await import("./admin.marketing") },
  { id: "routes/admin.marketing.automations", path: "admin/marketing/automations", module: await import("./admin.marketing.automations") },
]);
const { get, post } = pages;
const PATH = "/admin/marketing/automations";
const form = { backInStockEnabled: "on", abandonedCartEnabled: "on", firstAfterMinutes: "90", secondAfterHours: "36", afterDays: "45" };

describe("the console's automatic mails", () => {
  it("a manager switches win-back off and retimes the reminders; audited; a bad delay is named and nothing saved", async () => {
    const { operator, cookie } = await operatorSession(pages.deps.services, "manager");
    expect((await get(PATH, cookie)).status).toBe(200);
    const saved = await post(PATH, cookie, form);
    expect(saved.status).toBe(200);
    expect(await pages.deps.services.marketing.automations.settings()).toEqual({
      backInStock: { enabled: true },
      abandonedCart: { enabled: true, firstAfterMinutes: 90, secondAfterHours: 36 },
      winBack: { enabled: false, afterDays: 45 },
    });
    const [entry] = await pages.deps.services.operators.auditEntries({ operatorEmail: operator.email, limit: 1 });
    expect(entry).toMatchObject({ action: "marketing.automation_settings", outcome: "ok" });
    expect(JSON.stringify(entry)).toContain('"afterDays":45');

    const bad = await post(PATH, cookie, { ...form, firstAfterMinutes: "5" });
    expect(bad.status).toBe(400);
    expect((await bad.text()).replace(/<!-- -->/g, "")).toContain("At least 15");
    expect((await pages.deps.services.marketing.automations.settings()).abandonedCart.firstAfterMinutes).toBe(90);
  });

  it("the e-mail list links to it for the owner and the manager only; the other roles get 403", async () => {
    const list = (role: "manager" | "marketing") =>
      operatorSession(pages.deps.services, role).then(async ({ cookie }) => (await get("/admin/marketing", cookie)).text());
    expect(await list("manager")).toContain(`href="${PATH}"`);
    expect(await list("marketing")).not.toContain(`href="${PATH}"`);
    for (const role of ["marketing", "support", "content", "fulfilment"] as const) {
      const { cookie } = await operatorSession(pages.deps.services, role);
      expect((await get(PATH, cookie)).status).toBe(403);
      expect((await post(PATH, cookie, form)).status).toBe(403);
    }
  });

  describe("role matrix", () => {
    roleMatrix(
      () => pages.deps.services,
      [
        {
          name: "marketing.automation_settings",
          permission: "marketing.automations",
          run: (op) => pages.deps.services.consoleMarketingAutomations.saveSettings(op, form),
        },
      ],
    );
  });
});
