import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { donationSentence, type DonationRequest, type WidgetEventType } from "../../../rules/donations/widget";
import { NO_CAUSE } from "../../../rules/donations/provider";
import { amountToCents } from "../../../rules/shared/money";
import type { CartView } from "../../components/cart/cart-types";
import type { SlotRequest } from "../../components/donations/donation-slot";
import { CauseImage, type CausePicture } from "./cause-image";
import { CausePicker, type ChosenCause } from "./cause-picker";
import { DonationError, donationApi, reportDonationError } from "./donation-api";
import { requestStore, waitForStore } from "./store-config";
import { attachTrackingToCart, readStoredTracking, setTrackedCause } from "./tracking";
import { calculateDonation, causePicture, emitEvent, startWidget, type Ready } from "./widget-steps";

// The donation widget of SPEC §4, loaded after hydration by the page's slot
// (app/components/donations/donation-slot.tsx). Steps: wait for the store configuration (up to 5 s,
// else "not ready" and hidden), start or reuse tracking, evaluate the segment, compute the donation
// through the provider, and show "$2.15 to Paws Rescue League with this order" with a cause picker.
// The steps live in widget-steps.ts; each failure logs its typed error of SPEC §8 and hides the
// widget (or, for a side step, leaves it out); the page around it goes on.

type Phase = "loading" | "not-ready" | "hidden" | "shown" | "failed";
type Donation = { totalCents: number; causeName: string | null; causeId: string | null };

const report = (err: unknown) =>
  reportDonationError(err instanceof DonationError ? err : new DonationError("widget", "Error updating widget", null, { cause: err }));

/** The cart's lines as the provider's cart donation request: products by handle, unit prices, the codes' discount. */
export function cartDonationRequest(cart: CartView): DonationRequest {
  return {
    place: "cart",
    lines: cart.lineItems.map((l) => ({ cmsId: l.product.handle, unitPriceCents: amountToCents(l.cost.amountPerQuantity.amount), quantity: l.quantity })),
    cartDiscountCents: amountToCents(cart.cost.discountAmount.amount),
  };
}

