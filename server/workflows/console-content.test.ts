import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import type { AppDeps, RequestContext } from "../context";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { previewResponse, withContentPreview } from "../http/content-preview";
import { createPageCache } from "../http/page-cache";
import { closesLoop } from "../modules/content";
import { addItem, describeForm, readForm, type FormNode } from "../modules/content";
import { previewToken, readPreviewToken } from "../modules/content";
import { createServices } from "../wiring";
import { operatorOf, roleMatrix, type ConsoleWrite } from "../testing/console";
import { withClaims } from "../testing/tokens";

// The console's Content section: every write against every role; a draft never reaches the live
// page until it is published, archiving takes it off; preview links that only work signed and in
// time, and are never cached; the form generated from the content types; redirects that stay on
// this site and never loop.

let database: Database;
let services: ReturnType<typeof createServices>;
const MISSING = 99_999_999;
const SECRET = "a-test-secret-of-the-app-0123456789abcdef";

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  services = createServices(database.db, parseConfig({}));
}, 60_000);
afterAll(() => database.close());

const owner = () => operatorOf(services, "owner");
const content = () => operatorOf(services, "content");

async function entryId(type: "page", key: string): Promise<number> {
  const { rows } = await services.content.editor.list({ type, status: null, q: key, sort: "key", dir: "asc", page: 1, pageSize: 50 });
  const row = rows.find((r) => r.key === key && r.site === "both");
  if (!row) throw new Error(`no ${type} ${key}`);
  return row.id;
}

/** The form's inputs as a browser would submit them, from the generated description. */
function submitted(nodes: FormNode[], into = new URLSearchParams()): URLSearchParams {
  for (const n of nodes) {
    if (n.kind === "group") submitted(n.fields, into);
    else if (n.kind === "list") {
      into.set(`${n.name}._count`, String(n.items.length));
      for (const item of n.items) submitted(item.fields, into);
    } else if (n.kind === "checkbox") {
      if (n.value) into.set(n.name, "on");
    } else into.set(n.name, n.value);
  }
  return into;
}

describe("the role × action matrix: every content write, every role", () => {
  const writes: ConsoleWrite[] = [
    {
      name: "content.create",
      permission: "content.edit",
      run: (op) => services.consoleContent.createEntry(op, { type: "page", key: "", site: "both", body: {} }),
    },
    { name: "content.save_draft", permission: "content.edit", run: (op) => services.consoleContent.saveDraft(op, { entryId: MISSING, body: {} }) },
    { name: "content.publish", permission: "content.edit", run: (op) => services.consoleContent.publish(op, { entryId: MISSING }) },
    { name: "content.archive", permission: "content.edit", run: (op) => services.consoleContent.archive(op, { entryId: MISSING }) },
    { name: "content.preview", permission: "content.edit", run: (op) => services.consoleContent.previewLink(op, { entryId: MISSING, secret: SECRET }) },
    { name: "redirect.create", permission: "content.edit", run: (op) => services.consoleContent.createRedirect(op, { source: "//evil", target: "/" }) },
    {
      name: "redirect.update",
      permission: "content.edit",
      run: (op) => services.consoleContent.updateRedirect(op, { redirectId: MISSING, input: { source: "/a-b", target: "/c" } }),
    },
    { name: "redirect.delete", permission: "content.edit", run: (op) => services.consoleContent.deleteRedirect(op, { redirectId: MISSING }) },
  ];
  roleMatrix(() => services, writes);
});

