import { z } from "zod";
import { SUBSCRIBER_STATES } from "../../../rules/marketing/subscriber";

// The console's e-mail list query (search, site, state, page) read from the URL (server only: the
// page and the CSV export). Anything unreadable falls back to its default instead of failing the page.

export const SUBSCRIBERS_CSV_MAX = 50_000;

const query = z.object({
  q: z.string().trim().max(100).catch(""),
  site: z.enum(["d2c", "hpsf"]).nullable().catch(null),
  state: z.enum(SUBSCRIBER_STATES).nullable().catch(null),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type SubscriberFilters = z.infer<typeof query>;

export const subscriberListFilters = (params: URLSearchParams): SubscriberFilters =>
  query.parse({ q: params.get("q") ?? "", site: params.get("site"), state: params.get("state"), page: params.get("page") ?? 1 });
