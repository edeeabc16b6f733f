import { STORE_POLL_MS, STORE_WAIT_MS } from "../../../rules/donations/widget";
import { donationApi, reportDonationError, type DonationError, type DonationStore } from "./donation-api";

// The store configuration of SPEC §4: fetched once per page life and store, kept here; every widget
// on the page waits for it (up to 5 s, polled every 100 ms) and is "not ready" (hidden) without it.

const loaded = new Map<string, DonationStore>();
const requested = new Set<string>();

/** Starts the store configuration's fetch (once per store); a failure is logged and the store stays absent. */
export function requestStore(storeId: string) {
  if (requested.has(storeId)) return;
  requested.add(storeId);
  donationApi(storeId)
    .store()
    .then(
      (store) => loaded.set(storeId, store),
      (err: DonationError) => {
        reportDonationError(err);
        // A later widget (another page) asks again.
        setTimeout(() => requested.delete(storeId), STORE_WAIT_MS);
      },
    );
}

/** The store configuration once present; null after `timeoutMs` without it ("not ready"). */
export function waitForStore(
  storeId: string,
  { timeoutMs = STORE_WAIT_MS, intervalMs = STORE_POLL_MS, signal }: { timeoutMs?: number; intervalMs?: number; signal?: AbortSignal } = {},
): Promise<DonationStore | null> {
  return new Promise((resolve) => {
    const started = Date.now();
    const poll = () => {
      const store = loaded.get(storeId);
      if (store) return resolve(store);
      if (signal?.aborted || Date.now() - started >= timeoutMs) return resolve(null);
      setTimeout(poll, intervalMs);
    };
    poll();
  });
}

/** Tests only: forget every store. */
export function resetStoresForTests() {
  loaded.clear();
  requested.clear();
}