describe("draft, publish, archive", () => {
  it("a saved draft leaves the live page as it was; publishing shows it (cache cleared); archiving takes the page away", async () => {
    const op = await content();
    const id = await entryId("page", "about-us");
    // Warm the cache with the live version: publishing must not leave it behind.
    expect((await services.content.entry("page", "about-us", "d2c"))?.title).toBe("About Us");

    const entry = (await services.content.editor.get(id))!;
    const draft = { ...(entry.body as object), title: "About Our Shop" };
    const saved = await services.consoleContent.saveDraft(op, { entryId: id, body: draft });
    expect(saved).toMatchObject({ ok: true });
    services.content.invalidate();
    expect((await services.content.entry("page", "about-us", "d2c"))?.title).toBe("About Us");
    expect((await services.content.editor.get(id))?.status).toBe("published");

    expect(await services.consoleContent.publish(op, { entryId: id })).toMatchObject({ ok: true });
    expect((await services.content.entry("page", "about-us", "d2c"))?.title).toBe("About Our Shop");
    expect((await services.content.editor.get(id))?.draftBody).toBeNull();

    expect(await services.consoleContent.archive(op, { entryId: id })).toMatchObject({ ok: true });
    expect(await services.content.entry("page", "about-us", "d2c")).toBeNull();

    const audit = await services.operators.auditEntries({ operatorEmail: op.email, targetType: "content_entry", targetId: String(id) });
    expect(audit.map((a) => a.action)).toEqual(["content.archive", "content.publish", "content.save_draft"]);
    const publish = audit.find((a) => a.action === "content.publish")!;
    expect(publish.before).toMatchObject({ status: "published", body: { title: "About Us" }, draftBody: { title: "About Our Shop" } });
    expect(publish.after).toMatchObject({ status: "published", body: { title: "About Our Shop" }, draftBody: null });
    expect(audit.find((a) => a.action === "content.archive")).toMatchObject({ before: { status: "published" }, after: { status: "archived" } });

    // Published again, it is back.
    await services.consoleContent.publish(op, { entryId: id });
    expect((await services.content.entry("page", "about-us", "d2c"))?.title).toBe("About Our Shop");
  });

  it("refuses a draft that breaks its type, with the field named, and keeps nothing", async () => {
    const op = await content();
    const id = await entryId("page", "privacy-policy");
    const before = await services.content.editor.get(id);
    const result = await services.consoleContent.saveDraft(op, { entryId: id, body: { title: "", sections: [{ kind: "hero", heading: "" }] } });
    expect(result).toMatchObject({ ok: false, code: "INVALID", errors: { title: "must not be empty", "sections.0.heading": "must not be empty" } });
    expect(await services.content.editor.get(id)).toEqual(before);
  });

  it("a new entry starts as a draft, off the shop until published; a second with the same key is refused", async () => {
    const op = await owner();
    const made = await services.consoleContent.createEntry(op, { type: "page", key: "new-arrivals", site: "both", body: { title: "New arrivals" } });
    expect(made).toMatchObject({ ok: true, entry: { status: "draft" } });
    expect(await services.content.entry("page", "new-arrivals", "d2c")).toBeNull();
    await services.consoleContent.publish(op, { entryId: (made as { entry: { id: number } }).entry.id });
    expect((await services.content.entry("page", "new-arrivals", "d2c"))?.title).toBe("New arrivals");
    expect(await services.consoleContent.createEntry(op, { type: "page", key: "new-arrivals", site: "both", body: { title: "Again" } })).toMatchObject({
      code: "DUPLICATE",
    });
    expect(await services.consoleContent.createEntry(op, { type: "page", key: "Bad Key!", site: "both", body: { title: "x" } })).toMatchObject({
      code: "INVALID",
      errors: { key: expect.any(String) },
    });
  });

  it("lists entries filtered, searched, sorted and paged on the server", async () => {
    const editor = services.content.editor;
    const pages = await editor.list({ type: "page", status: null, q: "", sort: "key", dir: "desc", page: 1, pageSize: 3 });
    expect(pages.rows).toHaveLength(3);
    expect(pages.total).toBeGreaterThan(3);
    expect(pages.rows.every((r) => r.type === "page")).toBe(true);
    const keys = pages.rows.map((r) => r.key);
    expect([...keys].sort().reverse()).toEqual(keys);
    const found = await editor.list({ type: null, status: null, q: "feeding", sort: "key", dir: "asc", page: 1, pageSize: 25 });
    expect(found.rows.map((r) => r.key)).toContain("feeding-guide");
    const second = await editor.list({ type: "page", status: null, q: "", sort: "key", dir: "desc", page: 2, pageSize: 3 });
    expect(second.rows[0]?.key).not.toBe(keys[0]);
  });
});

