import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CLICKSTREAM_BODY_BYTES,
  buildClickstreamEvent,
  clientPropertiesOf,
  TRACKING_STORAGE_KEY,
  type ClickstreamEvent,
} from "../../../rules/donations/widget";
import { createEventSender } from "./clickstream";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { DONATION_ERROR_MESSAGES, DonationError, onDonationError, type DonationApi, type DonationStore } from "./donation-api";
import { calculateDonation, causePicture, emitEvent, matchedSegment, startWidget, withInitialCause } from "./widget-steps";
import { attachTrackingToCart, readStoredTracking, resetTrackingForTests, setTrackedCause, startTracking } from "./tracking";

// The widget's browser-side flows without a browser: the clickstream sender's batches and consent
// gate (fake timers), and tracking start / reuse / renewal against a fake provider and a fake
// session storage.

const STORE = "5eed0d0a7e5c4a1b9c3d2e1f00c0ffee";
const T1 = "11111111-1111-4111-8111-111111111111";
const T2 = "22222222-2222-4222-8222-222222222222";

const event = (i: number): ClickstreamEvent =>
  buildClickstreamEvent({
    storeId: STORE,
    trackingId: T1,
    client: clientPropertiesOf({ userAgent: "test", href: "http://localhost/cart", referrer: "" }),
    place: "cart",
    type: "widget_rendered",
    payload: { i },
    now: new Date("2026-11-26T10:00:00Z"),
  });

const errors: DonationError[] = [];
beforeEach(() => {
  errors.length = 0;
  onDonationError((e) => errors.push(e));
});
afterEach(() => {
  onDonationError(null);
  vi.useRealTimers();
});

describe("clickstream sender (SPEC §9: every 5 s, in batches)", () => {
  it("sends nothing before 5 s, then one batch per tick of at most 50 events and the API's 16 KB, oldest first", async () => {
    vi.useFakeTimers();
    const sent: ClickstreamEvent[][] = [];
    const sender = createEventSender({ send: async (batch) => sent.push(batch), consented: () => true });
    for (let i = 0; i < 60; i++) sender.push(event(i));
    await vi.advanceTimersByTimeAsync(4999);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.length).toBeLessThanOrEqual(50);
    expect(new TextEncoder().encode(JSON.stringify(sent[0])).length).toBeLessThanOrEqual(CLICKSTREAM_BODY_BYTES);
    expect(sent[0]![0]!.event.payload).toEqual({ i: 0 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5000 * 3);
    expect(sent.flat().map((e) => e.event.payload.i)).toEqual(Array.from({ length: 60 }, (_, i) => i));
    expect(sender.queued()).toBe(0);
    sender.stop();
  });

  it("sends only while analytics consent is given; events raised before wait for it", async () => {
    vi.useFakeTimers();
    let consent = false;
    const sent: ClickstreamEvent[][] = [];
    const sender = createEventSender({ send: async (batch) => sent.push(batch), consented: () => consent });
    sender.push(event(1));
    sender.push(event(2));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(sent).toHaveLength(0);
    expect(sender.queued()).toBe(2);
    consent = true;
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent.flat().map((e) => e.event.payload)).toEqual([{ i: 1 }, { i: 2 }]);
    sender.stop();
  });

  it("drops a failed batch and reports SPEC §8's 'Error sending events'", async () => {
    const sender = createEventSender({ send: () => Promise.reject(new DonationError("events", "Error sending events", 500)), consented: () => true });
    sender.push(event(1));
    await sender.flush();
    expect(sender.queued()).toBe(0);
    expect(errors.map((e) => e.message)).toEqual(["Error sending events"]);
    sender.stop();
  });
});

