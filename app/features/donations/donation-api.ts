import type { CauseView, PortfolioView, storeView } from "../../../server/modules/donations";
import type { ClickstreamEvent, CauseSearchQuery } from "../../../rules/donations/widget";
import { centsToAmount } from "../../../rules/shared/money";

// The browser's client of the donation provider (SPEC §7 "Donation provider", served by
// server/http/donations.ts under /api/donations/). Every call names the store in x-store-id. The
// tracking calls carry the httpOnly donation session cookie (Path=/api/donations) that binds a
// tracking id to this browser; the page never sees it.
//
// SPEC §8: provider errors are typed (type and message, from the catalogue's list) and logged,
// unless a listener is registered; callers get the error and mostly fall back to an empty result.

export type DonationStore = ReturnType<typeof storeView>;
export type Cause = CauseView;
export type Portfolio = PortfolioView;

/**
 * SPEC §8's catalogue of donation error messages, all 24 (the type of every message raised). The
 * browser raises most; two are the server's, logged where their situation happens: the order's
 * confirmation data (server/modules/donations/ledger.ts) and the per-cause breakdown an order's
 * pages and mail read (ledger.ts `breakdownForOrder`).
 */
export const DONATION_ERROR_MESSAGES = [
  "Error starting tracking",
  "Error updating tracking",
  "Error updating integration metadata",
  "Error retrieving store",
  "Error retrieving product donation",
  "Error retrieving cart donation",
  "Error searching charities",
  "Error retrieving charities by EIN",
  "Error retrieving portfolios",
  "Error initializing SDK",
  "Error updating widget",
  "Error calculating donation",
  "Error getting charities",
  "Error populating cause IDs",
  "Error setting cause to tracking",
  "Error setting confirmation data for post purchase confirmation",
  "Error getting tracked cause",
  "Error getting selected causes",
  "Error getting initial cause selection",
  "Error retrieving donation eligibility",
  "Error retrieving donation breakdown",
  "Error emitting event",
  "Error searching causes",
  "Error sending events",
] as const;

export type DonationErrorMessage = (typeof DONATION_ERROR_MESSAGES)[number];

export class DonationError extends Error {
  override readonly name = "DonationError";
  constructor(
    /** Which call failed: "tracking", "store", "donation", "charities", "events", "widget". */
    readonly type: string,
    message: DonationErrorMessage,
    /** The HTTP status when the provider answered (404: unknown or another session's tracking). */
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

type Listener = (error: DonationError) => void;
let listener: Listener | null = null;

/** Registers who hears donation errors instead of the console (null: back to logging). */
export function onDonationError(l: Listener | null) {
  listener = l;
}

/** Reports a typed error: to the listener when one is registered, else to the console. */
export function reportDonationError(error: DonationError) {
  if (listener) listener(error);
  else console.error(`${error.name} [${error.type}]: ${error.message}`);
}

/**
 * Reports what a step of the widget could not do: the failed provider call's own error first (when
 * a call failed), then the step's (SPEC §8 names both levels, e.g. "Error retrieving cart donation"
 * and "Error calculating donation").
 */
export function reportStepError(type: string, message: DonationErrorMessage, err: unknown) {
  if (err instanceof DonationError) reportDonationError(err);
  reportDonationError(new DonationError(type, message, err instanceof DonationError ? err.status : null, { cause: err }));
}

const BASE = "/api/donations";

async function call<T>(storeId: string, path: string, init: { method?: string; body?: unknown; keepalive?: boolean } = {}): Promise<T> {
  const response = await fetch(`${BASE}${path}`, {
    method: init.method ?? "GET",
    headers: { Accept: "application/json", "x-store-id": storeId, ...(init.body !== undefined ? { "Content-Type": "application/json" } : {}) },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    credentials: "same-origin",
    keepalive: init.keepalive,
  });
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw Object.assign(new Error(`HTTP ${response.status}`), { status: response.status });
  }
  return (await response.json()) as T;
}

/** Runs a provider call; a failure becomes the typed error of SPEC §8 (with the HTTP status when there was one). */
async function typed<T>(type: string, message: DonationErrorMessage, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const status = typeof (err as { status?: unknown }).status === "number" ? (err as { status: number }).status : null;
    throw new DonationError(type, message, status, { cause: err });
  }
}

const q = (params: Record<string, string | number | undefined | null>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== "") s.set(k, String(v));
  return s.toString();
};

/** The cause an answer names (the one cause given to, or the single recipient); null when a list of causes receives it. */
export type NamedCause = { causeId: string; causeName: string } | null;

/** Both answers carry the widget's visibility (rules/donations/widget.ts isWidgetVisible, decided by the server with the amount). */
export type ProductDonation = {
  totalDonationValueCents: number;
  excluded: boolean;
  showWidget: boolean;
  cause: NamedCause;
  portfolioId: string | null;
  donations: { causeId: string; causeName: string; amountCents: number }[];
};

