import type { AppDeps, RequestContext } from "../context";
import { workingBody } from "../modules/content";
import { PREVIEW_PARAM, readPreviewToken } from "../modules/content";
import type { ContentSite, ContentType } from "../modules/content";

// A storefront request carrying ?preview=<signed token> (server/modules/content/preview.ts): the page
// renders with that entry's draft in place of its published version, through the same loaders as
// any visitor's. Such a response is never stored (no-store; the guest page cache skips these URLs)
// and never indexed. A token that is expired or tampered with previews nothing: the live page.

export async function withContentPreview(deps: AppDeps, request: Request, context: RequestContext): Promise<{ context: RequestContext; preview: boolean }> {
  const url = new URL(request.url);
  if (!url.searchParams.has(PREVIEW_PARAM)) return { context, preview: false };
  const entryId = await readPreviewToken(deps.sessionSecret, url.searchParams.get(PREVIEW_PARAM), new Date());
  const entry = entryId === null ? null : await deps.services.content.editor.get(entryId);
  if (!entry) return { context, preview: true };
  const content = deps.services.content.previewing({
    type: entry.type as ContentType,
    key: entry.key,
    site: entry.site as ContentSite,
    body: workingBody(entry),
  });
  return { context: { ...context, services: { ...context.services, content } }, preview: true };
}

/** A preview's answer: private to whoever holds the link, and out of search engines. */
export function previewResponse(response: Response): Response {
  const out = new Response(response.body, response);
  out.headers.set("Cache-Control", "no-store");
  out.headers.set("X-Robots-Tag", "noindex, nofollow");
  return out;
}