describe("preview links", () => {
  const now = new Date("2026-05-01T12:00:00Z");

  it("a signed token names its entry until it expires; a tampered, foreign or expired one names nothing", async () => {
    const { token } = await previewToken(SECRET, 42, new Date(now.getTime() + 60_000));
    expect(await readPreviewToken(SECRET, token, now)).toBe(42);
    expect(await readPreviewToken(SECRET, token, new Date(now.getTime() + 60_001))).toBeNull();
    expect(await readPreviewToken(SECRET, withClaims(token, { entryId: 43 }), now)).toBeNull();
    expect(await readPreviewToken(SECRET, withClaims(token, { exp: now.getTime() / 1000 + 3600 }), now)).toBeNull();
    expect(await readPreviewToken(SECRET, `${token.slice(0, -2)}${token.slice(-2, -1) === "A" ? "B" : "A"}${token.slice(-1)}`, now)).toBeNull();
    expect(await readPreviewToken("another-secret-entirely-0123456789abcdef", token, now)).toBeNull();
    expect(await readPreviewToken(SECRET, "", now)).toBeNull();
  });

  it("renders the draft for the link's holder only: the live read stays, the response is no-store and noindex, and the guest page cache keeps nothing", async () => {
    const op = await content();
    const id = await entryId("page", "feeding-guide");
    const entry = (await services.content.editor.get(id))!;
    await services.consoleContent.saveDraft(op, { entryId: id, body: { ...(entry.body as object), title: "Feeding guide (draft)" } });
    const link = await services.consoleContent.previewLink(op, { entryId: id, secret: SECRET });
    if (!link.ok) throw new Error("no link");
    expect(link.url).toMatch(/^\/feeding-guide\?preview=[\w-]+\.[\w-]+\.[\w-]{43}$/);

    const deps = { services, sessionSecret: SECRET } as unknown as AppDeps;
    const base = { services } as unknown as RequestContext;
    const shown = await withContentPreview(deps, new Request(`http://localhost${link.url}`), base);
    expect(shown.preview).toBe(true);
    expect((await shown.context.services.content.entry("page", "feeding-guide", "d2c"))?.title).toBe("Feeding guide (draft)");
    expect((await services.content.entry("page", "feeding-guide", "d2c"))?.title).not.toBe("Feeding guide (draft)");

    const tampered = await withContentPreview(deps, new Request(`http://localhost${link.url.replace("preview=", "preview=1")}`), base);
    expect(tampered.context.services.content).toBe(services.content);
    const plain = await withContentPreview(deps, new Request("http://localhost/feeding-guide"), base);
    expect(plain).toMatchObject({ preview: false });

    const answer = previewResponse(new Response("<p>draft</p>", { headers: { "Cache-Control": "public, max-age=60" } }));
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(answer.headers.get("X-Robots-Tag")).toMatch(/noindex/);

    const cache = createPageCache();
    cache.setLive(true);
    let renders = 0;
    const page = cache.wrap(async () => new Response(`<p>${++renders}</p>`, { headers: { "content-type": "text/html" } }));
    const guest = { session: null, customer: null } as unknown as RequestContext;
    await page(new Request(`http://localhost${link.url}`), guest);
    await page(new Request(`http://localhost${link.url}`), guest);
    expect(renders).toBe(2);
    expect(cache.size).toBe(0);
  });
});

describe("the form generated from the content types", () => {
  it("gives every field of a type an input, required ones marked, and reads a submitted form back into the same body", async () => {
    const entry = (await services.content.editor.get(await entryId("page", "faq")))!;
    const form = describeForm("page", entry.body);
    expect(form.map((f) => [f.name, f.kind, f.required])).toEqual([
      ["title", "text", true],
      ["description", "text", false],
      ["sections", "list", false],
    ]);
    const sections = form[2] as Extract<FormNode, { kind: "list" }>;
    expect(sections.variants).toEqual(["hero", "feature", "richText", "faq", "productCarousel"]);
    expect(readForm("page", submitted(form))).toEqual(entry.body);

    const contact = describeForm("contact", {});
    expect(contact.find((f) => f.name === "email")?.kind).toBe("email");
    expect(contact.find((f) => f.name === "hours")?.kind).toBe("lines");
    const carousel = describeForm("product-carousel", {});
    expect(carousel.find((f) => f.name === "bg_color")).toMatchObject({ kind: "select", options: expect.arrayContaining(["white", "dark blue"]) });
    expect(carousel.find((f) => f.name === "order")?.kind).toBe("number");
    expect(carousel.find((f) => f.name === "isLastComponent")?.kind).toBe("checkbox");
  });

  it("answers per-field errors for missing required fields and bad formats", async () => {
    const op = await content();
    const made = await services.consoleContent.createEntry(op, {
      type: "contact",
      key: "form-test",
      site: "both",
      body: readForm("contact", new URLSearchParams({ heading: "", phone: "555", email: "not-an-email", hours: "9-5", addressLines: "" })),
    });
    expect(made).toMatchObject({ ok: false, code: "INVALID" });
    const errors = (made as { errors: Record<string, string> }).errors;
    expect(Object.keys(errors).sort()).toEqual(["email", "heading"]);

    const banner = readForm(
      "promotion-banner",
      new URLSearchParams({
        page: "home",
        order: "first",
        heading: "Sale",
        "link.text": "Go",
        "link.url": "javascript:alert(1)",
        "image.src": "x.png",
        "image.alt": "",
      }),
    );
    const bad = await services.consoleContent.createEntry(op, { type: "promotion-banner", key: "sale", site: "both", body: banner });
    expect(Object.keys((bad as { errors: Record<string, string> }).errors).sort()).toEqual(["image.src", "link.url", "order"]);
  });

  it("adds and removes repeated items without saving", () => {
    const body = addItem("page", { title: "T", sections: [] }, "sections", "faq");
    expect(body.sections).toEqual([{ kind: "faq" }]);
    const again = addItem("page", { title: "T", sections: [{ kind: "hero", heading: "H", buttons: [] }] }, "sections.0.buttons", null);
    expect((again.sections as { buttons: unknown[] }[])[0]!.buttons).toEqual([{}]);
    expect(addItem("page", { title: "T" }, "sections", "nonsense")).toEqual({ title: "T" });
    const form = submitted(
      describeForm("page", {
        title: "T",
        sections: [
          { kind: "richText", bodyHtml: "<p>a</p>" },
          { kind: "richText", bodyHtml: "<p>b</p>" },
        ],
      }),
    );
    form.set("sections.0._remove", "on");
    expect(readForm("page", form).sections).toEqual([{ kind: "richText", bodyHtml: "<p>b</p>" }]);
  });
});

