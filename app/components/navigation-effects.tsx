import { useEffect, useRef } from "react";
import { useLocation, useMatches, useNavigation } from "react-router";
import type { PublicConfig } from "../../server/context";
import { pushAnalytics } from "../lib/analytics";

const PENDING_KEY = "shop:pending-navigation";

/**
 * Browser behaviours of SPEC §2 that run on every navigation:
 * - a page-view event with the route name raised through the analytics gate (not on the staff site);
 * - new-build detection: poll the current build id; once it differs, the next navigation is a full page load;
 * - a failed chunk load ends in a hard load of the target, not of the page being left.
 * Scrolling to the top and to hash anchors is React Router's <ScrollRestoration />.
 */
export function NavigationEffects({ config }: { config: PublicConfig }) {
  const location = useLocation();
  const matches = useMatches();
  const navigation = useNavigation();
  const newBuild = useRef(false);
  const routeName = matches[matches.length - 1]?.id ?? "unknown";

  useEffect(() => {
    // No page views for the staff site, nor for the operator console (the shop's own staff at work).
    if (config.site.isStaff || /^\/admin(\/|$)/.test(location.pathname)) return;
    pushAnalytics({ event: "page_view", route_name: routeName, page_path: location.pathname });
  }, [location.key, location.pathname, routeName, config.site.isStaff]);

  useEffect(() => {
    const check = async () => {
      try {
        const res = await fetch("/api/build", { cache: "no-store" });
        if (!res.ok) return;
        const { id } = (await res.json()) as { id: string };
        if (id && id !== config.buildId) newBuild.current = true;
      } catch {
        // Offline or restarting: try again at the next tick.
      }
    };
    const timer = window.setInterval(check, config.buildPollSeconds * 1000);
    return () => window.clearInterval(timer);
  }, [config.buildId, config.buildPollSeconds]);

  // A link's target is remembered as the click happens (capture phase, before React Router starts
  // the navigation): a chunk failure can reload the page before any effect of the navigation runs.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!link || link.origin !== window.location.origin || link.target === "_blank") return;
      sessionStorage.setItem(PENDING_KEY, JSON.stringify({ target: link.pathname + link.search + link.hash, at: Date.now() }));
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);

  const target = navigation.location ? navigation.location.pathname + navigation.location.search + navigation.location.hash : null;
  useEffect(() => {
    if (!target) {
      sessionStorage.removeItem(PENDING_KEY);
      return;
    }
    if (newBuild.current) {
      window.location.assign(target);
      return;
    }
    // React Router reloads the *current* page when a route chunk fails to load; remembering the
    // target lets the reloaded page continue to where the shopper was going.
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ target, at: Date.now() }));
  }, [target]);

  return null;
}

/** Runs once when the document loads: finishes a navigation that a chunk failure turned into a reload. */
export function resumeNavigationAfterChunkFailure() {
  const raw = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  if (!raw) return;
  const entry = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  if (entry?.type !== "reload") return;
  try {
    const { target, at } = JSON.parse(raw) as { target: string; at: number };
    const here = location.pathname + location.search + location.hash;
    if (Date.now() - at < 10_000 && target.startsWith("/") && !target.startsWith("//") && target !== here) {
      location.replace(target);
    }
  } catch {
    // A malformed entry is ignored.
  }
}
