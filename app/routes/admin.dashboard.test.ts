import { describe, expect, it } from "vitest";
import { dayOf } from "../../rules/shared/calendar-days";
import { operatorSession } from "../../server/testing/console";
import { seededVariants } from "../../server/testing/catalog";
import { anOrderPlacedAt } from "../../server/testing/orders";
import { testPages } from "../../server/testing/pages";

// The console dashboard's trends through the whole HTTP stack: each chart's table on the page with
// an empty canvas for the browser to draw in, and the same table as CSV (/admin/dashboard/export.csv?chart=…), a download
// for a signed-in operator only, never cached.

const pages = testPages(
  async () => [
    { id: "routes/admin.dashboard", path: "admin/dashboard", module: await import("./admin.dashboard") },
    { id: "routes/admin.dashboard.csv", path: "admin/dashboard/export.csv", module: await import("./admin.dashboard.csv") },
  ],
  { seed: true },
);
const { get } = pages;
const session = async () => (await operatorSession(pages.deps.services, "fulfilment")).cookie;

describe("the dashboard's trends", () => {
  it("answers a chart's table as CSV: headers, a row per day, today's sale net of its refund", async () => {
    const db = pages.database.db;
    const [v] = await seededVariants(db);
    const today = dayOf(new Date());
    await anOrderPlacedAt(db, { at: new Date().toISOString(), variantId: v.id, totalCents: 4599, refundedCents: 600 });
    const cookie = await session();

    const res = await get("/admin/dashboard/export.csv?chart=sales", cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="dashboard-sales-30-days-${today}.csv"`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const lines = (await res.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("day_utc,orders,revenue_usd");
    expect(lines).toHaveLength(31);
    expect(lines[30]).toBe(`${today},1,39.99`);

    const longer = (await (await get("/admin/dashboard/export.csv?chart=sales&range=90", cookie)).text()).trimEnd().split("\r\n");
    expect(longer).toHaveLength(91);

    const weeks = (await (await get("/admin/dashboard/export.csv?chart=autoships", cookie)).text()).split("\r\n");
    expect(weeks[0]).toBe("week_starting,new,cancelled,active,cancel_reasons");

    const unknown = await get("/admin/dashboard/export.csv?chart=everything", cookie);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("chart: choose one of the dashboard");
  });

  it("sends a signed-out visitor to the sign-in page instead of the CSV", async () => {
    const res = await get("/admin/dashboard/export.csv?chart=sales", "");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/admin/login?next=${encodeURIComponent("/admin/dashboard/export.csv?chart=sales")}`);
  });

  it("renders every chart's table with its caption, a canvas and a CSV link, the range switch saying which is shown", async () => {
    const html = await (await get("/admin/dashboard?range=90", await session())).text();
    for (const id of ["sales", "autoships", "renewals", "donations", "staff"]) {
      expect(html).toContain(`data-testid="trend-${id}-table"`);
      // Nothing given yet: the donations chart says so instead of drawing an empty canvas.
      if (id === "donations") expect(html).toContain("Nothing was given to a cause in these six months.");
      else expect(html).toMatch(new RegExp(`<canvas[^>]*role="img"[^>]*data-testid="chart-${id}"`));
      expect(html).toContain(`href="/admin/dashboard/export.csv?chart=${id}&amp;range=90"`);
    }
    expect(html).toContain('<caption class="sr-only">Orders and revenue net of refunds per day, the last 90 days (UTC)</caption>');
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*>Last <!-- -->90<!-- --> days<\/a>/);
  });
});
