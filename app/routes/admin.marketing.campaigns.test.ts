import { describe, expect, it } from "vitest";
import type { OperatorRole } from "../../rules/console/operator-roles";
import { operatorSession } from "../../server/testing/console";
import { testPages } from "../../server/testing/pages";

// The console's campaigns through the whole HTTP stack: a refused form answers 400 with the message
// by its field; the segment's live count; a draft with its preview at two widths; a test mail to the
// operator; send now; the report. Owner, manager and marketing only (403 for the other roles). A
// campaign mail's signed link counts its click and leads to a page of the shop only.

const pages = testPages(
  async () => [
    { id: "routes/admin", path: "admin/nav-probe", module: await import("./admin") },
    { id: "routes/admin.marketing.campaigns", path: "admin/marketing/campaigns", module: await import("./admin.marketing.campaigns") },
    { id: "routes/admin.marketing.campaigns.$id", path: "admin/marketing/campaigns/:id", module: await import("./admin.marketing.campaigns.$id") },
    { id: "routes/email.c.$token", path: "email/c/:token", module: await import("./email.c.$token") },
  ],
  { seed: true },
);
const { get, post } = pages;
const session = async (role: OperatorRole) => (await operatorSession(pages.deps.services, role)).cookie;
const text = async (r: Response) => (await r.text()).replace(/<!-- -->/g, "");

const FORM = {
  name: "Winter",
  subject: "Warm meals for cold days",
  preheader: "Our winter picks",
  body: "Hello\n\nbutton: Shop now | /products",
  site: "d2c",
  topic: "offers",
};

describe("the console's campaigns", () => {
  it("composes, counts, previews, test-sends and sends a campaign; the report follows", async () => {
    const marketing = await operatorSession(pages.deps.services, "marketing");
    const cookie = marketing.cookie;
    expect(await text(await get("/admin/nav-probe", cookie))).toContain('href="/admin/marketing/campaigns"');

    const bad = await post("/admin/marketing/campaigns/new", cookie, { ...FORM, intent: "save", subject: "", lastOrder: "newer" });
    expect(bad.status).toBe(400);
    const badHtml = await text(bad);
    expect(badHtml).toContain("Write a subject");
    expect(badHtml).toContain("Enter the last order&#x27;s age in days");

    const counted = await post("/admin/marketing/campaigns/new", cookie, { ...FORM, intent: "count" });
    expect(counted.status).toBe(200);
    expect(await text(counted)).toMatch(/\d+ confirmed subscribers? now\./);

    const made = await post("/admin/marketing/campaigns/new", cookie, { ...FORM, intent: "save" });
    expect(made.status).toBe(302);
    const path = made.headers.get("location")!;
    expect(path).toMatch(/^\/admin\/marketing\/campaigns\/[0-9a-f-]{36}$/);

    const page = await text(await get(path, cookie));
    expect(page).toContain('title="Preview: Phone (375 px)"');
    expect(page).toContain('title="Preview: Desktop (700 px)"');
    expect(page).toContain("Warm meals for cold days");
    expect(page).toContain("Draft");

    expect(await text(await post(path, cookie, { intent: "test" }))).toContain(`A test mail was sent to ${marketing.operator.email}`);
    const [test] = await pages.deps.services.mail.latest({ to: marketing.operator.email });
    expect(test.subject).toBe("[Test] Warm meals for cold days");

    const past = await post(path, cookie, { intent: "schedule", scheduleAt: "2020-01-01T00:00" });
    expect(past.status).toBe(400);
    expect(await text(past)).toContain("Choose a time from now on");
    expect(await text(await post(path, cookie, { intent: "schedule", scheduleAt: "" }))).toContain("Sending");
    const sent = await text(await get(path, cookie));
    expect(sent).toContain('data-testid="campaign-report"');
    expect(sent).toContain("Scheduled");

    const list = await text(await get("/admin/marketing/campaigns", cookie));
    expect(list).toContain("Winter");
    expect(list).toContain("Shop · Offers");
  });

  it("is the owner's, the manager's and marketing's: the other roles see no entry and get 403", async () => {
    for (const role of ["owner", "manager"] as const) expect((await get("/admin/marketing/campaigns", await session(role))).status).toBe(200);
    for (const role of ["support", "content", "fulfilment"] as const) {
      const cookie = await session(role);
      expect(await text(await get("/admin/nav-probe", cookie))).not.toContain('href="/admin/marketing/campaigns"');
      expect((await get("/admin/marketing/campaigns", cookie)).status).toBe(403);
      expect((await get("/admin/marketing/campaigns/new", cookie)).status).toBe(403);
      expect((await post("/admin/marketing/campaigns/new", cookie, { ...FORM, intent: "save" })).status).toBe(403);
    }
  });

  it("a link whose signature does not hold leads home and counts nothing", async () => {
    const r = await get("/email/c/not-a-token", "");
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toBe("/");
  });
});
