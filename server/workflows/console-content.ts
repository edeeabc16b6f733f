import type { ContentSite, ContentType } from "../modules/content";
import type { ContentService } from "../modules/content";
import { consoleRedirectSchema, newEntrySchema, type FieldErrors } from "../modules/content";
import { fieldErrors } from "../../rules/shared/zod-errors";
import { previewUrl } from "../modules/content";
import type { Operator, OperatorsService } from "../modules/operators";
import { consoleGuard, type Denied } from "./console";

// The console's Content section: entries drafted, previewed, published and archived, and the
// redirects kept. Each write: the role check (a refusal is audited, then answered 403), the content
// module does the work (server/modules/content/editing.ts — validation against the content types,
// row locks, cache clearing), and the audit log records who did what with the state before and after.

export type ContentConsoleDeps = { operators: OperatorsService; content: ContentService; now?: () => Date };

type Failed = { ok: false; code: "NOT_FOUND" | "DUPLICATE" | "LOOP" | "INVALID"; message: string; errors?: FieldErrors };

export function createContentConsole(deps: ContentConsoleDeps) {
  const { operators, content } = deps;
  const allowed = consoleGuard(operators);
  const editor = content.editor;
  const now = deps.now ?? (() => new Date());

  /** Writes the audit entry of an allowed call, whatever its outcome, and answers the result. */
  async function audited<R extends { ok: boolean }>(
    operator: Operator,
    action: string,
    targetType: string,
    targetId: string,
    result: R,
    states: (r: R) => { before?: unknown; after?: unknown },
  ): Promise<R> {
    const failure = result as unknown as Failed;
    await operators.audit({
      operator,
      action,
      targetType,
      targetId,
      outcome: result.ok ? "ok" : "failed",
      ...(result.ok ? states(result) : { after: { error: failure.code, ...(failure.errors ? { fields: Object.keys(failure.errors) } : {}) } }),
    });
    return result;
  }

  const entryId = (id: number) => String(id);

  return {
    /** A new entry of a type, kept as a draft. */
    async createEntry(operator: Operator, input: { type: string; key: string; site: string; body: unknown }) {
      const action = "content.create";
      const denied = await allowed(operator, "content.edit", action, "content_entry", `${input.type}:${input.key}`);
      if (denied) return denied;
      const meta = newEntrySchema.safeParse(input);
      const result = !meta.success
        ? ({ ok: false, code: "INVALID", message: "Some fields need attention.", errors: fieldErrors(meta.error) } as const)
        : await editor.create({ type: meta.data.type, key: meta.data.key, site: meta.data.site as ContentSite, body: input.body });
      return audited(operator, action, "content_entry", result.ok ? entryId(result.entry.id) : `${input.type}:${input.key}`, result, (r) => ({
        after: r.ok ? { type: r.entry.type, key: r.entry.key, site: r.entry.site, status: r.entry.status, draftBody: r.entry.draftBody } : null,
      }));
    },

    /** The edit kept as the entry's draft: the live page does not change. */
    async saveDraft(operator: Operator, p: { entryId: number; body: unknown }) {
      const action = "content.save_draft";
      const denied = await allowed(operator, "content.edit", action, "content_entry", entryId(p.entryId));
      if (denied) return denied;
      const result = await editor.saveDraft(p.entryId, p.body);
      return audited(operator, action, "content_entry", entryId(p.entryId), result, (r) => (r.ok ? { before: r.before, after: r.after } : {}));
    },

    /** The draft goes live: the storefront shows it (the content cache and every guest page cache are cleared). */
    async publish(operator: Operator, p: { entryId: number }) {
      const action = "content.publish";
      const denied = await allowed(operator, "content.edit", action, "content_entry", entryId(p.entryId));
      if (denied) return denied;
      const result = await editor.publish(p.entryId);
      return audited(operator, action, "content_entry", entryId(p.entryId), result, (r) => (r.ok ? { before: r.before, after: r.after } : {}));
    },

    /** Off the shop: the storefront answers as for a missing entry. */
    async archive(operator: Operator, p: { entryId: number }) {
      const action = "content.archive";
      const denied = await allowed(operator, "content.edit", action, "content_entry", entryId(p.entryId));
      if (denied) return denied;
      const result = await editor.archive(p.entryId);
      return audited(operator, action, "content_entry", entryId(p.entryId), result, (r) => (r.ok ? { before: r.before, after: r.after } : {}));
    },

    /**
     * A signed, short-lived link to the entry's page showing its draft (server/modules/content/preview.ts).
     * Audited: whoever holds the link sees the draft until it expires.
     */
    async previewLink(operator: Operator, p: { entryId: number; secret: string }): Promise<{ ok: true; url: string; expiresAt: Date } | Failed | Denied> {
      const action = "content.preview";
      const denied = await allowed(operator, "content.edit", action, "content_entry", entryId(p.entryId));
      if (denied) return denied;
      const entry = await editor.get(p.entryId);
      const result = entry
        ? ({ ok: true, ...(await previewUrl(p.secret, entry, now())) } as const)
        : ({ ok: false, code: "NOT_FOUND", message: "No such entry." } as const);
      return audited(operator, action, "content_entry", entryId(p.entryId), result, (r) => ({ after: r.ok ? { expiresAt: r.expiresAt.toISOString() } : null }));
    },

    /** A new redirect: same-site paths only, no loops. */
    async createRedirect(operator: Operator, input: unknown) {
      const action = "redirect.create";
      const source = String((input as { source?: unknown } | null)?.source ?? "");
      const denied = await allowed(operator, "content.edit", action, "redirect", source);
      if (denied) return denied;
      const parsed = consoleRedirectSchema.safeParse(input);
      const result = parsed.success ? await editor.saveRedirect(null, parsed.data) : invalid(parsed.error);
      return audited(operator, action, "redirect", result.ok ? String(result.after.id) : source, result, (r) =>
        r.ok ? { after: redirectState(r.after) } : {},
      );
    },

    async updateRedirect(operator: Operator, p: { redirectId: number; input: unknown }) {
      const action = "redirect.update";
      const denied = await allowed(operator, "content.edit", action, "redirect", String(p.redirectId));
      if (denied) return denied;
      const parsed = consoleRedirectSchema.safeParse(p.input);
      const result = parsed.success ? await editor.saveRedirect(p.redirectId, parsed.data) : invalid(parsed.error);
      return audited(operator, action, "redirect", String(p.redirectId), result, (r) =>
        r.ok ? { before: r.before && redirectState(r.before), after: redirectState(r.after) } : {},
      );
    },

    async deleteRedirect(operator: Operator, p: { redirectId: number }) {
      const action = "redirect.delete";
      const denied = await allowed(operator, "content.edit", action, "redirect", String(p.redirectId));
      if (denied) return denied;
      const result = await editor.deleteRedirect(p.redirectId);
      return audited(operator, action, "redirect", String(p.redirectId), result, (r) => (r.ok ? { before: redirectState(r.before), after: null } : {}));
    },
  };
}

const redirectState = (r: { source: string; target: string; permanent: boolean; site: string }) => ({
  source: r.source,
  target: r.target,
  permanent: r.permanent,
  site: r.site,
});

function invalid(error: import("zod").ZodError): Failed & { errors: FieldErrors } {
  return { ok: false, code: "INVALID", message: "Some fields need attention.", errors: fieldErrors(error) };
}

export type ContentConsole = ReturnType<typeof createContentConsole>;
export type { ContentType };
