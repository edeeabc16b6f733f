import { beforeAll, describe, expect, it } from "vitest";
import { may, OPERATOR_ROLES, type OperatorRole } from "../../rules/console/operator-roles";
import { operatorSession } from "../../server/testing/console";
import { testPages } from "../../server/testing/pages";

// The console's Errors page through the whole HTTP stack: the recorded errors with their counts,
// newest or most frequent first; a role without errors.view gets 403 (and the refusal is audited).

const pages = testPages(async () => [{ id: "routes/admin.errors", path: "admin/errors", module: await import("./admin.errors") }]);
const { get } = pages;
beforeAll(async () => {
  const errors = pages.deps.services.errorReports;
  for (let i = 0; i < 3; i++)
    await errors.record({
      source: "browser",
      type: "TypeError",
      message: "Cannot read properties of null (reading 'quantity')",
      route: "/cart",
      release: "build-1",
    });
  await errors.record({ source: "server", type: "RangeError", message: "Invalid time value", route: "/account/orders", release: "build-1" });
});

async function session(role: OperatorRole) {
  const { operator, cookie } = await operatorSession(pages.deps.services, role);
  return { cookie, email: operator.email };
}

/** The table's rows as "count type: message" lines. */
const tableRows = (html: string) =>
  [...html.matchAll(/<tr class="border-b border-gray-200 align-top"><td[^>]*>(\d+)<\/td><td[^>]*><span[^>]*>(\w+)<\/span>: ([^<]*)/g)].map(
    (m) => `${m[1]} ${m[2]}: ${m[3]}`,
  );

describe("/admin/errors", () => {
  it("lists the recorded errors with their counts, newest first or most frequent first", async () => {
    const { cookie } = await session("owner");
    const recent = await get("/admin/errors", cookie);
    expect(recent.status).toBe(200);
    const html = (await recent.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("2 distinct errors");
    expect(tableRows(html)).toEqual(["1 RangeError: Invalid time value", "3 TypeError: Cannot read properties of null (reading &#x27;quantity&#x27;)"]);
    const frequent = (await (await get("/admin/errors?sort=frequent", cookie)).text()).replaceAll("<!-- -->", "");
    expect(tableRows(frequent).map((r) => r.split(":")[0])).toEqual(["3 TypeError", "1 RangeError"]);
    const browserOnly = (await (await get("/admin/errors?source=browser", cookie)).text()).replaceAll("<!-- -->", "");
    expect(tableRows(browserOnly)).toHaveLength(1);
  });

  it.each(OPERATOR_ROLES.map((role) => [role, may(role, "errors.view")] as const))(
    "%s: allowed %s (403 and an audited refusal otherwise)",
    async (role, allowed) => {
      const { cookie, email } = await session(role);
      const res = await get("/admin/errors", cookie);
      expect(res.status).toBe(allowed ? 200 : 403);
      const html = await res.text();
      expect(html.includes("Invalid time value")).toBe(allowed);
      const audit = await pages.deps.services.operators.auditEntries({ operatorEmail: email, limit: 10 });
      expect(audit.some((e) => e.outcome === "denied" && e.targetId === "/admin/errors")).toBe(!allowed);
    },
  );

  it("sends a signed-out visitor to the console's sign-in", async () => {
    const res = await get("/admin/errors", "");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/login?next=%2Fadmin%2Ferrors");
  });
});
