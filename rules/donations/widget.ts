import { formatUsd } from "../shared/money";
import { isUuid } from "../shared/ids";
import { EMAIL_MARKETING_PARAMS } from "../marketing/url-params";
import {
  DONATION_EVENT_VERSION,
  NO_CAUSE,
  SHELTER_CATEGORY_ID,
  causeKindOf,
  firstMatchingSegment,
  locationQuery,
  type SegmentRule,
  type SegmentValue,
} from "./provider";

// The donation widget's decisions (SPEC §4 "Donation widget", §9 donation constants), pure so the
// browser widget and its tests share them: how tracking starts, which segment applies, which cause
// is preselected, whether the widget shows, what a cause search asks, and the clickstream envelope
// of SPEC §3. The widget (app/features/donations) only wires these to the page and the provider API.

/** SPEC §9: the store configuration is awaited up to 5 s, polled every 100 ms. */
export const STORE_WAIT_MS = 5000;
export const STORE_POLL_MS = 100;
/** SPEC §9: clickstream events leave in batches every 5 s; the provider takes at most 50 per call. */
export const EVENT_FLUSH_MS = 5000;
export const EVENT_BATCH_MAX = 50;
/** Events kept while analytics consent is not given: the oldest go first beyond this. */
export const EVENT_QUEUE_MAX = 200;
/** The session-storage key of the widget's tracking record (SPEC §9 names the constant 'sgdonation'). */
export const TRACKING_STORAGE_KEY = "sgdonation";
/** SPEC §4: the URL parameter that names a cause to save and apply. */
export const CAUSE_URL_PARAM = "sgcause";
export const EMAIL_MARKETING_INTEGRATION = "email-marketing";

/** SPEC §3 campaign types the widget reads. */
export const CAMPAIGN = { onlinePurchase: 1, roundUp: 3, addOn: 4 } as const;

/**
 * The product's id as the donation provider knows it (its cmsId): the product's handle, which an
 * operator can read and type (the store's excluded and direct-donation lists are lists of these).
 */
export const donationCmsId = (product: { handle: string }) => product.handle;

// ---------------------------------------------------------------------------------------------------
// Tracking (SPEC §4 "Tracking start")

/** What the widget keeps in session storage for one browser tab. */
export type StoredTracking = {
  trackingId: string;
  causeId: string;
  causeName: string;
  /** The shopper chose or cleared a cause: the store's default is no longer preselected. */
  chosen: boolean;
  /** The e-mail-marketing parameters were stored as integration info for this tracking. */
  integrationStored: boolean;
};

/** The stored record, or null when absent or not one the widget wrote (another script, a damaged value). */
export function parseStoredTracking(raw: string | null | undefined): StoredTracking | null {
  if (!raw) return null;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!v || typeof v !== "object") return null;
  const r = v as Record<string, unknown>;
  if (typeof r.trackingId !== "string" || !isUuid(r.trackingId)) return null;
  const causeId = typeof r.causeId === "string" && (r.causeId === NO_CAUSE.causeId || causeKindOf(r.causeId)) ? r.causeId : NO_CAUSE.causeId;
  return {
    trackingId: r.trackingId,
    causeId,
    causeName: causeId === NO_CAUSE.causeId ? NO_CAUSE.causeName : typeof r.causeName === "string" ? r.causeName.slice(0, 200) : "",
    chosen: r.chosen === true,
    integrationStored: r.integrationStored === true,
  };
}

type Params = { get(name: string): string | null };

/** The sgcause parameter when it names a cause the provider could know (SPEC §5 id shapes); else null. */
export function causeFromUrl(params: Params): string | null {
  const id = params.get(CAUSE_URL_PARAM)?.trim();
  return id && causeKindOf(id) ? id : null;
}

/** The e-mail-marketing parameters present in the URL, or null when there are none. */
export function integrationInfoFromUrl(params: Params): Record<string, string> | null {
  const info: Record<string, string> = {};
  for (const name of EMAIL_MARKETING_PARAMS) {
    const value = params.get(name)?.trim();
    if (value) info[name] = value.slice(0, 500);
  }
  return Object.keys(info).length ? info : null;
}