export function DonationWidget({ storeId, request: asked }: { storeId: string; request: SlotRequest }) {
  const request: DonationRequest = asked.place === "cart" ? cartDonationRequest(asked.cart) : asked;
  const api = useMemo(() => donationApi(storeId), [storeId]);
  const [phase, setPhase] = useState<Phase>("loading");
  const [ready, setReady] = useState<Ready | null>(null);
  const [donation, setDonation] = useState<Donation | null>(null);
  const requestKey = JSON.stringify(request);
  const place = request.place;

  const emit = useCallback(
    (type: WidgetEventType, trackingId: string | null, payload: Record<string, unknown>) => emitEvent({ storeId, trackingId, place, type, payload }),
    [storeId, place],
  );

  // 1. Store configuration, tracking, segment, default cause (widget-steps.ts startWidget).
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const params = new URLSearchParams(window.location.search);
    const started =
      request.place === "confirmation"
        ? (async () => {
            // The order is placed: the server shows what was given; the tab's tracking (the one the
            // cart carried) records that an order was made. No new tracking is started here.
            const kept = readStoredTracking();
            if (kept) emit("order_made", kept.trackingId, { orderId: request.orderId, causeId: kept.causeId });
            return { phase: "hidden" as const };
          })()
        : startWidget({
            api,
            place,
            loadStore: () => {
              requestStore(storeId);
              return waitForStore(storeId, { signal });
            },
            params,
            sources: { window, dataLayer: (window as unknown as { dataLayer?: unknown[] }).dataLayer, params },
            signal,
          });
    void started.then((outcome) => {
      if (signal.aborted) return;
      if (outcome.phase === "ready") setReady(outcome.ready);
      else setPhase(outcome.phase);
    });
    return () => controller.abort();
    // The request's content is read once here; later changes only recompute (effect 2).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, storeId, place]);

  // 2. The donation for what the page shows, whenever it or the cause changes: the server's answer
  //    only (the amount, the cause and whether to show are the ones the order will record).
  useEffect(() => {
    if (!ready || request.place === "confirmation") return;
    let live = true;
    void calculateDonation(api, request, ready).then((shown) => {
      if (!live) return;
      if (!shown) return setPhase("failed");
      setDonation({ totalCents: shown.totalCents, causeName: shown.cause?.causeName ?? null, causeId: shown.cause?.causeId ?? null });
      setPhase(shown.show ? "shown" : "hidden");
    });
    return () => {
      live = false;
    };
    // requestKey stands for the request's content (a new object on every render of the page).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, requestKey, api]);

  // 3. The cart carries the tab's tracking (and so its cause) to the order: after tracking starts
  //    and whenever the cause changes.
  const trackedCause = ready?.tracking.causeId;
  const revalidator = useRevalidator();
  const shopperChoseCause = useRef(false);
  useEffect(() => {
    if (!ready || place !== "cart") return;
    let live = true;
    attachTrackingToCart(api, ready.tracking, ready.segment?.id ?? null).then(
      (record) => {
        // A stale tracking was replaced on the way: keep the new one.
        if (live && record.trackingId !== ready.tracking.trackingId) setReady((r) => (r ? { ...r, tracking: record } : r));
        // The cart's server-rendered parts (the add-on offer names the cart's cause) read the new cause.
        if (shopperChoseCause.current) {
          shopperChoseCause.current = false;
          if (revalidator.state === "idle") void revalidator.revalidate();
        }
      },
      (err: unknown) => live && report(err),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, place, ready?.tracking.trackingId, trackedCause]);

  // 4. The shown cause's logo or category icon (looked up once per cause; without it, the line stays text).
  const shownCauseId = donation?.causeId ?? null;
  const [picture, setPicture] = useState<{ id: string; cause: CausePicture } | null>(null);
  useEffect(() => {
    if (!shownCauseId || picture?.id === shownCauseId) return;
    let live = true;
    void causePicture(api, shownCauseId).then((cause) => live && cause && setPicture({ id: shownCauseId, cause }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, shownCauseId]);

  // 5. "Rendered", once per widget shown.
  const shown = phase === "shown";
  useEffect(() => {
    if (shown && ready) emit("widget_rendered", ready.tracking.trackingId, { causeId: ready.tracking.causeId, totalDonationCents: donation?.totalCents ?? 0 });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);

  const choose = async (cause: ChosenCause | null): Promise<boolean> => {
    if (!ready) return false;
    try {
      const tracking = await setTrackedCause(api, ready.tracking, cause?.id ?? NO_CAUSE.causeId, cause?.name ?? NO_CAUSE.causeName, true);
      shopperChoseCause.current = true;
      setReady({ ...ready, tracking });
      emit("cause_set", tracking.trackingId, { causeId: tracking.causeId, cleared: tracking.causeId === NO_CAUSE.causeId });
      return true;
    } catch (err) {
      report(err);
      return false;
    }
  };

  if (phase !== "shown" || !ready || !donation) return <div data-donation-state={phase} hidden />;
  return (
    <section
      aria-label="Donation to charity"
      data-donation-state="shown"
      className="flex h-full items-center gap-3 rounded-lg border border-primary/30 bg-mist px-4 py-2"
    >
      {/* The picture's place is kept while it is looked up, so the line does not move when it comes. */}
      {donation.causeId &&
        (picture?.id === donation.causeId ? <CauseImage cause={picture.cause} size={40} /> : <span aria-hidden="true" className="size-10 shrink-0" />)}
      <div className="flex min-w-0 flex-col justify-center gap-1">
        <p className="line-clamp-2 text-sm font-semibold text-secondary" aria-live="polite" data-testid="donation-line">
          {donationSentence(donation.totalCents, donation.causeName)}
        </p>
        {ready.store.letShoppersChoose && (
          <CausePicker
            api={api}
            store={ready.store}
            current={{ id: ready.tracking.causeId, name: ready.tracking.causeName }}
            onChoose={choose}
            onSearched={(payload) => emit("causes_searched", ready.tracking.trackingId, payload)}
          />
        )}
      </div>
    </section>
  );
}

export default DonationWidget;
