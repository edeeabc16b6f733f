import type { SubscriptionAction } from "../../../rules/autoship/subscription-states";
import { ActionForm, buttonClass, secondaryButton } from "./action-form";

// The one-click actions on the next order: skip it, ship it now, pause or resume — each shown only
// when the subscription's status allows it.

export function NextOrderButtons({ id, can }: { id: string; can: ReadonlySet<SubscriptionAction> }) {
  return (
    <div className="mt-4 flex flex-wrap gap-3">
      {can.has("skip") ? (
        <ActionForm id={id} intent="skip">
          <button type="submit" className={secondaryButton}>
            Skip next order
          </button>
        </ActionForm>
      ) : null}
      {can.has("ship_now") ? (
        <ActionForm id={id} intent="ship_now">
          <button type="submit" className={buttonClass}>
            Ship now
          </button>
        </ActionForm>
      ) : null}
      {can.has("pause") ? (
        <ActionForm id={id} intent="pause">
          <button type="submit" className={secondaryButton}>
            Pause
          </button>
        </ActionForm>
      ) : null}
      {can.has("resume") ? (
        <ActionForm id={id} intent="resume">
          <button type="submit" className={buttonClass}>
            Resume
          </button>
        </ActionForm>
      ) : null}
    </div>
  );
}
