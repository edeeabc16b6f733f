import type { SubscriptionAction } from "../../../rules/autoship/subscription-states";
import { ActionForm, buttonClass, secondaryButton } from "./action-form";

// The one-click actions on the next order: skip it, ship it now, pause or resume — each shown only
// when the subscription's status allows it.

const NEXT_ORDER_ACTIONS: readonly { intent: SubscriptionAction; label: string; className: string }[] = [
  { intent: "skip", label: "Skip next order", className: secondaryButton },
  { intent: "ship_now", label: "Ship now", className: buttonClass },
  { intent: "pause", label: "Pause", className: secondaryButton },
  { intent: "resume", label: "Resume", className: buttonClass },
];

export function NextOrderButtons({ id, can }: { id: string; can: ReadonlySet<SubscriptionAction> }) {
  return (
    <div className="mt-4 flex flex-wrap gap-3">
      {NEXT_ORDER_ACTIONS.filter((a) => can.has(a.intent)).map((a) => (
        <ActionForm key={a.intent} id={id} intent={a.intent}>
          <button type="submit" className={a.className}>
            {a.label}
          </button>
        </ActionForm>
      ))}
    </div>
  );
}
