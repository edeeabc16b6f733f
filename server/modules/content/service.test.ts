import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { parseContentFiles, readContentFiles } from "./files";
import { contentEntries } from "./schema";
import { createContentService, type ContentService } from "./service";
import type { ContentEntryInput } from "./types";

let database: Database;
let content: ContentService;

const banner = (key: string, text: string, over: Partial<ContentEntryInput> = {}): ContentEntryInput => ({
  type: "sitewide-banner",
  key,
  site: "both",
  status: "published",
  body: { text, tone: "info", order: 0 },
  ...over,
});

beforeAll(async () => {
  database = await openTestDatabase();
  content = createContentService(database.db, { ttlMs: 60_000, tokens: { freeShippingThreshold: "$49" } });
});
afterAll(() => database?.close());

describe("content service", () => {
  it("serves published entries only: drafts and archived ones stay hidden", async () => {
    await content.importContent(
      [banner("live", "Live banner"), banner("soon", "Draft banner", { status: "draft" }), banner("old", "Archived banner", { status: "archived" })],
      [],
    );
    expect((await content.list("sitewide-banner", "d2c")).map((e) => e.body.text)).toEqual(["Live banner"]);
    expect(await content.entry("sitewide-banner", "soon", "d2c")).toBeNull();
    expect(await content.entry("sitewide-banner", "old", "hpsf")).toBeNull();
  });

  it("a site's own variant wins over the shared entry; the other site keeps the shared one", async () => {
    const page = (title: string) => ({ title, description: "", sections: [] });
    await content.importContent(
      [
        { type: "page", key: "variant-test", site: "both", status: "published", body: page("Shared") },
        { type: "page", key: "variant-test", site: "hpsf", status: "published", body: page("Staff") },
        { type: "page", key: "shop-only", site: "d2c", status: "published", body: page("Shop only") },
      ],
      [],
    );
    expect((await content.entry("page", "variant-test", "d2c"))?.title).toBe("Shared");
    expect((await content.entry("page", "variant-test", "hpsf"))?.title).toBe("Staff");
    expect(await content.entry("page", "shop-only", "hpsf")).toBeNull();
  });

  it("sanitises rich text and fills {{tokens}} on the way out", async () => {
    await content.importContent(
      [
        {
          type: "page",
          key: "xss-test",
          site: "both",
          status: "published",
          body: {
            title: "X",
            description: "",
            sections: [{ kind: "richText", bodyHtml: '<p onclick="x()">Over {{freeShippingThreshold}}</p><script>alert(1)</script>' }],
          },
        },
      ],
      [],
    );
    const page = await content.entry("page", "xss-test", "d2c");
    expect(page?.sections[0]).toEqual({ kind: "richText", bodyHtml: "<p>Over $49</p>" });
  });

  it("caches reads until an import clears the cache", async () => {
    await content.importContent([banner("cache", "Before")], []);
    expect((await content.entry("sitewide-banner", "cache", "d2c"))?.text).toBe("Before");
    await database.db.execute(sql`update content_entries set body = jsonb_set(body, '{text}', '"Changed behind its back"') where key = 'cache'`);
    expect((await content.entry("sitewide-banner", "cache", "d2c"))?.text).toBe("Before");
    await content.importContent([banner("cache", "After")], []);
    expect((await content.entry("sitewide-banner", "cache", "d2c"))?.text).toBe("After");
  });

  it("leaves out a row whose body no longer fits its type", async () => {
    await database.db.execute(
      sql`insert into content_entries (type, key, site, status, body) values ('sitewide-banner', 'broken', 'both', 'published', '{"nope": 1}')`,
    );
    content.invalidate();
    expect(await content.entry("sitewide-banner", "broken", "d2c")).toBeNull();
  });

  it("looks up redirects by path, per site, with or without a trailing slash", async () => {
    await content.importContent(
      [],
      [
        { source: "/old-food", target: "/products", permanent: true, site: "both" },
        { source: "/old-food", target: "/faq", permanent: false, site: "hpsf" },
        { source: "/away", target: "https://example.com/pet-blog", permanent: false, site: "d2c" },
      ],
    );
    expect(await content.redirectFor("/old-food/", "d2c")).toEqual({ target: "/products", permanent: true });
    expect(await content.redirectFor("/old-food", "hpsf")).toEqual({ target: "/faq", permanent: false });
    expect(await content.redirectFor("/away", "hpsf")).toBeNull();
    expect(await content.redirectFor("/nowhere", "d2c")).toBeNull();
  });

  it("imports all or nothing: a failing row rolls the whole import back", async () => {
    const before = await content.list("sitewide-banner", "d2c");
    await expect(content.importContent([banner("rollback-1", "One"), banner("rollback-2", "Two", { site: "nowhere" as never })], [])).rejects.toThrow();
    content.invalidate();
    expect(await content.list("sitewide-banner", "d2c")).toEqual(before);
  });
});

