import { describe, expect, it } from "vitest";
import { buildSeedCatalog } from "../catalog";
import { parseContentFiles, readContentFiles } from "./files";

const page = (over: object = {}) =>
  JSON.stringify({ type: "page", key: "about", site: "both", status: "published", body: { title: "About", sections: [] }, ...over });

describe("parseContentFiles", () => {
  it("accepts valid files and fills defaults", () => {
    const parsed = parseContentFiles([{ path: "content/pages/about.json", text: page() }]);
    expect(parsed).toMatchObject({ ok: true, entries: [{ type: "page", key: "about", body: { title: "About", description: "", sections: [] } }] });
  });

  it("reports a bad file with its path and the field", () => {
    const bad = JSON.stringify({
      type: "page",
      key: "about",
      body: { title: "About", sections: [{ kind: "feature", heading: "Hi", buttons: [{ text: "Go", url: "javascript:alert(1)" }] }] },
    });
    const parsed = parseContentFiles([
      { path: "content/pages/ok.json", text: page({ key: "ok" }) },
      { path: "content/pages/about.json", text: bad },
    ]);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toEqual([expect.objectContaining({ path: "content/pages/about.json", field: "body.sections.0.buttons.0.url" })]);
  });

  it("reports invalid JSON, an unknown type, a bad status and a duplicate key", () => {
    const parsed = parseContentFiles([
      { path: "a.json", text: "{oops" },
      { path: "b.json", text: page({ type: "poster" }) },
      { path: "c.json", text: page({ status: "live" }) },
      { path: "d.json", text: page() },
      { path: "e.json", text: page() },
      { path: "content/redirects.json", text: JSON.stringify({ redirects: [{ source: "no-slash", target: "/" }] }) },
    ]);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems.map((p) => `${p.path} ${p.field}`)).toEqual([
      "a.json (file)",
      "b.json type",
      "c.json status",
      "e.json key",
      "content/redirects.json redirects.0.source",
    ]);
  });
});

describe("seeded carousels", () => {
  it("name real seeded product handles", async () => {
    const parsed = parseContentFiles(await readContentFiles());
    if (!parsed.ok) throw new Error("content/ is invalid");
    const known = new Set(buildSeedCatalog().products.map((p) => p.handle));
    const handles = parsed.entries.flatMap((e) => {
      const body = e.body as { handles?: string[]; sections?: { handles?: string[] }[] };
      return [...(body.handles ?? []), ...(body.sections ?? []).flatMap((s) => s.handles ?? [])];
    });
    expect(handles.length).toBeGreaterThan(10);
    expect(handles.filter((h) => !known.has(h))).toEqual([]);
  });
});
