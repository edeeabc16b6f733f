import { Form } from "react-router";
import { REMOVE_ONE_TIME } from "../../../rules/autoship/one-time-intents";
import { formatUsd } from "../../../rules/shared/money";
import type { SubscriptionView } from "../../../server/modules/autoship";
import { longDate } from "./format";

// The one-time items joining the next delivery (added from a product page or the card's search), each removable until
// that delivery is placed.

export function OneTimeItems({ s, errors }: { s: Pick<SubscriptionView, "id" | "oneTimeItems" | "nextOrderDate" | "status">; errors: Record<string, string> }) {
  if (!s.oneTimeItems.length) return null;
  return (
    <section className="mt-3 rounded border border-gray-300 px-3 py-2" aria-label="One-time items" data-testid="one-time-items">
      <h3 className="font-semibold">Also in your next delivery{s.status === "active" ? ` (${longDate(s.nextOrderDate)})` : ""}, once</h3>
      {errors.itemId || errors.intent ? (
        <p role="alert" className="mt-1 text-sm font-medium text-error">
          {errors.itemId ?? errors.intent}
        </p>
      ) : null}
      <ul className="mt-1 grid gap-1">
        {s.oneTimeItems.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center justify-between gap-2" data-testid="one-time-item">
            <span>
              {i.quantity} × {i.title} — {formatUsd(i.unitPriceCents * i.quantity)}
            </span>
            <Form method="post">
              <input type="hidden" name="subscriptionId" value={s.id} />
              <input type="hidden" name="intent" value={REMOVE_ONE_TIME} />
              <input type="hidden" name="itemId" value={i.id} />
              <button type="submit" className="min-h-6 text-sm font-semibold text-primary underline" aria-label={`Remove ${i.title} from the next delivery`}>
                Remove
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