/** A fake provider: trackings it knows, each with a cause; calls recorded. */
function fakeProvider(opts: { stale?: Set<string> } = {}) {
  const known = new Map<string, string>();
  const calls: string[] = [];
  const next = [T1, T2];
  const stale = opts.stale ?? new Set<string>();
  const staleError = (id: string) => new DonationError("tracking", "Error setting cause to tracking", known.has(id) ? 409 : 404);
  const api = {
    startTracking: async () => {
      const trackingId = next.shift()!;
      known.set(trackingId, "0");
      calls.push(`start ${trackingId}`);
      return { trackingId, causeId: "0" };
    },
    trackedCause: async (id: string) => {
      calls.push(`cause ${id}`);
      if (!known.has(id)) throw new DonationError("tracking", "Error getting tracked cause", 404);
      const causeId = known.get(id)!;
      return { CauseId: causeId, CauseName: causeId === "0" ? "0" : `Cause ${causeId}` };
    },
    setCause: async (id: string, causeId: string) => {
      calls.push(`set-cause ${id} ${causeId}`);
      if (stale.has(id) || !known.has(id)) throw staleError(id);
      known.set(id, causeId);
      return { causeId, causeName: causeId === "0" ? "0" : `Cause ${causeId}` };
    },
    addIntegrationInfo: async (id: string, info: Record<string, string>) => {
      calls.push(`integration ${id} ${JSON.stringify(info)}`);
      return { stored: true };
    },
    attachCart: async (id: string, segmentId: string | null = null) => {
      calls.push(segmentId ? `cart ${id} segment ${segmentId}` : `cart ${id}`);
      if (stale.has(id)) throw new DonationError("tracking", "Error updating tracking", 409);
      return {};
    },
  };
  return { api: api as unknown as DonationApi, calls, forget: (id: string) => known.delete(id) };
}