describe("the content folder of the repository", () => {
  it("is valid and complete: every type has at least one published entry", async () => {
    const parsed = parseContentFiles(await readContentFiles());
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems, null, 2));
    const types = new Set(parsed.entries.filter((e) => e.status === "published").map((e) => e.type));
    for (const t of ["page", "announcement", "sitewide-banner", "navigation", "header", "footer", "contact", "globals"]) expect(types).toContain(t);
    const pages = parsed.entries.filter((e) => e.type === "page").map((e) => `${e.key}:${e.site}`);
    for (const p of ["home:d2c", "home:hpsf", "error:both", "faq:both", "shipping:d2c", "shipping:hpsf", "terms-and-conditions:hpsf", "autoship:d2c"]) {
      expect(pages).toContain(p);
    }
  });
});

describe("what a kept page shows of the content", () => {
  const idsOf = async (keys: string[]) =>
    (await database.db.select({ id: contentEntries.id }).from(contentEntries).where(inArray(contentEntries.key, keys)).orderBy(contentEntries.id)).map(
      (r) => r.id,
    );

  it("each read tells the recorder the entries it looked at, the shadowed ones too, from the cache as well", async () => {
    const page = (title: string) => ({ title, description: "", sections: [] });
    await content.importContent(
      [
        { type: "page", key: "shown-test", site: "both", status: "published", body: page("Shared") },
        { type: "page", key: "shown-test", site: "d2c", status: "published", body: page("Shop") },
        banner("shown-a", "A"),
      ],
      [],
    );
    for (let read = 0; read < 2; read++) {
      const shown: number[] = [];
      const recording = content.recording((ids) => shown.push(...ids));
      expect((await recording.entry("page", "shown-test", "d2c"))?.title).toBe("Shop");
      expect(shown.sort()).toEqual(await idsOf(["shown-test"]));
      shown.length = 0;
      await recording.blocksFor("highlight-content-block", "home", "d2c");
      await recording.list("sitewide-banner", "d2c");
      expect(shown).toEqual(expect.arrayContaining(await idsOf(["shown-a"])));
    }
  });

  it("an edit of an entry's body notifies its id; publishing, archiving or adding one names the table", async () => {
    await content.importContent([banner("notice-a", "A")], []);
    const [id] = await idsOf(["notice-a"]);
    const heard: string[] = [];
    const stop = await database.listen(
      "page_cache",
      (payload) => heard.push(payload),
      () => {},
    );
    try {
      const change = async (statement: ReturnType<typeof sql>) => {
        heard.length = 0;
        await database.db.execute(statement);
        await database.db.execute(sql`select pg_notify('page_cache', 'marker')`);
        await vi.waitFor(() => expect(heard).toContain("marker"));
        return heard.filter((p) => p !== "marker");
      };
      expect(await change(sql`update content_entries set body = jsonb_set(body, '{text}', '"B"') where id = ${id}`)).toEqual([`content_entries:${id}`]);
      expect(await change(sql`update content_entries set status = 'archived' where id = ${id}`)).toEqual(["content_entries"]);
      expect(await change(sql`update content_entries set key = 'notice-b' where id = ${id}`)).toEqual(["content_entries"]);
      expect(await change(sql`update content_entries set body = body where id = -1`)).toEqual([]);
    } finally {
      await stop();
    }
  });
});
