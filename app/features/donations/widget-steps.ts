import {
  buildClickstreamEvent,
  clientPropertiesOf,
  matchSegment,
  preselectedCause,
  type DonationRequest,
  type SegmentSources,
  type StoredTracking,
  type WidgetEventType,
  type WidgetPlace,
  type WidgetSegment,
} from "../../../rules/donations/widget";
import { NO_CAUSE, isCharityId } from "../../../rules/donations/provider";
import type { CausePicture } from "./cause-image";
import { eventSenderFor } from "./clickstream";
import { DonationError, reportDonationError, reportStepError, type DonationApi, type DonationStore, type NamedCause } from "./donation-api";
import { attachTrackingToCart, setTrackedCause, startTracking } from "./tracking";

// The widget's steps (SPEC §4), without React, so each one's failure is raised with its SPEC §8
// message where it happens and can be tested without a browser: the widget
// (donation-widget.tsx) calls these and only keeps their results in its state.

export type Ready = { store: DonationStore; segment: WidgetSegment | null; tracking: StoredTracking };
export type StartOutcome = { phase: "ready"; ready: Ready } | { phase: "not-ready" | "hidden" | "failed" };

/** The segment the page matches (SPEC §4: first active match); a page whose values cannot be read matches none. */
export function matchedSegment(store: DonationStore, sources: SegmentSources): WidgetSegment | null {
  try {
    return matchSegment(store.segments as WidgetSegment[], sources);
  } catch (err) {
    // A throwing getter or a broken data layer: the shopper gets the store's own rule.
    reportStepError("segment", "Error retrieving donation eligibility", err);
    return null;
  }
}

/** SPEC §4 default cause, preselected when shoppers may choose; a failure leaves none preselected. */
export async function withInitialCause(api: DonationApi, store: DonationStore, tracking: StoredTracking): Promise<StoredTracking> {
  const preselect = preselectedCause({
    letShoppersChoose: store.letShoppersChoose,
    defaultCauseId: store.defaultCauseId,
    trackedCauseId: tracking.causeId,
    chosen: tracking.chosen,
  });
  if (!preselect) return tracking;
  try {
    return await setTrackedCause(api, tracking, preselect, "", false);
  } catch (err) {
    reportStepError("tracking", "Error getting initial cause selection", err);
    return tracking;
  }
}

/**
 * Step 1: the store configuration (absent after the wait: not ready), tracking, the segment, the
 * default cause. An exclusion segment hides the widget (the cart still tells the server). Any other
 * failure: "Error initializing SDK" (after the failed call's own error) and the widget hides.
 */
export async function startWidget(p: {
  api: DonationApi;
  place: WidgetPlace;
  loadStore: () => Promise<DonationStore | null>;
  params: URLSearchParams;
  sources: SegmentSources;
  signal?: AbortSignal;
}): Promise<StartOutcome> {
  try {
    const store = await p.loadStore();
    if (p.signal?.aborted) return { phase: "hidden" };
    // SPEC §4: not ready, hidden (the store's failure, if any, was logged when it happened).
    if (!store) return { phase: "not-ready" };
    let tracking = await startTracking(p.api, p.params);
    const segment = matchedSegment(store, p.sources);
    if (segment?.excludeSegment) {
      if (p.place === "cart")
        await attachTrackingToCart(p.api, tracking, segment.id).catch((err: unknown) =>
          err instanceof DonationError ? reportDonationError(err) : reportStepError("tracking", "Error updating widget", err),
        );
      return { phase: "hidden" };
    }
    tracking = await withInitialCause(p.api, store, tracking);
    return { phase: "ready", ready: { store, segment, tracking } };
  } catch (err) {
    if (!p.signal?.aborted) reportStepError("widget", "Error initializing SDK", err);
    return { phase: "failed" };
  }
}

export type ShownDonation = { totalCents: number; cause: NamedCause; show: boolean };

/**
 * Step 2: the donation for what the page shows, from the server only: the amount, the cause and
 * whether to show are the ones the order will record. Null after "Error calculating donation".
 */
export async function calculateDonation(
  api: DonationApi,
  request: Exclude<DonationRequest, { place: "confirmation" }>,
  ready: Ready,
): Promise<ShownDonation | null> {
  const causeId = ready.tracking.causeId !== NO_CAUSE.causeId ? ready.tracking.causeId : null;
  const segmentId = ready.segment?.id ?? null;
  try {
    if (request.place === "product") {
      const r = await api.productDonation({ cmsId: request.cmsId, priceCents: request.priceCents, causeId, segmentId });
      return { totalCents: r.totalDonationValueCents, cause: r.cause, show: r.showWidget };
    }
    const r = await api.cartDonation({ lines: request.lines, cartDiscountCents: request.cartDiscountCents, causeId, segmentId });
    return { totalCents: r.totalDonationAmountCents, cause: r.cause, show: r.showWidget };
  } catch (err) {
    reportStepError("donation", "Error calculating donation", err);
    return null;
  }
}

/** Step 4: the shown cause's details for its picture; null after "Error populating cause IDs" (the line stays text). */
export async function causePicture(api: DonationApi, causeId: string): Promise<CausePicture | null> {
  try {
    const [cause] = isCharityId(causeId) ? await api.charitiesByEins([causeId]) : await api.portfolios([causeId]);
    return cause ?? null;
  } catch (err) {
    reportStepError("charities", "Error populating cause IDs", err);
    return null;
  }
}

/** Queues one clickstream event; analytics never breaks the widget ("Error emitting event"). */
export function emitEvent(p: { storeId: string; trackingId: string | null; place: WidgetPlace; type: WidgetEventType; payload: Record<string, unknown> }) {
  try {
    eventSenderFor(p.storeId).push(
      buildClickstreamEvent({
        storeId: p.storeId,
        trackingId: p.trackingId,
        client: clientPropertiesOf({ userAgent: navigator.userAgent, href: window.location.href, referrer: document.referrer }),
        place: p.place,
        type: p.type,
        payload: p.payload,
        now: new Date(),
      }),
    );
  } catch (err) {
    reportStepError("events", "Error emitting event", err);
  }
}
