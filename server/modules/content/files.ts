import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { z } from "zod";
import { contentFileSchema, redirectsFileSchema, type ContentEntryInput, type RedirectInput } from "./types";

// Content lives in files under content/ in the repository: one JSON file per entry,
// grouped in folders by type for people; content/redirects.json holds the URL redirects.
// Everything is validated before anything is written: a bad file is reported with its path and field.

export const CONTENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../content");
const REDIRECTS_FILE = "redirects.json";

export type ContentFile = { path: string; text: string };
export type ContentProblem = { path: string; field: string; message: string };
export type ParsedContent = { ok: true; entries: ContentEntryInput[]; redirects: RedirectInput[] } | { ok: false; problems: ContentProblem[] };

function problemsOf(file: string, error: z.ZodError): ContentProblem[] {
  return error.issues.map((i) => ({ path: file, field: i.path.length ? i.path.join(".") : "(file)", message: i.message }));
}

/** Validates every file; pure, so the import and the tests share it. */
export function parseContentFiles(files: ContentFile[]): ParsedContent {
  const problems: ContentProblem[] = [];
  const entries: ContentEntryInput[] = [];
  const redirects: RedirectInput[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    let raw: unknown;
    try {
      raw = JSON.parse(file.text);
    } catch (err) {
      problems.push({ path: file.path, field: "(file)", message: `not valid JSON: ${(err as Error).message}` });
      continue;
    }
    if (path.basename(file.path) === REDIRECTS_FILE) {
      const parsed = redirectsFileSchema.safeParse(raw);
      if (parsed.success) redirects.push(...parsed.data.redirects);
      else problems.push(...problemsOf(file.path, parsed.error));
      continue;
    }
    const parsed = contentFileSchema.safeParse(raw);
    if (!parsed.success) {
      problems.push(...problemsOf(file.path, parsed.error));
      continue;
    }
    const id = `${parsed.data.type}:${parsed.data.key}:${parsed.data.site}`;
    const other = seen.get(id);
    if (other) {
      problems.push({ path: file.path, field: "key", message: `the same type, key and site as ${other}` });
      continue;
    }
    seen.set(id, file.path);
    entries.push(parsed.data as ContentEntryInput);
  }
  return problems.length ? { ok: false, problems } : { ok: true, entries, redirects };
}

/** Every .json file under the content folder (assets excluded), paths relative to the repository. */
export async function readContentFiles(dir = CONTENT_DIR): Promise<ContentFile[]> {
  const names = (await readdir(dir, { recursive: true })).filter((n) => n.endsWith(".json") && !n.startsWith("assets")).sort();
  const root = path.dirname(dir);
  return Promise.all(
    names.map(async (name) => {
      const full = path.join(dir, name);
      return { path: path.relative(root, full), text: await readFile(full, "utf8") };
    }),
  );
}
