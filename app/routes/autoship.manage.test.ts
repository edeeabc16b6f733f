import { describe, expect, it } from "vitest";
import { linkCycleOf } from "../../rules/autoship/mail-actions";
import { addDays, dayOf } from "../../rules/shared/calendar-days";
import { parseConfig } from "../../server/config";
import { mailActionToken } from "../../server/modules/autoship";
import { testPages } from "../../server/testing/pages";
import { renewalKit } from "../../server/testing/renewals";

// The reminder mail's confirmation page over HTTP: kept by no cache and no search engine, a GET
// that changes nothing, a quantity refused next to its field (400), then the one change, after
// which the link says it is spent.

const pages = testPages(
  async () => [{ id: "routes/autoship.manage.$token", path: "autoship/manage/:token", module: await import("./autoship.manage.$token") }],
  {
    seed: true,
  },
);

const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

describe("the reminder mail's confirmation page", () => {
  it("asks without changing anything, refuses a bad quantity by its field, then changes it once", async () => {
    const kit = await renewalKit(pages.database, parseConfig({}));
    const sub = await kit.subscription({ nextOrderDate: addDays(dayOf(new Date()), 2), quantity: 2 });
    const token = await mailActionToken(pages.deps.sessionSecret, { subscriptionId: sub.id, action: "change_quantity", ...linkCycleOf(sub) });
    const path = `/autoship/manage/${token}`;

    const page = await pages.get(path, "");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("x-robots-tag")).toBe("noindex");
    const html = await text(page);
    expect(html).toContain("How many should the delivery planned for");
    expect(html).toContain("Save quantity");
    expect((await kit.reload(sub.id)).updatedAt).toEqual(sub.updatedAt);

    const refused = await pages.post(path, "", { quantity: "99" });
    expect(refused.status).toBe(400);
    expect(await text(refused)).toMatch(/aria-invalid="true"[^>]*>[\s\S]*Autoship items are limited to \d+/);
    expect((await kit.reload(sub.id)).quantity).toBe(2);

    const done = await pages.post(path, "", { quantity: "3" });
    expect(done.status).toBe(200);
    expect(await text(done)).toContain("The quantity was changed.");
    expect((await kit.reload(sub.id)).quantity).toBe(3);

    const again = await pages.post(path, "", { quantity: "4" });
    expect(again.status).toBe(409);
    expect(await text(again)).toContain("This link has already been used or the delivery has been placed.");
    expect(await text(await pages.get(path, ""))).toContain("This link has already been used or the delivery has been placed.");
    expect((await kit.reload(sub.id)).quantity).toBe(3);
  });
});
