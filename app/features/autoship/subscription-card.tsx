import { useId, type ReactNode } from "react";
import { Form } from "react-router";
import { AUTOSHIP_FREQUENCY_WEEKS, frequencyLabel } from "../../../rules/autoship-offer";
import { allowedActions, CANCEL_REASONS, NEW_CHOICE, type SubscriptionAction } from "../../../rules/autoship-subscription";
import { MAX_AUTOSHIP_QUANTITY } from "../../../rules/quantity";
import { US_STATES } from "../../../rules/us-states";
import { SelectField, TextField } from "../../components/form-field";
import { AddressLines } from "../../components/address-lines";
import type { SubscriptionView } from "../../../server/modules/autoship/service";
import { formatUsd } from "../../../rules/money";

// One subscription of My Subscriptions with every action as a plain form posting an
// `intent`: it all works before JavaScript loads. Less frequent changes sit in <details> so the card
// stays short; a form that failed opens with its messages beside the fields.

export type CardErrors = { intent: string; errors: Record<string, string> } | null;
type Address = { id: string; firstName: string; lastName: string; address1: string; address2: string; city: string; provinceCode: string; zip: string; phone: string | null };
type Method = { id: string; brand: string; last4: string; expMonth: number; expYear: number };

export const longDate = (day: string) =>
  new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
const brandName = (b: string) => (b === "amex" ? "American Express" : b.charAt(0).toUpperCase() + b.slice(1));
const STATUS_LABEL = { active: "Active", paused: "Paused", cancelled: "Cancelled" } as const;
const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: s.name }));
const buttonClass = "rounded bg-primary px-4 py-2 font-semibold text-white hover:bg-secondary focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2";
const secondaryButton = "rounded border border-primary px-4 py-2 font-semibold text-primary hover:bg-primary/5";

