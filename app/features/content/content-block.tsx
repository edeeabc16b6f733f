import { Suspense } from "react";
import { Await } from "react-router";
import { ContentAnchor, RichText } from "./content-parts";
import type { ContentBlockContent } from "./content-types";

/** The small content section of a listing or product page; deferred, so it never holds the page up. */
export function DeferredContentBlock({ block }: { block: Promise<ContentBlockContent | null> | ContentBlockContent | null | undefined }) {
  if (!block) return null;
  return (
    <Suspense fallback={null}>
      <Await resolve={block} errorElement={null}>
        {(resolved) => (resolved ? <ContentBlock block={resolved} /> : null)}
      </Await>
    </Suspense>
  );
}

export function ContentBlock({ block }: { block: ContentBlockContent }) {
  return (
    <aside aria-labelledby="content-block-heading" className="mx-auto my-8 max-w-7xl px-4" data-testid="content-block">
      <div className="rounded-lg bg-mist p-6">
        <h2 id="content-block-heading" className="text-xl font-bold text-secondary">
          {block.heading}
        </h2>
        <RichText html={block.bodyHtml} />
        {block.links.length > 0 && (
          <ul className="mt-3 flex flex-wrap gap-3">
            {block.links.map((l) => (
              <li key={l.url}>
                <ContentAnchor link={l} className="inline-block rounded border border-primary px-3 py-1.5 text-sm font-semibold text-primary hover:bg-white" />
              </li>
            ))}
          </ul>
        )}
      </div>
    </aside>
  );
}
