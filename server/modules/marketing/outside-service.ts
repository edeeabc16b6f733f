import type { Config } from "../../config";
import type { Logger } from "../../log";
import type { SiteId } from "../../../rules/shared/site";

// The adapter to an outside e-mail marketing service (MARKETING_ADAPTER, README "E-mail marketing").
// The shop's own list stays the source of truth — who is subscribed, who left, the consent log —
// and every mail the shop sends goes through its own outbox; the adapter only tells the outside
// service what happened, so a sync there (a CRM, a newsletter tool) can follow:
//   - subscribed (confirmed, with the topics and SPEC §4's `_kx`/utm integration info kept at sign-up),
//     unsubscribed, suppressed;
//   - shop events: a back-in-stock request, an automatic mail sent (back-in-stock, abandoned cart, win-back).
// A push never fails or slows the shop's own step: it runs after the step, and an error is logged.
//
//   none     (default) nothing leaves the shop; works offline
//   log      each event written to the log (to see what a real adapter would receive)
//   webhook  each event POSTed as JSON to MARKETING_WEBHOOK_URL (5 s timeout, no retry)
// Another service (Klaviyo, Mailchimp…) is one more `OutsideMarketingService` beside these.

export type MarketingEvent =
  | { type: "subscribed"; site: SiteId; email: string; topics: readonly string[]; integrationInfo: Record<string, string>; at: string }
  | { type: "unsubscribed"; site: SiteId; email: string; at: string }
  | { type: "suppressed"; site: SiteId; email: string; reason: string; at: string }
  | {
      type: "shop_event";
      name: "back_in_stock_requested" | "back_in_stock_sent" | "abandoned_cart_sent" | "win_back_sent";
      site: SiteId;
      email: string;
      detail: Record<string, string | number>;
      at: string;
    };

export type OutsideMarketingService = { kind: string; push(event: MarketingEvent): Promise<void> };

export const noOutsideService: OutsideMarketingService = { kind: "none", push: async () => {} };

export function logOutsideService(log: Logger | undefined): OutsideMarketingService {
  return { kind: "log", push: async (event) => log?.info({ marketingEvent: event }, "marketing event") };
}

export function webhookOutsideService(url: string, fetcher: typeof fetch = fetch): OutsideMarketingService {
  return {
    kind: "webhook",
    async push(event) {
      const res = await fetcher(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(event),
        signal: AbortSignal.timeout(5_000),
      });
      if (!res.ok) throw new Error(`marketing webhook answered ${res.status}`);
    },
  };
}

export function outsideServiceFor(adapter: Config["marketingAdapter"], log?: Logger): OutsideMarketingService {
  if (adapter.kind === "webhook") return webhookOutsideService(adapter.url);
  return adapter.kind === "log" ? logOutsideService(log) : noOutsideService;
}

/** Pushes without holding up the caller; a failure is logged, never thrown. */
export function pushLater(outside: OutsideMarketingService | undefined, event: MarketingEvent, log?: Logger): void {
  if (!outside || outside.kind === "none") return;
  outside.push(event).catch((err: unknown) => log?.warn({ err, event: event.type, adapter: outside.kind }, "marketing event not pushed"));
}
