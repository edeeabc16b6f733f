import { Form } from "react-router";
import { ACCEPT_LIFE_STAGE, DISMISS_LIFE_STAGE, lifeStageSwapText } from "../../../rules/autoship/life-stage-swap";
import { formatUsd } from "../../../rules/shared/money";
import type { SubscriptionView } from "../../../server/modules/autoship";
import { buttonClass, secondaryButton } from "./action-form";
import type { KeptPet } from "./feeding-facts";
import { longDate } from "./format";

// The account notice of a life-stage swap (rules/autoship/life-stage-swap.ts): the pet reached its
// next stage, so the same brand's formula for it is proposed with the price difference. One click
// switches from the next delivery; "Keep my food" dismisses it for good. Both are plain POSTs.

export function LifeStageProposal({
  s,
  pets,
  errors,
}: {
  s: Pick<SubscriptionView, "id" | "lifeStageProposal" | "petProfile" | "productTitle" | "variantTitle" | "quantity">;
  pets: readonly KeptPet[];
  errors: Record<string, string>;
}) {
  const p = s.lifeStageProposal;
  if (!p) return null;
  const text = lifeStageSwapText({
    petName: pets.find((x) => x.id === p.petId)?.name ?? "Your pet",
    species: s.petProfile?.species === "cat" ? "cat" : "dog",
    stage: p.stage,
    toTitle: p.productTitle,
    fromUnitCents: p.fromUnitCents,
    toUnitCents: p.toUnitCents,
    quantity: s.quantity,
    formatMoney: formatUsd,
  });
  const headingId = `sub-${s.id}-life-stage`;
  return (
    <section className="mt-3 rounded border-2 border-primary px-3 py-2" aria-labelledby={headingId} data-testid="life-stage-proposal">
      <h3 id={headingId} className="font-semibold">
        {text.headline} (since {longDate(p.reachedOn)})
      </h3>
      <p className="mt-1 text-sm">{text.proposal}</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-sm">
        <dt className="font-medium">Now</dt>
        <dd>
          {s.quantity} × {s.productTitle} — {s.variantTitle}, {formatUsd(p.fromUnitCents * s.quantity)}
        </dd>
        <dt className="font-medium">Suggested</dt>
        <dd data-testid="life-stage-suggested">
          {s.quantity} × {p.productTitle} — {p.variantTitle}, {formatUsd(p.toUnitCents * s.quantity)}
        </dd>
      </dl>
      <p className="mt-1 text-sm font-medium" data-testid="life-stage-difference">
        {text.difference}
      </p>
      {errors.proposalId || errors.intent ? (
        <p role="alert" className="mt-1 text-sm font-medium text-error">
          {errors.proposalId ?? errors.intent}
        </p>
      ) : null}
      <Form method="post" className="mt-2 flex flex-wrap gap-2">
        <input type="hidden" name="subscriptionId" value={s.id} />
        <input type="hidden" name="proposalId" value={p.id} />
        <button type="submit" name="intent" value={ACCEPT_LIFE_STAGE} className={buttonClass}>
          Switch from the next delivery
        </button>
        <button type="submit" name="intent" value={DISMISS_LIFE_STAGE} className={secondaryButton}>
          Keep my food
        </button>
      </Form>
    </section>
  );
}
