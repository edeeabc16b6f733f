import { Suspense } from "react";
import { lazyView } from "../../lib/lazy-view";
import type { BreadcrumbsProps } from "./breadcrumb-trail";

// The breadcrumb trail (./breadcrumb-trail.tsx), rendered by the server at once and hydrated when
// its code arrives, fetched after the page's: its links work as plain links meanwhile, and the
// rules behind it (rules/catalog/breadcrumbs.ts) stay out of the listing's and product page's first-load
// JavaScript. The remembered crumbs appear once it is hydrated, as before.
const Trail = lazyView(() => import("./breadcrumb-trail").then((m) => m.BreadcrumbTrail));

export function Breadcrumbs(props: BreadcrumbsProps) {
  return (
    <Suspense fallback={null}>
      <Trail.View {...props} />
    </Suspense>
  );
}
