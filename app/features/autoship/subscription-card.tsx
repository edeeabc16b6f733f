import { allowedActions, type SubscriptionAction } from "../../../rules/autoship/subscription-states";
import type { SubscriptionView } from "../../../server/modules/autoship";
import type { CardErrors } from "./action-form";
import { CancelSubscriptionForm, ReactivateForm } from "./cancel-and-reactivate-forms";
import { ChangeAddressForm, type SavedAddress } from "./change-address-form";
import { ChangeDeliveryForms } from "./change-delivery-forms";
import { ChangePaymentForm, type SavedCard } from "./change-payment-form";
import { NextOrderButtons } from "./next-order-buttons";
import { DeliveryFacts, SubscriptionHeading, SubscriptionHistory } from "./subscription-summary";
import { PetForm, RunOutNotice, type KeptPet } from "./feeding-facts";
import { PriceGuardForm, PriceHoldNotice } from "./price-guard-forms";
import { SubstituteForm } from "./substitute-form";
import { OneTimeItems } from "./one-time-items";
import { LifeStageProposal } from "./life-stage-proposal";
import { ACCEPT_LIFE_STAGE, DISMISS_LIFE_STAGE } from "../../../rules/autoship/life-stage-swap";
import { ADD_ONE_TIME, REMOVE_ONE_TIME } from "../../../rules/autoship/one-time-intents";
import { AddToDelivery, type DeliverySearch } from "./add-to-delivery";

// One subscription of My Subscriptions with every action its status allows (rules/autoship/subscription-states.ts
// allowedActions) as a plain form posting an `intent`: it all works before JavaScript loads. Less
// frequent changes sit in <details> so the card stays short; a form that failed opens with its
// messages beside the fields.

export type { CardErrors } from "./action-form";
export { longDate } from "./format";

const DELIVERY_INTENTS: readonly SubscriptionAction[] = ["change_frequency", "change_quantity", "change_date", "swap_variant"];

export function SubscriptionCard({
  s,
  failed,
  addresses,
  methods,
  dateBounds,
  pets,
  deliverySearch,
  takesOneTimeItems,
}: {
  s: SubscriptionView;
  deliverySearch: DeliverySearch;
  /** One-time items join the shop's Autoships (the staff site sells none). */
  takesOneTimeItems: boolean;
  pets: readonly KeptPet[];
  failed: CardErrors;
  addresses: SavedAddress[];
  methods: SavedCard[];
  dateBounds: { min: string; max: string };
}) {
  const can = new Set(allowedActions(s.status));
  const errs = (intent: SubscriptionAction) => (failed?.intent === intent ? failed.errors : {});
  const isOpen = (intent: SubscriptionAction) => failed?.intent === intent;
  const headingId = `sub-${s.id}-title`;
  return (
    <li id={`sub-${s.id}`} className="rounded border border-gray-300 p-4" data-testid="subscription" aria-labelledby={headingId}>
      <SubscriptionHeading s={s} headingId={headingId} />
      <DeliveryFacts s={s} />
      <RunOutNotice s={s} />
      <PriceHoldNotice s={s} />
      <LifeStageProposal s={s} pets={pets} errors={failed?.intent === ACCEPT_LIFE_STAGE || failed?.intent === DISMISS_LIFE_STAGE ? failed.errors : {}} />
      <OneTimeItems s={s} errors={failed?.intent === REMOVE_ONE_TIME ? failed.errors : {}} />
      {s.saveDiscountPercent ? (
        <p className="mt-3 rounded bg-mist px-3 py-2 text-sm" data-testid="save-discount">
          Your next delivery is {s.saveDiscountPercent}% off, once: thank you for staying.
        </p>
      ) : null}

      {failed && failed.errors.intent ? (
        <p role="alert" className="mt-3 text-sm font-medium text-error">
          {failed.errors.intent}
        </p>
      ) : null}

      <NextOrderButtons id={s.id} can={can} />

      <div className="mt-4 grid gap-3">
        {DELIVERY_INTENTS.some((i) => can.has(i)) ? (
          <ChangeDeliveryForms s={s} can={can} errs={errs} open={DELIVERY_INTENTS.some(isOpen)} dateBounds={dateBounds} />
        ) : null}
        {takesOneTimeItems && s.status === "active" ? (
          <AddToDelivery s={s} search={deliverySearch} errors={failed?.intent === ADD_ONE_TIME ? failed.errors : {}} />
        ) : null}
        {s.status !== "cancelled" ? (
          <PriceGuardForm s={s} errors={failed?.intent === "set_price_guard" ? failed.errors : {}} open={failed?.intent === "set_price_guard"} />
        ) : null}
        {s.status !== "cancelled" ? (
          <SubstituteForm s={s} errors={failed?.intent === "set_substitute" ? failed.errors : {}} open={failed?.intent === "set_substitute"} />
        ) : null}
        {s.status !== "cancelled" ? (
          <PetForm
            s={s}
            pets={pets}
            errors={failed?.intent === "set_pet" || failed?.intent === "link_pet" ? failed.errors : {}}
            open={failed?.intent === "set_pet" || failed?.intent === "link_pet"}
          />
        ) : null}
        {can.has("change_address") ? (
          <ChangeAddressForm id={s.id} addresses={addresses} errors={errs("change_address")} open={isOpen("change_address")} />
        ) : null}
        {can.has("change_payment") ? (
          <ChangePaymentForm id={s.id} current={s.paymentMethod} methods={methods} errors={errs("change_payment")} open={isOpen("change_payment")} />
        ) : null}
        {can.has("cancel") ? <CancelSubscriptionForm s={s} errors={errs("cancel")} open={isOpen("cancel")} dateBounds={dateBounds} /> : null}
        {can.has("reactivate") ? <ReactivateForm id={s.id} error={errs("reactivate").nextOrderDate} dateBounds={dateBounds} /> : null}
        <SubscriptionHistory history={s.history} />
      </div>
    </li>
  );
}