export type TrackingStartPlan = {
  /** An existing tracking to reuse; null: start a new one. */
  reuseTrackingId: string | null;
  /** A cause from the URL to save and apply (set-cause), whatever the tracking. */
  applyCauseId: string | null;
  /** Integration info to store (once per tracking). */
  integrationInfo: Record<string, string> | null;
};

/**
 * SPEC §4 tracking start: reuse a tracking id passed in or kept in session storage, else start one;
 * an sgcause parameter is saved and applied; the e-mail-marketing parameters are stored once.
 */
export function planTrackingStart(input: { passedTrackingId?: string | null; stored: StoredTracking | null; params: Params }): TrackingStartPlan {
  const passed = input.passedTrackingId && isUuid(input.passedTrackingId) ? input.passedTrackingId : null;
  const reuseTrackingId = passed ?? input.stored?.trackingId ?? null;
  const sameRecord = input.stored !== null && reuseTrackingId === input.stored.trackingId;
  const info = integrationInfoFromUrl(input.params);
  const urlCause = causeFromUrl(input.params);
  return {
    reuseTrackingId,
    // Already applied to this tracking (a reload of the same link): nothing to send again.
    applyCauseId: urlCause && !(sameRecord && input.stored!.causeId === urlCause) ? urlCause : null,
    integrationInfo: info && !(sameRecord && input.stored!.integrationStored) ? info : null,
  };
}

/**
 * SPEC §4 default cause: when shoppers may choose and the store has a default and no cause is
 * tracked (and the shopper has not chosen or cleared one), the default is preselected.
 */
export function preselectedCause(input: { letShoppersChoose: boolean; defaultCauseId: string | null; trackedCauseId: string; chosen: boolean }): string | null {
  if (!input.letShoppersChoose || !input.defaultCauseId || input.chosen) return null;
  return input.trackedCauseId === NO_CAUSE.causeId ? input.defaultCauseId : null;
}

// ---------------------------------------------------------------------------------------------------
// Segments (SPEC §3 frontEndSource: 0 window property, 1 data layer, 2 script URL parameter)

export type WidgetSegment = SegmentRule & { frontEndPropertyName: string; frontEndSource: number };

export type SegmentSources = {
  /** The page's window (or any object standing for it). */
  window: unknown;
  /** window.dataLayer. */
  dataLayer: readonly unknown[] | undefined;
  /** The page's URL parameters. */
  params: { getAll(name: string): string[] };
};

