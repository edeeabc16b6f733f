import {
  EMAIL_MARKETING_INTEGRATION,
  TRACKING_STORAGE_KEY,
  parseStoredTracking,
  planTrackingStart,
  type StoredTracking,
} from "../../../rules/donations/widget";
import { NO_CAUSE } from "../../../rules/donations/provider";
import { DonationError, reportDonationError, reportStepError, type DonationApi } from "./donation-api";

// The widget's tracking (SPEC §4 "Tracking start"): kept per browser tab in session storage under
// 'sgdonation', reused by every widget of the tab, and started anew when the provider no longer
// knows it (404: another session, or lost) or it is confirmed by an order (409). A cause chosen for
// the old tracking carries over to the new one.

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage refused (privacy settings): the tracking lives for this page only.
    return null;
  }
}

let memory: StoredTracking | null = null;

export function readStoredTracking(): StoredTracking | null {
  const s = storage();
  return s ? parseStoredTracking(s.getItem(TRACKING_STORAGE_KEY)) : memory;
}

function store(record: StoredTracking): StoredTracking {
  memory = record;
  try {
    storage()?.setItem(TRACKING_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // Full or refused: the in-memory copy serves this page.
  }
  return record;
}

const fresh = (trackingId: string): StoredTracking => ({ trackingId, ...NO_CAUSE, chosen: false, integrationStored: false });

/** Whether the provider no longer takes this tracking: unknown or another session's (404), or confirmed (409). */
const isStale = (err: unknown, statuses: readonly number[]) => err instanceof DonationError && err.status !== null && statuses.includes(err.status);

/** A new tracking for this tab, keeping the cause of the one it replaces. */
async function restart(api: DonationApi, old: StoredTracking | null): Promise<StoredTracking> {
  const started = await api.startTracking();
  let record = store(fresh(started.trackingId));
  if (old && old.causeId !== NO_CAUSE.causeId) {
    const set = await api.setCause(record.trackingId, old.causeId, old.causeName);
    record = store({ ...record, causeId: set.causeId, causeName: set.causeName, chosen: old.chosen });
  } else if (old?.chosen) record = store({ ...record, chosen: true });
  return record;
}

/** Runs a tracking call; when the tracking is stale, once more on a new one. Returns the record used. */
async function withTracking<T>(
  api: DonationApi,
  record: StoredTracking,
  run: (trackingId: string) => Promise<T>,
  staleStatuses: readonly number[] = [404, 409],
): Promise<{ record: StoredTracking; value: T }> {
  try {
    return { record, value: await run(record.trackingId) };
  } catch (err) {
    if (!isStale(err, staleStatuses)) throw err;
    const renewed = await restart(api, record);
    return { record: renewed, value: await run(renewed.trackingId) };
  }
}

/**
 * SPEC §4 tracking start: reuse the tab's tracking or start one; save and apply an sgcause cause;
 * store the e-mail-marketing parameters once. Throws the typed error of the call that failed.
 */
export async function startTracking(api: DonationApi, params: URLSearchParams): Promise<StoredTracking> {
  const kept = readStoredTracking();
  const plan = planTrackingStart({ stored: kept, params });
  let record: StoredTracking;
  if (plan.reuseTrackingId) {
    const reused = kept && kept.trackingId === plan.reuseTrackingId ? kept : fresh(plan.reuseTrackingId);
    try {
      // The provider's record is the truth about the cause (and whether it still knows the tracking).
      const tracked = await api.trackedCause(reused.trackingId);
      record = store({ ...reused, causeId: tracked.CauseId, causeName: tracked.CauseName });
    } catch (err) {
      // Unknown to the provider (404): replaced. Any other failure: the cause the tab selected could
      // not be read back ("Error getting selected causes"); a new tracking carries the tab's copy.
      if (!isStale(err, [404])) reportStepError("tracking", "Error getting selected causes", err);
      record = await restart(api, reused);
    }
  } else record = await restart(api, null);
  if (plan.applyCauseId) {
    try {
      record = await setTrackedCause(api, record, plan.applyCauseId, "", true);
    } catch (err) {
      // The link's cause could not be applied: the widget goes on with the tab's own.
      reportStepError("tracking", "Error getting initial cause selection", err);
    }
  }
  if (plan.integrationInfo) {
    const info = plan.integrationInfo;
    try {
      const done = await withTracking(api, record, (id) => api.addIntegrationInfo(id, info, EMAIL_MARKETING_INTEGRATION));
      record = store({ ...done.record, integrationStored: true });
    } catch (err) {
      // Not worth hiding the widget for: the donation works without the campaign's details.
      if (err instanceof DonationError) reportDonationError(err);
      else throw err;
    }
  }
  return record;
}

/** Sets (or, with "0", clears) the tracked cause; `chosen`: the shopper (or their link) chose it. */
export async function setTrackedCause(api: DonationApi, record: StoredTracking, causeId: string, causeName: string, chosen: boolean): Promise<StoredTracking> {
  const done = await withTracking(api, record, (id) => api.setCause(id, causeId, causeName));
  // The provider answers the cause's own name (a cleared cause: "0").
  return store({ ...done.record, causeId: done.value.causeId, causeName: done.value.causeName, chosen: chosen || done.record.chosen });
}

/** Attaches the tab's tracking to the cart (so the order placed from it records the cause and the matched segment). */
export async function attachTrackingToCart(api: DonationApi, record: StoredTracking, segmentId: string | null = null): Promise<StoredTracking> {
  // Only a confirmed tracking (409) is replaced here: the tracking was checked when the page started it.
  return (await withTracking(api, record, (id) => api.attachCart(id, segmentId), [409])).record;
}

/** Tests only. */
export function resetTrackingForTests() {
  memory = null;
}
