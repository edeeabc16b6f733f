import { isRouteErrorResponse } from "react-router";
import { documentTitle, pageTitle, type PageKey } from "../../rules/shared/page-titles";
import type { PublicConfig } from "../../server/context";

function isNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}

type MetaMatch = { id: string; loaderData?: unknown } | undefined;

export function rootConfig(matches: readonly MetaMatch[]): PublicConfig | undefined {
  return (matches.find((m) => m?.id === "root")?.loaderData as { config?: PublicConfig } | undefined)?.config;
}

/** A route's meta: SPEC §2 title for the current site, and an optional description. */
export function titleMeta(key: PageKey, description?: string) {
  return ({ matches, error }: { matches: readonly MetaMatch[]; error?: unknown }) => {
    const config = rootConfig(matches);
    const shown: PageKey = error ? (isNotFound(error) ? "notFound" : "error") : key;
    if (!config) return [{ title: pageTitle(shown, { isStaff: false }) }];
    const page = shown === "home" ? null : pageTitle(shown, config.site);
    return [{ title: documentTitle(page, config.site) }, ...(description && !error ? [{ name: "description", content: description }] : [])];
  };
}