export type CartDonationResult = {
  totalDonationAmountCents: number;
  excluded: boolean;
  showWidget: boolean;
  cause: NamedCause;
  donationRecipients: { causeId: string; causeName: string; amountCents: number }[];
};

export type CharitySearchResult = { totalCount: number; charities: Cause[] };

export function donationApi(storeId: string) {
  return {
    store: () => typed("store", "Error retrieving store", () => call<DonationStore>(storeId, "/stores/cc-small/none")),

    startTracking: () =>
      typed("tracking", "Error starting tracking", () =>
        call<{ trackingId: string; causeId: string }>(storeId, "/tracking", { method: "POST", body: { storeId, isTestMode: false, isForceTestMode: false } }),
      ),

    trackedCause: (trackingId: string) =>
      typed("tracking", "Error getting tracked cause", () =>
        call<{ CauseId: string; CauseName: string }>(storeId, `/tracking/${encodeURIComponent(trackingId)}/cause`),
      ),

    setCause: (trackingId: string, causeId: string, causeName: string) =>
      typed("tracking", "Error setting cause to tracking", () =>
        call<{ causeId: string; causeName: string }>(storeId, `/tracking/${encodeURIComponent(trackingId)}/set-cause`, {
          method: "PUT",
          // SPEC §4: clearing is id 0 with the name "0".
          body: { causeId: causeId === "0" ? 0 : causeId, causeName: causeName.slice(0, 200) },
        }),
      ),

    addIntegrationInfo: (trackingId: string, info: Record<string, string>, integrationType: string) =>
      typed("tracking", "Error updating integration metadata", () =>
        call<{ stored: boolean }>(storeId, `/tracking/${encodeURIComponent(trackingId)}/add-integration-info`, {
          method: "PUT",
          body: { integrationType, info },
        }),
      ),

    /**
     * Attaches this browser's tracking to its cart, so the order placed from it records the cause
     * and gives by the segment the widget matched (an id; the server checks it and sets the amount).
     */
    attachCart: (trackingId: string, segmentId: string | null = null) =>
      typed("tracking", "Error updating tracking", () =>
        call<unknown>(storeId, `/tracking/${encodeURIComponent(trackingId)}/cart`, { method: "PUT", body: segmentId ? { segmentId } : {} }),
      ),

    productDonation: (input: { cmsId: string; priceCents: number; causeId: string | null; segmentId: string | null }) =>
      typed("donation", "Error retrieving product donation", async () => {
        const query = q({ cmsId: input.cmsId, realPrice: centsToAmount(input.priceCents), providedCauseId: input.causeId, customerSegmentId: input.segmentId });
        const { result } = await call<{ result: ProductDonation }>(storeId, `/products/donation-by-cms-id?${query}`);
        return result;
      }),

    cartDonation: (input: {
      lines: { cmsId: string; unitPriceCents: number; quantity: number }[];
      cartDiscountCents: number;
      causeId: string | null;
      segmentId: string | null;
    }) =>
      typed("donation", "Error retrieving cart donation", () =>
        call<CartDonationResult>(storeId, "/products/get-multiple-donation", {
          method: "POST",
          body: {
            cmsIds: input.lines.map((l) => ({ id: l.cmsId, price: centsToAmount(l.unitPriceCents), quantity: l.quantity, discount: "0.00" })),
            cartDiscount: centsToAmount(input.cartDiscountCents),
            ignoreDirectDonations: false,
            ...(input.causeId ? { providedCauseId: input.causeId } : {}),
            ...(input.segmentId ? { customerSegmentId: input.segmentId } : {}),
          },
        }),
      ),

    searchCharities: (query: CauseSearchQuery, skip = 0) =>
      typed("charities", "Error searching charities", () => call<CharitySearchResult>(storeId, `/charities/search?${q({ ...query, skip })}`)),

    charitiesByEins: (eins: readonly string[]) =>
      typed("charities", "Error retrieving charities by EIN", async () =>
        eins.length ? (await call<{ charities: Cause[] }>(storeId, `/charities/search-by-eins?${q({ eins: eins.join(",") })}`)).charities : [],
      ),

    portfolios: (ids: readonly string[]) =>
      typed("charities", "Error retrieving portfolios", async () =>
        ids.length ? (await call<{ portfolios: Portfolio[] }>(storeId, `/portfolios/cc-query-with-charities?${q({ id: ids.join(",") })}`)).portfolios : [],
      ),

    sendEvents: (events: readonly ClickstreamEvent[], keepalive = false) =>
      typed("events", "Error sending events", () => call<unknown>(storeId, "/clickstream/events", { method: "POST", body: events, keepalive })),
  };
}

export type DonationApi = ReturnType<typeof donationApi>;