/** `a.b.c` read from an object; undefined when any step is missing. */
export function readPath(root: unknown, path: string): unknown {
  let v: unknown = root;
  for (const key of path.split(".")) {
    if (v === null || typeof v !== "object" || !Object.hasOwn(v, key)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/** Only plain values count: a string, number or boolean, or a list of them. */
function asSegmentValue(v: unknown): SegmentValue {
  if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") return v;
  if (Array.isArray(v)) return v.filter((x): x is string | number | boolean => ["string", "number", "boolean"].includes(typeof x));
  return undefined;
}

/** The shopper's value for one segment from its source; the data layer's latest entry that has it wins. */
export function segmentValueOf(segment: Pick<WidgetSegment, "frontEndPropertyName" | "frontEndSource">, sources: SegmentSources): SegmentValue {
  const name = segment.frontEndPropertyName.trim();
  if (!name) return undefined;
  switch (segment.frontEndSource) {
    case 0:
      return asSegmentValue(readPath(sources.window, name));
    case 1: {
      const layer = sources.dataLayer ?? [];
      for (let i = layer.length - 1; i >= 0; i--) {
        const v = readPath(layer[i], name);
        if (v !== undefined) return asSegmentValue(v);
      }
      return undefined;
    }
    case 2: {
      const values = sources.params.getAll(name);
      return values.length === 0 ? undefined : values.length === 1 ? values[0] : values;
    }
    default:
      return undefined;
  }
}

/** SPEC §4: the first active segment whose value matches wins; none → null (no exclusion). */
export function matchSegment<S extends WidgetSegment>(segments: readonly S[], sources: SegmentSources): S | null {
  return firstMatchingSegment(segments, (s) => segmentValueOf(s, sources));
}

// ---------------------------------------------------------------------------------------------------
// Visibility (SPEC §4)

export type WidgetPlace = "product" | "cart" | "confirmation";

export type DonationCartLine = { cmsId: string; unitPriceCents: number; quantity: number };

/** What a page asks the widget about: one product at its shown price, the cart's lines, or a placed order. */
export type DonationRequest =
  | { place: "product"; cmsId: string; priceCents: number }
  | { place: "cart"; lines: DonationCartLine[]; cartDiscountCents: number }
  | { place: "confirmation"; orderId: string };

/**
 * SPEC §4 visibility: hidden when the matched segment is an exclusion; the cart shows when the
 * online-purchase campaign is active and the total is above 0, or the add-on or round-up campaign
 * is active; the product page (and the confirmation) when the total is above 0. A store that is
 * switched off (inactive, or its experience inactive) is treated like an absent one: never shown.
 */
export function isWidgetVisible(input: {
  place: WidgetPlace;
  store: { isActive: boolean; isExperienceActive: boolean; activeCampaigns: readonly number[] };
  segment: { excludeSegment: boolean } | null;
  totalCents: number;
}): boolean {
  const { store, segment, totalCents } = input;
  if (!store.isActive || !store.isExperienceActive) return false;
  if (segment?.excludeSegment) return false;
  if (input.place !== "cart") return totalCents > 0;
  const active = (c: number) => store.activeCampaigns.includes(c);
  return (active(CAMPAIGN.onlinePurchase) && totalCents > 0) || active(CAMPAIGN.addOn) || active(CAMPAIGN.roundUp);
}

/**
 * "$2.15 to Paws Rescue League with this order" (SPEC §9 en-US currency format). With nothing of the
 * store's to give (the cart shows the widget for an add-on or round-up campaign alone), it names
 * where the shopper's own donation goes instead of promising $0.00.
 */
export function donationSentence(totalCents: number, causeName: string | null): string {
  if (totalCents <= 0) return `Your donation goes to ${causeName ?? "charity"}`;
  const amount = formatUsd(totalCents);
  return causeName ? `${amount} to ${causeName} with this order` : `${amount} to charity with this order`;
}

// ---------------------------------------------------------------------------------------------------
// Cause search (SPEC §5, §9)

export type CauseSearchMode = "name" | "location";
/** What the picker asks charities/search: a name or a place (or, for shelters, neither), and the shelter category. */
export type CauseSearchQuery = ({ q: string } | { zip: string } | { city: string } | Record<never, never>) & { categoryId?: number };

/**
 * The charities/search parameters for the shopper's text: a name, or a location (digit first → zip,
 * else city). "Animal shelters only" adds SPEC §9's shelter category (3); with it, empty text lists
 * every shelter. Null: nothing to ask.
 */
export function causeSearchQuery(mode: CauseSearchMode, text: string, options: { sheltersOnly?: boolean } = {}): CauseSearchQuery | null {
  const category = options.sheltersOnly ? { categoryId: SHELTER_CATEGORY_ID } : {};
  const t = text.trim().replace(/\s+/g, " ").slice(0, 100);
  if (!t) return options.sheltersOnly ? category : null;
  if (mode === "name") return { q: t, ...category };
  const where = locationQuery(t);
  if (where && "zip" in where) {
    // The provider takes 3 to 5 digits: "80011-1234" → "80011".
    const digits = where.zip.replace(/\D/g, "").slice(0, 5);
    return digits.length >= 3 ? { zip: digits, ...category } : null;
  }
  return where ? { ...where, ...category } : null;
}

// ---------------------------------------------------------------------------------------------------
// Clickstream (SPEC §3 analytics event envelope)

export type ClientProperties = {
  user_agent: string;
  url: string;
  device_type: string;
  browser_type: string;
  browser_version: string;
  platform: string;
  referrer: string;
};

/** Without query and fragment: e-mail-marketing parameters and anything else a URL carries stay out of the record. */
function bareUrl(href: string): string {
  try {
    const u = new URL(href);
    return `${u.origin}${u.pathname}`;
  } catch {
    return "";
  }
}

/** SPEC §3 client_properties from what the browser tells (user agent, page, referrer). */
export function clientPropertiesOf(input: { userAgent: string; href: string; referrer: string; platform?: string }): ClientProperties {
  const ua = input.userAgent.slice(0, 2000);
  const device = /iPad|Tablet/i.test(ua) ? "tablet" : /Mobi|Android|iPhone/i.test(ua) ? "mobile" : "desktop";
  const browsers: [string, RegExp][] = [
    ["Edge", /Edg\/([\d.]+)/],
    ["Opera", /OPR\/([\d.]+)/],
    ["Firefox", /Firefox\/([\d.]+)/],
    ["Chrome", /(?:Chrome|Chromium|CriOS)\/([\d.]+)/],
    ["Safari", /Version\/([\d.]+).*Safari/],
  ];
  const found = browsers.map(([name, re]) => [name, re.exec(ua)?.[1]] as const).find(([, v]) => v);
  const platform =
    input.platform ||
    (/Windows/i.test(ua)
      ? "Windows"
      : /Android/i.test(ua)
        ? "Android"
        : /iPhone|iPad|iOS/i.test(ua)
          ? "iOS"
          : /Mac OS X|Macintosh/i.test(ua)
            ? "macOS"
            : /Linux/i.test(ua)
              ? "Linux"
              : "");
  return {
    user_agent: ua,
    url: bareUrl(input.href),
    device_type: device,
    browser_type: found?.[0] ?? "",
    browser_version: (found?.[1] ?? "").slice(0, 50),
    platform: platform.slice(0, 50),
    referrer: bareUrl(input.referrer),
  };
}

/** The widget's events (SPEC §4: rendered, cause set, searched, order made). */
export type WidgetEventType = "widget_rendered" | "cause_set" | "causes_searched" | "order_made";

export type ClickstreamEvent = {
  client_properties: ClientProperties;
  store_id: string;
  tracking_id: string | null;
  metadata: Record<string, unknown>;
  customer: { id: string | null; email: null };
  event: { time_stamp: string; event_type: WidgetEventType; event_version: typeof DONATION_EVENT_VERSION; payload: Record<string, unknown> };
};

/**
 * One SPEC §3 envelope. The customer is never named by e-mail: the id only, and only when the page
 * knows a signed-in customer (the widget passes none, so the record holds no personal data).
 */
export function buildClickstreamEvent(input: {
  storeId: string;
  trackingId: string | null;
  customerId?: string | null;
  client: ClientProperties;
  place: WidgetPlace;
  type: WidgetEventType;
  payload?: Record<string, unknown>;
  now: Date;
}): ClickstreamEvent {
  return {
    client_properties: input.client,
    store_id: input.storeId,
    tracking_id: input.trackingId,
    metadata: { widget: input.place },
    customer: { id: input.customerId ?? null, email: null },
    event: { time_stamp: input.now.toISOString(), event_type: input.type, event_version: DONATION_EVENT_VERSION, payload: input.payload ?? {} },
  };
}

/** The queue with one more event; beyond `max` the oldest are dropped (a tab left open without consent). */
export function enqueueEvent<T>(queue: readonly T[], event: T, max = EVENT_QUEUE_MAX): T[] {
  const next = [...queue, event];
  return next.length > max ? next.slice(next.length - max) : next;
}

/** The largest clickstream request the API takes (413 beyond; server/http/edge.ts BODY_LIMITS). */
export const CLICKSTREAM_BODY_BYTES = 16 * 1024;

const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/**
 * The next batch to send (at most `max` events and `maxBytes` of JSON, oldest first) and what stays
 * queued. An event too large to be sent even alone is left out: the API would refuse every batch
 * holding it.
 */
export function nextBatch<T>(queue: readonly T[], max = EVENT_BATCH_MAX, maxBytes = CLICKSTREAM_BODY_BYTES): { batch: T[]; rest: T[] } {
  const batch: T[] = [];
  // "[" and "]", then each event and its comma.
  let bytes = 2;
  let i = 0;
  for (; i < queue.length && batch.length < max; i++) {
    const size = jsonBytes(queue[i]) + (batch.length ? 1 : 0);
    if (2 + size > maxBytes) continue;
    if (bytes + size > maxBytes) break;
    batch.push(queue[i]);
    bytes += size;
  }
  return { batch, rest: queue.slice(i) };
}
