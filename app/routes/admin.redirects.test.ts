import { describe, expect, it } from "vitest";
import { operatorSession } from "../../server/testing/console";
import { testPages } from "../../server/testing/pages";

// The redirects page's forms through the whole HTTP stack: added, changed, deleted only when
// confirmed, a loop refused beside its target, and a form naming no known action a 400.

const layout = "routes/admin";
const pages = testPages(async () => [
  { id: layout, path: "admin", module: await import("./admin") },
  { id: "routes/admin.redirects", path: "redirects", parentId: layout, module: await import("./admin.redirects") },
]);
const { get, post } = pages;
const text = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "");

describe("console redirects", () => {
  it("adds, changes and deletes a redirect, the delete only when confirmed", async () => {
    const { cookie } = await operatorSession(pages.deps.services, "owner");
    const added = await post("/admin/redirects", cookie, { intent: "create", source: "/old-treats", target: "/collections/treats", site: "both" });
    expect(added.status).toBe(200);
    expect(await text(added)).toContain("/old-treats now redirects to /collections/treats.");

    const listed = await text(await get("/admin/redirects?q=old-treats", cookie));
    const id = /name="redirectId" value="(\d+)"/.exec(listed)?.[1];
    expect(id).toBeDefined();

    const changed = await post("/admin/redirects", cookie, {
      intent: "update",
      redirectId: id!,
      source: "/old-treats",
      target: "/collections/dog-treats",
      site: "both",
    });
    expect(await text(changed)).toContain("/old-treats now redirects to /collections/dog-treats.");

    const loop = await post("/admin/redirects", cookie, { intent: "update", redirectId: id!, source: "/old-treats", target: "/old-treats", site: "both" });
    expect(loop.status).toBeGreaterThanOrEqual(400);

    const unconfirmed = await post("/admin/redirects", cookie, { intent: "delete", redirectId: id! });
    expect(unconfirmed.status).toBe(400);
    expect(await text(unconfirmed)).toContain("Tick the box to confirm");

    const deleted = await post("/admin/redirects", cookie, { intent: "delete", redirectId: id!, confirm: "yes" });
    expect(await text(deleted)).toContain("The redirect from /old-treats was deleted.");

    const unknown = await post("/admin/redirects", cookie, { intent: "rename" });
    expect(unknown.status).toBe(400);
  });
});