describe("redirects", () => {
  it("adds one the storefront applies at once, changes and deletes it, each audited", async () => {
    const op = await content();
    const made = await services.consoleContent.createRedirect(op, { source: "/old-treats/", target: "/products?q=treats", permanent: false, site: "both" });
    if (!made.ok) throw new Error(made.message);
    expect(made.after).toMatchObject({ source: "/old-treats", target: "/products?q=treats" });
    expect(await services.content.redirectFor("/old-treats", "d2c")).toEqual({ target: "/products?q=treats", permanent: false });

    expect(
      await services.consoleContent.updateRedirect(op, {
        redirectId: made.after.id,
        input: { source: "/old-treats", target: "/faq", permanent: true, site: "both" },
      }),
    ).toMatchObject({ ok: true });
    expect(await services.content.redirectFor("/old-treats", "d2c")).toEqual({ target: "/faq", permanent: true });

    expect(await services.consoleContent.deleteRedirect(op, { redirectId: made.after.id })).toMatchObject({ ok: true });
    expect(await services.content.redirectFor("/old-treats", "d2c")).toBeNull();

    const audit = await services.operators.auditEntries({ operatorEmail: op.email, targetType: "redirect", targetId: String(made.after.id) });
    expect(audit.map((a) => a.action)).toEqual(["redirect.delete", "redirect.update", "redirect.create"]);
    expect(audit[1]).toMatchObject({ before: { target: "/products?q=treats" }, after: { target: "/faq" } });
  });

  it.each(["//evil.example", "/\\evil.example", "https://evil.example/", "/%2f%2fevil.example", "javascript:alert(1)", "/%5cevil.example", " //evil.example"])(
    "refuses the open-redirect target %s",
    async (target) => {
      const op = await content();
      const result = await services.consoleContent.createRedirect(op, { source: "/go-away", target, permanent: true, site: "both" });
      expect(result).toMatchObject({ ok: false, code: "INVALID", errors: { target: expect.any(String) } });
      expect(await services.content.redirectFor("/go-away", "d2c")).toBeNull();
    },
  );

  it.each(["//evil.example", "/\\evil", "https://evil.example/x", "/page?x=1", "no-slash"])("refuses the source %s", async (source) => {
    const op = await content();
    expect(await services.consoleContent.createRedirect(op, { source, target: "/faq" })).toMatchObject({
      ok: false,
      code: "INVALID",
      errors: { source: expect.any(String) },
    });
  });

  it("refuses loops: to itself, back and forth, and round a chain", async () => {
    const op = await owner();
    expect(await services.consoleContent.createRedirect(op, { source: "/loop-a", target: "/loop-a/" })).toMatchObject({
      code: "INVALID",
      errors: { target: expect.any(String) },
    });
    expect(await services.consoleContent.createRedirect(op, { source: "/loop-a", target: "/loop-b" })).toMatchObject({ ok: true });
    expect(await services.consoleContent.createRedirect(op, { source: "/loop-b", target: "/loop-c" })).toMatchObject({ ok: true });
    expect(await services.consoleContent.createRedirect(op, { source: "/loop-c", target: "/loop-a?from=c" })).toMatchObject({ ok: false, code: "LOOP" });
    expect(await services.content.redirectFor("/loop-c", "d2c")).toBeNull();
    // On sites that never meet, no loop.
    expect(closesLoop({ source: "/x", target: "/y", permanent: true, site: "d2c" }, [{ source: "/y", target: "/x", site: "hpsf" }])).toBe(false);
    expect(closesLoop({ source: "/x", target: "/y", permanent: true, site: "d2c" }, [{ source: "/y", target: "/x", site: "both" }])).toBe(true);
  });

  it("refuses a second redirect for the same path and site", async () => {
    const op = await owner();
    expect(await services.consoleContent.createRedirect(op, { source: "/dog-food", target: "/faq" })).toMatchObject({ ok: false, code: "DUPLICATE" });
  });
});