function ActionForm({ id, intent, children, label }: { id: string; intent: SubscriptionAction; children?: ReactNode; label?: string }) {
  return (
    <Form method="post" aria-label={label} className="mt-2">
      <input type="hidden" name="subscriptionId" value={id} />
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

/** A number or date input with its message beside it (the shared TextField has no min/max). */
function BoundedField(p: { name: string; label: string; type: "number" | "date"; min: string; max: string; defaultValue: string; error?: string; required?: boolean }) {
  const id = useId();
  return (
    <div className="mt-2">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {p.label}
      </label>
      <input
        id={id}
        name={p.name}
        type={p.type}
        min={p.min}
        max={p.max}
        defaultValue={p.defaultValue}
        required={p.required}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={p.error ? `${id}-error` : undefined}
        className="w-48 rounded border border-gray-400 px-3 py-2 aria-[invalid=true]:border-error"
      />
      {p.error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-error">
          {p.error}
        </p>
      ) : null}
    </div>
  );
}

function Section({ title, open, children, testId }: { title: string; open: boolean; children: ReactNode; testId: string }) {
  return (
    <details open={open} className="rounded border border-gray-200 px-3 py-2" data-testid={testId}>
      <summary className="cursor-pointer font-semibold text-primary">{title}</summary>
      {children}
    </details>
  );
}

export function SubscriptionCard({
  s,
  failed,
  addresses,
  methods,
  dateBounds,
}: {
  s: SubscriptionView;
  failed: CardErrors;
  addresses: Address[];
  methods: Method[];
  dateBounds: { min: string; max: string };
}) {
  const can = new Set(allowedActions(s.status));
  const errs = (intent: SubscriptionAction) => (failed?.intent === intent ? failed.errors : {});
  const isOpen = (intent: SubscriptionAction) => failed?.intent === intent;
  const headingId = `sub-${s.id}-title`;
  return (
    <li id={`sub-${s.id}`} className="rounded border border-gray-300 p-4" data-testid="subscription" aria-labelledby={headingId}>
      <div className="flex flex-wrap gap-4">
        <img src={s.image.url} alt={s.image.alt} width={96} height={96} className="h-24 w-24 object-contain" loading="lazy" />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-lg font-bold text-secondary">
            {s.productTitle}
          </h2>
          <p className="text-sm text-gray-700">
            {s.variantTitle} · SKU {s.sku} · {s.contractId}
          </p>
          <p className="mt-1">
            <span
              data-testid="subscription-status"
              className={`inline-block rounded px-2 py-0.5 text-sm font-semibold ${s.status === "active" ? "bg-success/15 text-success-dark" : s.status === "paused" ? "bg-gray-200" : "bg-error/10 text-error"}`}
            >
              {STATUS_LABEL[s.status]}
            </span>
            {s.hold ? (
              <span className="ml-2 text-sm text-error">
                {s.hold === "out_of_stock" ? "On hold: the item is out of stock; we will retry." : "On hold: the last payment failed; update your payment method."}
              </span>
            ) : null}
          </p>
        </div>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold">Next order</dt>
          <dd data-testid="next-order-date">{s.status === "active" ? longDate(s.nextOrderDate) : "None planned"}</dd>
        </div>
        <div>
          <dt className="font-semibold">Frequency</dt>
          <dd data-testid="frequency">{s.frequencyLabel}</dd>
        </div>
        <div>
          <dt className="font-semibold">Quantity</dt>
          <dd data-testid="quantity">{s.quantity}</dd>
        </div>
        <div>
          <dt className="font-semibold">Price per delivery</dt>
          <dd data-testid="price">
            {formatUsd(s.totalCents)}{" "}
            <span className="text-gray-600">
              (<s>{formatUsd(s.unitPriceCents * s.quantity)}</s>, you save 5% with Autoship)
            </span>
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Ships to</dt>
          <dd data-testid="ship-to">
            <AddressLines address={s.shippingAddress} />
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Payment</dt>
          <dd data-testid="payment-method">
            {s.paymentMethod ? `${brandName(s.paymentMethod.brand)} ending in ${s.paymentMethod.last4}` : "No payment method; add one below"}
          </dd>
        </div>
        {s.status === "cancelled" && s.cancelReasonLabel ? (
          <div>
            <dt className="font-semibold">Cancelled because</dt>
            <dd>{s.cancelReasonLabel}</dd>
          </div>
        ) : null}
      </dl>

      {failed && failed.errors.intent ? (
        <p role="alert" className="mt-3 text-sm font-medium text-error">
          {failed.errors.intent}
        </p>
      ) : null}

      <div className="mt-4 flex flex-wrap gap-3">
        {can.has("skip") ? (
          <ActionForm id={s.id} intent="skip">
            <button type="submit" className={secondaryButton}>
              Skip next order
            </button>
          </ActionForm>
        ) : null}
        {can.has("ship_now") ? (
          <ActionForm id={s.id} intent="ship_now">
            <button type="submit" className={buttonClass}>
              Ship now
            </button>
          </ActionForm>
        ) : null}
        {can.has("pause") ? (
          <ActionForm id={s.id} intent="pause">
            <button type="submit" className={secondaryButton}>
              Pause
            </button>
          </ActionForm>
        ) : null}
        {can.has("resume") ? (
          <ActionForm id={s.id} intent="resume">
            <button type="submit" className={buttonClass}>
              Resume
            </button>
          </ActionForm>
        ) : null}
      </div>

      <div className="mt-4 grid gap-3">
        {can.has("change_frequency") || can.has("change_quantity") || can.has("change_date") || can.has("swap_variant") ? (
          <Section
            title="Change delivery"
            testId="change-delivery"
            open={isOpen("change_frequency") || isOpen("change_quantity") || isOpen("change_date") || isOpen("swap_variant")}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <ActionForm id={s.id} intent="change_frequency" label="Change frequency">
                <SelectField
                  name="frequencyWeeks"
                  label="Deliver"
                  errors={errs("change_frequency")}
                  defaultValue={String(s.frequencyWeeks)}
                  options={AUTOSHIP_FREQUENCY_WEEKS.map((w) => ({ value: String(w), label: frequencyLabel(w) }))}
                />
                <button type="submit" className={`${secondaryButton} mt-2`}>
                  Save frequency
                </button>
              </ActionForm>
              <ActionForm id={s.id} intent="change_quantity" label="Change quantity">
                <BoundedField name="quantity" label="Quantity" type="number" min="1" max={String(MAX_AUTOSHIP_QUANTITY)} defaultValue={String(s.quantity)} error={errs("change_quantity").quantity} />
                <button type="submit" className={`${secondaryButton} mt-2`}>
                  Save quantity
                </button>
              </ActionForm>
              {can.has("change_date") ? (
                <ActionForm id={s.id} intent="change_date" label="Change next order date">
                  <BoundedField name="nextOrderDate" label="Next order date" type="date" min={dateBounds.min} max={dateBounds.max} defaultValue={s.nextOrderDate} error={errs("change_date").nextOrderDate} required />
                  <button type="submit" className={`${secondaryButton} mt-2`}>
                    Save date
                  </button>
                </ActionForm>
              ) : null}
              {s.variantChoices.length > 1 ? (
                <ActionForm id={s.id} intent="swap_variant" label="Change size or flavor">
                  <SelectField
                    name="variantId"
                    label="Size or flavor"
                    errors={errs("swap_variant")}
                    defaultValue={String(s.variantId)}
                    options={s.variantChoices.map((v) => ({ value: String(v.id), label: `${v.title} — ${formatUsd(v.autoshipUnitPriceCents)}` }))}
                  />
                  <button type="submit" className={`${secondaryButton} mt-2`}>
                    Change item
                  </button>
                </ActionForm>
              ) : null}
            </div>
          </Section>
        ) : null}

        {can.has("change_address") ? (
          <Section title="Change shipping address" testId="change-address" open={isOpen("change_address")}>
            <ActionForm id={s.id} intent="change_address" label="Change shipping address">
              <SelectField
                name="addressId"
                label="Ship to"
                errors={errs("change_address")}
                defaultValue={addresses[0]?.id ?? NEW_CHOICE}
                options={[
                  ...addresses.map((a) => ({ value: a.id, label: `${a.address1}, ${a.city} ${a.provinceCode} ${a.zip}` })),
                  { value: NEW_CHOICE, label: "A new address (enter it below)" },
                ]}
              />
              <fieldset className="mt-2">
                <legend className="text-sm text-gray-700">A new address</legend>
                <div className="grid gap-x-4 sm:grid-cols-2">
                  <TextField name="firstName" label="First name" autoComplete="given-name" errors={errs("change_address")} />
                  <TextField name="lastName" label="Last name" autoComplete="family-name" errors={errs("change_address")} />
                  <TextField name="address1" label="Street address" autoComplete="address-line1" errors={errs("change_address")} />
                  <TextField name="address2" label="Apartment, suite (optional)" autoComplete="address-line2" errors={errs("change_address")} />
                  <TextField name="city" label="City" autoComplete="address-level2" errors={errs("change_address")} />
                  <SelectField name="provinceCode" label="State" placeholder="Choose a state" options={STATE_OPTIONS} errors={errs("change_address")} />
                  <TextField name="zip" label="ZIP code" autoComplete="postal-code" inputMode="numeric" maxLength={5} errors={errs("change_address")} />
                  <TextField name="phone" label="Phone (optional)" type="tel" autoComplete="tel" errors={errs("change_address")} />
                </div>
              </fieldset>
              <button type="submit" className={`${secondaryButton} mt-4`}>
                Save address
              </button>
            </ActionForm>
          </Section>
        ) : null}

        {can.has("change_payment") ? (
          <Section title="Change payment method" testId="change-payment" open={isOpen("change_payment")}>
            <ActionForm id={s.id} intent="change_payment" label="Change payment method">
              <SelectField
                name="paymentMethodId"
                label="Pay with"
                errors={errs("change_payment")}
                defaultValue={s.paymentMethod?.id ?? methods[0]?.id ?? NEW_CHOICE}
                options={[
                  ...methods.map((m) => ({ value: m.id, label: `${brandName(m.brand)} ending in ${m.last4} (expires ${String(m.expMonth).padStart(2, "0")}/${m.expYear})` })),
                  { value: NEW_CHOICE, label: "A new card (enter it below)" },
                ]}
              />
              <fieldset className="mt-2">
                <legend className="text-sm text-gray-700">A new card</legend>
                <div className="grid gap-x-4 sm:grid-cols-2">
                  <TextField name="cardNumber" label="Card number" autoComplete="cc-number" inputMode="numeric" errors={errs("change_payment")} />
                  <TextField name="cvc" label="Security code" autoComplete="cc-csc" inputMode="numeric" maxLength={4} errors={errs("change_payment")} />
                  <TextField name="expMonth" label="Expiry month (MM)" autoComplete="cc-exp-month" inputMode="numeric" maxLength={2} errors={errs("change_payment")} />
                  <TextField name="expYear" label="Expiry year (YYYY)" autoComplete="cc-exp-year" inputMode="numeric" maxLength={4} errors={errs("change_payment")} />
                </div>
              </fieldset>
              <button type="submit" className={`${secondaryButton} mt-4`}>
                Save payment method
              </button>
            </ActionForm>
          </Section>
        ) : null}

        {can.has("cancel") ? (
          <Section title="Cancel subscription" testId="cancel" open={isOpen("cancel")}>
            <ActionForm id={s.id} intent="cancel" label="Cancel subscription">
              <SelectField name="reason" label="Why are you cancelling?" placeholder="Select a reason" required errors={errs("cancel")} options={CANCEL_REASONS} />
              <button type="submit" className="mt-4 rounded border border-error px-4 py-2 font-semibold text-error hover:bg-error/10">
                Cancel subscription
              </button>
            </ActionForm>
          </Section>
        ) : null}

        {can.has("reactivate") ? (
          <ActionForm id={s.id} intent="reactivate" label="Reactivate subscription">
            <BoundedField name="nextOrderDate" label="First order on (optional)" type="date" min={dateBounds.min} max={dateBounds.max} defaultValue="" error={errs("reactivate").nextOrderDate} />
            <button type="submit" className={`${buttonClass} mt-2`}>
              Reactivate
            </button>
          </ActionForm>
        ) : null}

        {s.history.length ? (
          <details className="text-sm">
            <summary className="cursor-pointer text-primary">History</summary>
            <ul className="mt-2 list-disc pl-5">
              {s.history.map((h, i) => (
                <li key={i}>
                  {longDate(h.at.slice(0, 10))}: {h.kind.replace(/_/g, " ")}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </div>
    </li>
  );
}
