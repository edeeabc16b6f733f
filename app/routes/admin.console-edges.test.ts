import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { operatorSession } from "../../server/testing/console";
import { testPages } from "../../server/testing/pages";

// Console pages through the whole HTTP stack, under the console's layout as in the shop: a refused
// page (403) and a missing one (404) answer inside the console — its navigation and the reason —
// and an id that is no id at all is a 404, never a 500. The request log never holds a price
// guard answer token (the token is the customer's proof). The setup page refuses a common password.

const logLines: string[] = [];
const HOST = "localhost:3000";

const sink = new Writable({
  write(chunk, _enc, done) {
    logLines.push(String(chunk));
    done();
  },
});
const layout = "routes/admin";
const pages = testPages(
  async () => [
    { id: layout, path: "admin", module: await import("./admin") },
    { id: "routes/admin.operators", path: "operators", parentId: layout, module: await import("./admin.operators") },
    { id: "routes/admin.customers.$id", path: "customers/:id", parentId: layout, module: await import("./admin.customers.$id") },
    { id: "routes/admin.setup", path: "admin/setup", module: await import("./admin.setup") },
  ],
  { log: sink },
);
const { get, post } = pages;

const text = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "");

describe("console errors answer inside the console", () => {
  it("403: a role that may not open a page sees the console navigation and the reason", async () => {
    const { operator, cookie } = await operatorSession(pages.deps.services, "support");
    const res = await get("/admin/operators", cookie);
    expect(res.status).toBe(403);
    const html = await text(res);
    expect(html).toContain('aria-label="Console"');
    expect(html).toContain(`${operator.email} · Support`);
    expect(html).toMatch(/<h1[^>]*>Not allowed<\/h1>/);
    expect(html).toContain('data-testid="console-error-reason">Your role does not allow this.<');
    expect(html).not.toContain("Something went wrong");
  });

  it("404: a customer id that is no id is no such customer, inside the console", async () => {
    const { cookie } = await operatorSession(pages.deps.services, "support");
    const res = await get("/admin/customers/xyz", cookie);
    expect(res.status).toBe(404);
    const html = await text(res);
    expect(html).toContain('aria-label="Console"');
    expect(html).toMatch(/<h1[^>]*>Not found<\/h1>/);
    expect(html).toContain('data-testid="console-error-reason">No such customer.<');
    const unknown = await get("/admin/customers/00000000-0000-4000-8000-00000000dead", cookie);
    expect(unknown.status).toBe(404);
  });

  it("deactivating an operator id that is no id answers 404", async () => {
    const { cookie } = await operatorSession(pages.deps.services, "owner");
    const res = await post("/admin/operators", cookie, { intent: "deactivate", operatorId: "xyz" });
    expect(res.status).toBe(404);
    expect(await text(res)).toContain("No such operator.");
  });
});

describe("the setup page", () => {
  it("refuses one of the most common passwords, next to the field, and keeps the link", async () => {
    const link = await pages.deps.services.operators.issueSetupLink({ email: "common@console.test", role: "support", createdBy: "test" });
    const path = `/admin/setup?token=${link.token}`;
    const res = await post(path, "", { name: "Common", password: "Password1234", confirmPassword: "Password1234" });
    expect(res.status).toBe(400);
    expect(await text(res)).toContain("This password is too common. Choose one that is harder to guess.");
    expect(await pages.deps.services.operators.setupLink(link.token)).toEqual({ email: "common@console.test", role: "support" });
    const done = await post(path, "", { name: "Common", password: "a long console password", confirmPassword: "a long console password" });
    expect(done.status).toBe(302);
  });
});

describe("the request log", () => {
  it("logs a price guard answer link's path without its token", async () => {
    const token = "eyJzdWIiOiJob2xkLTEyMyJ9.c2lnbmF0dXJlLXNlY3JldA";
    logLines.length = 0;
    await pages.app.request(`http://${HOST}/autoship/price-answer/${token}`, { headers: { host: HOST } });
    const requests = logLines.map((l) => JSON.parse(l) as { msg: string; path?: string }).filter((l) => l.msg === "request");
    expect(requests.map((l) => l.path)).toEqual(["/autoship/price-answer/[redacted]"]);
    expect(logLines.join("\n")).not.toContain(token);
  });

  it("logs a reminder mail link's path without its token", async () => {
    const token = "eyJzdWIiOiJzdWItMTIzIn0.c2lnbmF0dXJlLXNlY3JldA";
    logLines.length = 0;
    await pages.app.request(`http://${HOST}/autoship/manage/${token}`, { headers: { host: HOST } });
    const requests = logLines.map((l) => JSON.parse(l) as { msg: string; path?: string }).filter((l) => l.msg === "request");
    expect(requests.map((l) => l.path)).toEqual(["/autoship/manage/[redacted]"]);
    expect(logLines.join("\n")).not.toContain(token);
  });
});
