import { EVENT_FLUSH_MS, enqueueEvent, nextBatch, type ClickstreamEvent } from "../../../rules/donations/widget";
import { DonationError, donationApi, reportDonationError } from "./donation-api";

// The widget's clickstream (SPEC §3 envelope, §9 every 5 s): events wait in memory and leave in
// batches, only while the shopper's analytics consent allows it. Consent is the "advertising"
// category (SPEC §3 consent state; the dialog calls it "Advertising and analytics"). Without it
// nothing is sent; events raised meanwhile wait in this page's memory (bounded) and go once consent
// is given, or never.

/** Whether analytics consent is given: read from the page's privacy manager (SPEC §7 getConsent). */
export function analyticsConsentGiven(): boolean {
  try {
    const manager = (window as unknown as { privacyManager?: { getConsent?: () => { advertising?: unknown } | null | undefined } }).privacyManager;
    return manager?.getConsent?.()?.advertising === true;
  } catch {
    return false;
  }
}

export type EventSender = {
  push(event: ClickstreamEvent): void;
  /** Sends one batch now when consent allows; `keepalive` when the page is going away. */
  flush(keepalive?: boolean): Promise<void>;
  queued(): number;
  stop(): void;
};

/** A sender with its own queue and timer (one per store and page life). */
export function createEventSender(deps: {
  send: (batch: ClickstreamEvent[], keepalive: boolean) => Promise<unknown>;
  consented: () => boolean;
  intervalMs?: number;
}): EventSender {
  let queue: ClickstreamEvent[] = [];
  let sending = false;
  let timer: ReturnType<typeof setInterval> | null = null;

  const flush = async (keepalive = false) => {
    if (sending || queue.length === 0 || !deps.consented()) return;
    const { batch, rest } = nextBatch(queue);
    queue = rest;
    sending = true;
    try {
      await deps.send(batch, keepalive);
    } catch (err) {
      // Analytics never retries into a loop: a failed batch is dropped and reported.
      if (err instanceof DonationError) reportDonationError(err);
      else reportDonationError(new DonationError("events", "Error sending events", null, { cause: err }));
    } finally {
      sending = false;
    }
  };

  return {
    push(event) {
      queue = enqueueEvent(queue, event);
      timer ??= setInterval(() => void flush(), deps.intervalMs ?? EVENT_FLUSH_MS);
    },
    flush,
    queued: () => queue.length,
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

const senders = new Map<string, EventSender>();

/** The page's sender for a store: the 5 s timer, and a last batch when the page is hidden or left. */
export function eventSenderFor(storeId: string): EventSender {
  let sender = senders.get(storeId);
  if (!sender) {
    const api = donationApi(storeId);
    sender = createEventSender({ send: (batch, keepalive) => api.sendEvents(batch, keepalive), consented: analyticsConsentGiven });
    senders.set(storeId, sender);
    const last = sender;
    window.addEventListener("pagehide", () => void last.flush(true));
  }
  return sender;
}