describe("tracking (SPEC §4 tracking start)", () => {
  let items: Map<string, string>;
  beforeEach(() => {
    items = new Map();
    const sessionStorage = { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
    vi.stubGlobal("window", { sessionStorage });
    resetTrackingForTests();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("starts one tracking per tab and reuses it from session storage", async () => {
    const { api, calls } = fakeProvider();
    const first = await startTracking(api, new URLSearchParams());
    const again = await startTracking(api, new URLSearchParams());
    expect(first.trackingId).toBe(T1);
    expect(again.trackingId).toBe(T1);
    expect(calls).toEqual([`start ${T1}`, `cause ${T1}`]);
    expect(JSON.parse(items.get(TRACKING_STORAGE_KEY)!)).toMatchObject({ trackingId: T1, causeId: "0" });
  });

  it("saves and applies an sgcause cause as the shopper's choice, once", async () => {
    const { api, calls } = fakeProvider();
    const record = await startTracking(api, new URLSearchParams("sgcause=00-1000007"));
    expect(record).toMatchObject({ causeId: "00-1000007", causeName: "Cause 00-1000007", chosen: true });
    await startTracking(api, new URLSearchParams("sgcause=00-1000007"));
    expect(calls).toEqual([`start ${T1}`, `set-cause ${T1} 00-1000007`, `cause ${T1}`]);
  });

  it("stores the e-mail-marketing parameters once per tracking", async () => {
    const { api, calls } = fakeProvider();
    await startTracking(api, new URLSearchParams("_kx=k1&utm_campaign=spring"));
    await startTracking(api, new URLSearchParams("_kx=k1&utm_campaign=spring"));
    expect(calls.filter((c) => c.startsWith("integration"))).toEqual([`integration ${T1} {"_kx":"k1","utm_campaign":"spring"}`]);
    expect(readStoredTracking()?.integrationStored).toBe(true);
  });

  it("a tracking the provider no longer takes (confirmed by an order) is replaced, keeping the chosen cause", async () => {
    const stale = new Set<string>();
    const { api, calls } = fakeProvider({ stale });
    const record = await setTrackedCause(api, await startTracking(api, new URLSearchParams()), "00-1000003", "", true);
    stale.add(T1);
    const attached = await attachTrackingToCart(api, record);
    expect(attached).toMatchObject({ trackingId: T2, causeId: "00-1000003", chosen: true });
    expect(calls).toEqual([`start ${T1}`, `set-cause ${T1} 00-1000003`, `cart ${T1}`, `start ${T2}`, `set-cause ${T2} 00-1000003`, `cart ${T2}`]);
    expect(readStoredTracking()?.trackingId).toBe(T2);
  });

  it("the matched segment goes with the cart attach, also on a tracking that replaces a confirmed one", async () => {
    const stale = new Set<string>();
    const { api, calls } = fakeProvider({ stale });
    const record = await startTracking(api, new URLSearchParams());
    const SEGMENT = "5e600000-0000-4000-8000-000000000001";
    await attachTrackingToCart(api, record, SEGMENT);
    stale.add(T1);
    await attachTrackingToCart(api, record, SEGMENT);
    expect(calls.filter((c) => c.startsWith("cart"))).toEqual([
      `cart ${T1} segment ${SEGMENT}`,
      `cart ${T1} segment ${SEGMENT}`,
      `cart ${T2} segment ${SEGMENT}`,
    ]);
  });

  it("a kept tracking the provider does not know (another session, or lost) is replaced on start, keeping its cause", async () => {
    const { api, calls, forget } = fakeProvider();
    await setTrackedCause(api, await startTracking(api, new URLSearchParams()), "00-1000004", "", true);
    forget(T1);
    const record = await startTracking(api, new URLSearchParams());
    expect(record).toMatchObject({ trackingId: T2, causeId: "00-1000004", chosen: true });
    expect(calls.slice(-3)).toEqual([`cause ${T1}`, `start ${T2}`, `set-cause ${T2} 00-1000004`]);
  });

  it("the provider's cause wins over the one kept in the tab", async () => {
    const { api } = fakeProvider();
    await startTracking(api, new URLSearchParams());
    items.set(TRACKING_STORAGE_KEY, JSON.stringify({ trackingId: T1, causeId: "00-1000009", causeName: "Stale", chosen: true }));
    expect(await startTracking(api, new URLSearchParams())).toMatchObject({ trackingId: T1, causeId: "0", causeName: "0", chosen: true });
  });

  it("clearing sends cause 0 and keeps that the shopper chose (no default is preselected again)", async () => {
    const { api } = fakeProvider();
    const record = await setTrackedCause(api, await startTracking(api, new URLSearchParams()), "0", "0", true);
    expect(record).toMatchObject({ causeId: "0", causeName: "0", chosen: true });
  });

  it("another failure is the caller's, typed", async () => {
    const { api } = fakeProvider();
    const broken = { ...api, setCause: () => Promise.reject(new DonationError("tracking", "Error setting cause to tracking", 500)) } as DonationApi;
    const record = await startTracking(api, new URLSearchParams());
    await expect(setTrackedCause(broken, record, "00-1000001", "", true)).rejects.toMatchObject({ message: "Error setting cause to tracking", status: 500 });
  });
});

describe("SPEC §8: every donation error message is raised where its situation happens", () => {
  const store = {
    letShoppersChoose: true,
    defaultCauseId: "00-1000001",
    segments: [
      {
        id: "s1",
        isActive: true,
        excludeSegment: false,
        priorityIndex: 0,
        valueCategory: 1,
        specifiedValues: [],
        frontEndPropertyName: "tier",
        frontEndSource: 0,
      },
    ],
  } as unknown as DonationStore;
  const tracking = { trackingId: T1, causeId: "0", causeName: "0", chosen: false, integrationStored: false };
  const failing = (message: "Error retrieving cart donation" | "Error setting cause to tracking" | "Error retrieving charities by EIN") => async () => {
    throw new DonationError("x", message, 500);
  };
  const messages = () => errors.map((e) => e.message);
  let items: Map<string, string>;
  beforeEach(() => {
    items = new Map();
    vi.stubGlobal("window", { sessionStorage: { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) } });
    resetTrackingForTests();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("the catalogue's 24 messages each occur in the code that raises or logs them", () => {
    expect(new Set(DONATION_ERROR_MESSAGES).size).toBe(24);
    const files = [
      ...readdirSync(join(__dirname))
        .filter((f) => /\.tsx?$/.test(f) && !f.includes(".test.") && f !== "donation-api.ts")
        .map((f) => join(__dirname, f)),
      join(__dirname, "donation-api.ts"),
      join(__dirname, "../../../server/modules/donations/ledger.ts"),
    ];
    // donation-api.ts lists every message once in the catalogue (its type is drawn from it): only more counts.
    const uses = (m: string) => files.reduce((n, f) => n + (readFileSync(f, "utf8").split(`"${m}"`).length - 1), 0) - 1;
    expect(DONATION_ERROR_MESSAGES.filter((m) => uses(m) < 1)).toEqual([]);
  });

  it('a page value that cannot be read: no segment, "Error retrieving donation eligibility"', () => {
    const page = Object.defineProperty({}, "tier", {
      get: () => {
        throw new Error("blocked");
      },
    });
    expect(matchedSegment(store, { window: page, dataLayer: [], params: new URLSearchParams() })).toBeNull();
    expect(messages()).toEqual(["Error retrieving donation eligibility"]);
  });

  it('the default cause cannot be preselected: the widget goes on without it, "Error getting initial cause selection"', async () => {
    const api = { setCause: failing("Error setting cause to tracking") } as unknown as DonationApi;
    expect(await withInitialCause(api, store, tracking)).toEqual(tracking);
    expect(messages()).toEqual(["Error setting cause to tracking", "Error getting initial cause selection"]);
  });

  it('the widget cannot start: "Error initializing SDK" after the failed call\'s own; a store absent after the wait is only not ready', async () => {
    const api = {
      startTracking: async () => {
        throw new DonationError("tracking", "Error starting tracking", 503);
      },
    } as unknown as DonationApi;
    const sources = { window: {}, dataLayer: [], params: new URLSearchParams() };
    expect(await startWidget({ api, place: "cart", loadStore: async () => store, params: new URLSearchParams(), sources })).toEqual({ phase: "failed" });
    expect(messages()).toEqual(["Error starting tracking", "Error initializing SDK"]);
    errors.length = 0;
    expect(await startWidget({ api, place: "cart", loadStore: async () => null, params: new URLSearchParams(), sources })).toEqual({ phase: "not-ready" });
    expect(messages()).toEqual([]);
  });

  it('the donation cannot be computed: "Error calculating donation"; a cause\'s details cannot be read: "Error populating cause IDs"', async () => {
    const api = {
      cartDonation: failing("Error retrieving cart donation"),
      charitiesByEins: failing("Error retrieving charities by EIN"),
    } as unknown as DonationApi;
    expect(await calculateDonation(api, { place: "cart", lines: [], cartDiscountCents: 0 }, { store, segment: null, tracking })).toBeNull();
    expect(await causePicture(api, "00-1000001")).toBeNull();
    expect(messages()).toEqual([
      "Error retrieving cart donation",
      "Error calculating donation",
      "Error retrieving charities by EIN",
      "Error populating cause IDs",
    ]);
  });

  it('an event that cannot be queued: "Error emitting event", nothing thrown', () => {
    vi.stubGlobal("window", undefined);
    expect(() => emitEvent({ storeId: STORE, trackingId: T1, place: "cart", type: "widget_rendered", payload: {} })).not.toThrow();
    expect(messages()).toEqual(["Error emitting event"]);
  });

  it('the tab\'s selected cause cannot be read back: "Error getting selected causes", and a new tracking carries the tab\'s cause; a link\'s cause that cannot be applied: "Error getting initial cause selection"', async () => {
    const { api, calls } = fakeProvider();
    await setTrackedCause(api, await startTracking(api, new URLSearchParams()), "00-1000004", "", true);
    const broken = {
      ...api,
      trackedCause: async () => {
        throw new DonationError("tracking", "Error getting tracked cause", 500);
      },
    } as DonationApi;
    const record = await startTracking(broken, new URLSearchParams());
    expect(record).toMatchObject({ trackingId: T2, causeId: "00-1000004" });
    expect(messages()).toEqual(["Error getting tracked cause", "Error getting selected causes"]);
    errors.length = 0;
    const noCause = { ...api, setCause: failing("Error setting cause to tracking") } as DonationApi;
    resetTrackingForTests();
    items.clear();
    calls.length = 0;
    const linked = await startTracking(
      { ...noCause, startTracking: async () => ({ trackingId: T1, causeId: "0" }) } as DonationApi,
      new URLSearchParams("sgcause=00-1000007"),
    );
    expect(linked.causeId).toBe("0");
    expect(messages()).toEqual(["Error setting cause to tracking", "Error getting initial cause selection"]);
  });
});
