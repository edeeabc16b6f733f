import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { CHECKOUT_STEPS, STEP_LABELS, type CheckoutStep } from "../../../rules/checkout/steps-and-handoff";
import { REMOTE_STATE_SERVICE_CHARGE_CENTS } from "../../../rules/checkout/shipping-rates";
import { loginUrlFor } from "../../../rules/account/sign-in-redirect";
import { US_STATES } from "../../../rules/shared/us-states";
import { frequencyLabel, frequencyOfSellingPlan } from "../../../rules/autoship/offer-and-frequency";
import { Checkbox, FormAlert, SelectField, SubmitButton, TextField } from "../../components/form-field";
import { OrderAddress } from "./order-address";
import { DeliveryChoice, QuotaMeter } from "../../components/staff/staff-checkout";
import { ATTESTATION_LABEL } from "../../../rules/checkout/order-attributes";
import type { checkoutLoader, CheckoutActionData } from "./checkout-route.server";
import { formatMoney, formatUsd } from "../../../rules/shared/money";
import { trackPaymentSubmit } from "./checkout-analytics";

// The checkout's three steps: Information (contact and address), Shipping (method) and
// Payment (card, review, place order). Plain forms: everything works before JavaScript loads.

export type CheckoutData = Extract<Awaited<ReturnType<typeof checkoutLoader>>, { kind: "checkout" }>;

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: s.name }));
const METHOD_LABELS = { standard: "Standard shipping (3–5 business days)", express: "Express shipping (1–2 business days)" } as const;

export function StepNav({ current, furthest }: { current: CheckoutStep; furthest: number }) {
  return (
    <nav aria-label="Checkout steps" className="mt-4">
      <ol className="flex flex-wrap gap-2 text-sm">
        {CHECKOUT_STEPS.map((s, i) => (
          <li key={s} className="flex items-center gap-2">
            {i > 0 ? <span aria-hidden="true">›</span> : null}
            {s === current ? (
              <span aria-current="step" className="font-bold text-secondary">
                {STEP_LABELS[s]}
              </span>
            ) : i <= furthest ? (
              <Link to={`/checkout?step=${s}`} className="text-primary underline">
                {STEP_LABELS[s]}
              </Link>
            ) : (
              <span className="text-gray-500">{STEP_LABELS[s]}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * Radio buttons for the customer's saved addresses or cards plus "Use a new …"; the value is
 * "saved:{id}" or "new". With nothing saved, a hidden "new" keeps the form's shape.
 */
function SavedChoices(p: { name: string; testId: string; current: string; newLabel: string; error?: string; choices: { id: string; label: ReactNode }[] }) {
  if (!p.choices.length) return <input type="hidden" name={p.name} value="new" />;
  const row = "flex items-center gap-3 rounded border border-gray-300 p-3";
  return (
    <div className="mt-3 space-y-2" data-testid={p.testId}>
      {p.choices.map((c) => (
        <label key={c.id} className={row}>
          <input type="radio" name={p.name} value={`saved:${c.id}`} defaultChecked={p.current === `saved:${c.id}`} className="h-4 w-4" />
          {c.label}
        </label>
      ))}
      <label className={row}>
        <input type="radio" name={p.name} value="new" defaultChecked={p.current === "new"} className="h-4 w-4" />
        {p.newLabel}
      </label>
      {p.error ? (
        <p className="text-sm font-medium text-error" role="alert">
          {p.error}
        </p>
      ) : null}
    </div>
  );
}

function useBusy() {
  return useNavigation().state === "submitting";
}

export function InformationStep({ d, answer }: { d: CheckoutData; answer?: CheckoutActionData }) {
  const errors = answer?.intent === "information" ? answer.errors : {};
  const v = answer?.intent === "information" ? answer.values : {};
  const entered = d.shipping?.kind === "entered" ? d.shipping.address : null;
  const current =
    v.addressChoice ??
    (d.shipping?.kind === "saved"
      ? `saved:${d.shipping.savedAddressId}`
      : d.addresses.find((a) => a.isDefault)
        ? `saved:${d.addresses.find((a) => a.isDefault)!.id}`
        : "new");
  const field = (name: string) => v[name] ?? (entered as Record<string, string | null> | null)?.[name] ?? "";
  return (
    <Form method="post" noValidate className="max-w-xl" data-testid="checkout-information">
      <input type="hidden" name="intent" value="information" />
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      <h2 className="mt-6 text-xl font-bold text-secondary">Contact</h2>
      {d.isGuest ? (
        <>
          <TextField name="email" label="Email" type="email" autoComplete="email" required errors={errors} defaultValue={v.email ?? d.email} />
          <p className="mt-2 text-sm">
            Have an account?{" "}
            <Link to={loginUrlFor("/checkout")} className="text-primary underline">
              Log in
            </Link>
          </p>
        </>
      ) : (
        <p className="mt-2" data-testid="checkout-email">
          {d.email}
        </p>
      )}
      <Checkbox
        name="acceptsEmailMarketing"
        label="Email me with news and offers"
        defaultChecked={v.acceptsEmailMarketing === "on" || d.acceptsEmailMarketing}
      />

      {d.staff ? (
        <DeliveryChoice clinic={d.staff.clinic} current={(v.delivery as "clinic" | "home" | undefined) ?? d.staff.preferredAddress} error={errors.delivery} />
      ) : null}
      <fieldset className="mt-6">
        <legend className="text-xl font-bold text-secondary">{d.staff ? "Home address" : "Shipping address"}</legend>
        {d.staff ? <p className="mt-1 text-sm text-gray-700">Used when “My home” is chosen; it is kept in your address book.</p> : null}
        <SavedChoices
          name="addressChoice"
          testId="saved-addresses"
          current={current}
          newLabel="Use a new address"
          error={errors.savedAddressId}
          choices={d.addresses.map((a) => ({ id: a.id, label: <OrderAddress address={a} /> }))}
        />
        <div className={d.addresses.length ? "mt-2 border-l-4 border-gray-200 pl-4" : ""}>
          {d.addresses.length ? <p className="mt-3 text-sm text-gray-700">New address (used when “Use a new address” is chosen)</p> : null}
          <div className="grid gap-x-4 sm:grid-cols-2">
            <TextField name="firstName" label="First name" autoComplete="given-name" errors={errors} defaultValue={field("firstName")} />
            <TextField name="lastName" label="Last name" autoComplete="family-name" errors={errors} defaultValue={field("lastName")} />
          </div>
          <TextField name="address1" label="Street address" autoComplete="address-line1" errors={errors} defaultValue={field("address1")} />
          <TextField name="address2" label="Apartment, suite, etc. (optional)" autoComplete="address-line2" errors={errors} defaultValue={field("address2")} />
          <div className="grid gap-x-4 sm:grid-cols-3">
            <TextField name="city" label="City" autoComplete="address-level2" errors={errors} defaultValue={field("city")} />
            <SelectField name="provinceCode" label="State" errors={errors} options={STATE_OPTIONS} placeholder="Choose…" defaultValue={field("provinceCode")} />
            <TextField name="zip" label="ZIP code" autoComplete="postal-code" inputMode="numeric" maxLength={5} errors={errors} defaultValue={field("zip")} />
          </div>
          <TextField name="phone" label="Phone (optional)" type="tel" autoComplete="tel" errors={errors} defaultValue={field("phone")} />
          {d.isGuest || d.staff ? null : (
            <Checkbox
              name="saveAddress"
              label="Save this address to my address book"
              defaultChecked={v.saveAddress ? v.saveAddress === "on" : !d.addresses.length}
            />
          )}
        </div>
      </fieldset>
      <SubmitButton busy={useBusy()}>Continue to shipping</SubmitButton>
    </Form>
  );
}

function StockWarning({ d }: { d: CheckoutData }) {
  if (!d.stockIssues?.length) return null;
  return (
    <FormAlert>
      <p className="font-semibold">Not enough stock for your address:</p>
      <ul className="list-disc pl-5" data-testid="stock-issues">
        {d.stockIssues.map((i) => (
          <li key={i.sku}>
            {i.title}: {i.available === 0 ? "out of stock" : `only ${i.available} left`} (you asked for {i.requested})
          </li>
        ))}
      </ul>
      <p className="mt-1">
        <Link to="/cart" className="font-semibold underline">
          Change your cart
        </Link>{" "}
        or choose another address.
      </p>
    </FormAlert>
  );
}

export function ShippingStep({ d, answer }: { d: CheckoutData; answer?: CheckoutActionData }) {
  const errors = answer?.intent === "shipping" ? answer.errors : {};
  const chosen = d.shippingMethod ?? "standard";
  return (
    <Form method="post" className="max-w-xl" data-testid="checkout-shipping">
      <input type="hidden" name="intent" value="shipping" />
      <section className="mt-6 rounded border border-gray-300 p-3 text-sm">
        <h2 className="font-semibold">Ship to</h2>
        <OrderAddress address={d.shipping?.address ?? null} />
        <Link to="/checkout?step=information" className="text-primary underline">
          Change
        </Link>
      </section>
      <StockWarning d={d} />
      <fieldset className="mt-6" aria-describedby={errors.shippingMethod ? "method-error" : undefined}>
        <legend className="text-xl font-bold text-secondary">Shipping method</legend>
        <div className="mt-3 space-y-2">
          {d.shippingOptions.map(({ method, totals }) => (
            <label key={method} className="flex items-center justify-between gap-3 rounded border border-gray-300 p-3" data-testid={`method-${method}`}>
              <span className="flex items-center gap-3">
                <input type="radio" name="shippingMethod" value={method} defaultChecked={chosen === method} className="h-4 w-4" />
                {METHOD_LABELS[method]}
              </span>
              <span className="font-semibold">{totals.shippingCents === 0 ? "Free" : formatUsd(totals.shippingCents)}</span>
            </label>
          ))}
        </div>
        {d.shippingOptions[0]?.totals.serviceChargeCents ? (
          <p className="mt-2 text-sm" data-testid="service-charge-note">
            Shipments to Alaska and Hawaii include a {formatUsd(REMOTE_STATE_SERVICE_CHARGE_CENTS)} service charge.
          </p>
        ) : null}
        {errors.shippingMethod ? (
          <p id="method-error" className="mt-1 text-sm font-medium text-error">
            {errors.shippingMethod}
          </p>
        ) : null}
      </fieldset>
      <SubmitButton busy={useBusy()}>Continue to payment</SubmitButton>
    </Form>
  );
}

export function PaymentStep({ d, answer }: { d: CheckoutData; answer?: CheckoutActionData }) {
  const errors = answer?.intent === "place" ? answer.errors : {};
  const v = answer?.intent === "place" ? answer.values : {};
  const busy = useBusy();
  const current = v.paymentChoice ?? (d.paymentMethods[0] ? `saved:${d.paymentMethods[0].id}` : "new");
  const blocked = Boolean(d.stockIssues?.length) || d.staff?.overLb != null;
  return (
    <Form method="post" noValidate className="max-w-xl" data-testid="checkout-payment" onSubmit={(e) => trackPaymentSubmit(d.analytics, e)}>
      <input type="hidden" name="intent" value="place" />
      <input type="hidden" name="idempotencyKey" value={d.idempotencyKey ?? ""} />
      <input type="hidden" name="expectedTotalCents" value={d.totals?.totalCents ?? ""} />
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      <StockWarning d={d} />
      <fieldset className="mt-6">
        <legend className="text-xl font-bold text-secondary">Payment</legend>
        <p className="mt-1 text-sm text-gray-700">All transactions are secure. Only the card’s brand and last four digits are kept.</p>
        <SavedChoices
          name="paymentChoice"
          testId="saved-cards"
          current={current}
          newLabel="Use a new card"
          error={errors.paymentChoice}
          choices={d.paymentMethods.map((m) => ({
            id: m.id,
            label: (
              <span>
                <span className="capitalize">{m.brand}</span> ending in {m.last4} · expires {String(m.expMonth).padStart(2, "0")}/{String(m.expYear).slice(-2)}
              </span>
            ),
          }))}
        />
        <div className={d.paymentMethods.length ? "mt-2 border-l-4 border-gray-200 pl-4" : ""}>
          <TextField name="cardNumber" label="Card number" autoComplete="cc-number" inputMode="numeric" maxLength={23} errors={errors} />
          <div className="grid gap-x-4 sm:grid-cols-2">
            <TextField name="cardExpiry" label="Expiry (MM/YY)" autoComplete="cc-exp" maxLength={7} errors={errors} defaultValue={v.cardExpiry} />
            <TextField name="cardCvc" label="Security code" autoComplete="cc-csc" inputMode="numeric" maxLength={4} errors={errors} />
          </div>
          {d.isGuest ? null : d.hasAutoship ? (
            <p className="mt-3 text-sm">Autoship renewals are charged to this card, so it is saved to your account (brand and last four digits only).</p>
          ) : (
            <Checkbox name="saveCard" label="Save this card for next time" defaultChecked={v.saveCard === "on"} />
          )}
        </div>
      </fieldset>
      {d.hasAutoship ? <AutoshipTerms d={d} /> : null}
      {d.staff ? (
        <Checkbox
          name="isAttestationChecked"
          label={ATTESTATION_LABEL}
          required
          defaultChecked={v.isAttestationChecked === "on"}
          error={errors.isAttestationChecked}
        />
      ) : null}
      <button
        type="submit"
        disabled={busy || blocked}
        className="mt-6 min-h-12 w-full rounded bg-primary px-6 py-3 text-lg font-bold text-white hover:bg-secondary disabled:bg-disabled"
        data-testid="place-order"
      >
        {busy ? "Placing your order…" : `Place order${d.totals ? ` · ${formatUsd(d.totals.totalCents)}` : ""}`}
      </button>
    </Form>
  );
}

/** What the customer agreed to at the cart, repeated where they pay (price, frequency, how to cancel). */
function AutoshipTerms({ d }: { d: CheckoutData }) {
  const lines = d.cart.lineItems.filter((l) => l.sellingPlanAllocation);
  return (
    <section className="mt-6 rounded border border-primary bg-primary/5 p-3 text-sm" data-testid="autoship-terms">
      <h2 className="font-semibold">Your Autoship</h2>
      <ul className="mt-1 list-disc pl-5">
        {lines.map((l) => {
          const weeks = frequencyOfSellingPlan(l.sellingPlanAllocation?.sellingPlan.id);
          return (
            <li key={l.id}>
              {l.product.title} {l.variant.title}: {l.quantity} × {formatMoney(l.cost.amountPerQuantity)},{" "}
              {weeks ? frequencyLabel(weeks).toLowerCase() : "recurring"}
            </li>
          );
        })}
      </ul>
      <p className="mt-1">
        Renewals are charged to your saved card at the Autoship price (5% off) plus shipping and tax. We e-mail you before each one; skip, change or cancel any
        time under My Subscriptions.
      </p>
    </section>
  );
}

export function CheckoutSummary({ d }: { d: CheckoutData }) {
  const t = d.totals;
  const row = (label: string, value: string, testId: string) => (
    <div className="flex justify-between gap-4 py-1" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <aside aria-labelledby="checkout-summary-heading" className="rounded-lg border border-gray-200 bg-mist/60 p-5" data-testid="checkout-summary">
      <h2 id="checkout-summary-heading" className="text-xl font-bold text-secondary">
        Order Summary
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {d.cart.lineItems.map((l) => (
          <li key={l.id} className="flex justify-between gap-3">
            <span>
              {l.product.title} <span className="text-gray-600">{l.variant.title}</span> × {l.quantity}
              {l.sellingPlanAllocation ? <span className="ml-1 rounded bg-primary/10 px-1 text-xs text-primary">Autoship</span> : null}
            </span>
            <span>{formatMoney(l.cost.subtotalAmount)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 border-t border-gray-300 pt-2 text-sm">
        {d.staff ? (
          <>
            {row("Subtotal Before Savings", formatMoney(d.cart.cost.subtotalBeforeSavingsAmount), "checkout-before-savings")}
            {row("Program Discount", `−${formatMoney(d.cart.cost.programDiscountAmount)}`, "checkout-program-discount")}
          </>
        ) : null}
        {row("Subtotal", formatMoney(d.cart.cost.subtotalAmount), "checkout-subtotal")}
        {d.cart.discountCodes
          .filter((c) => c.applicable && Number(c.amount.amount) > 0)
          .map((c) => (
            <div key={c.code} className="flex justify-between gap-4 py-1" data-testid="checkout-discount">
              <dt>Discount ({c.code})</dt>
              <dd>−{formatMoney(c.amount)}</dd>
            </div>
          ))}
        {t ? (
          <>
            {row("Shipping", t.shippingCents === 0 ? "Free" : formatUsd(t.shippingCents), "checkout-shipping-cost")}
            {t.serviceChargeCents ? row("Alaska/Hawaii service charge", formatUsd(t.serviceChargeCents), "checkout-service-charge") : null}
            {row("Sales tax", formatUsd(t.taxCents), "checkout-tax")}
            {t.donationAddonCents ? row("Donation", formatUsd(t.donationAddonCents), "checkout-donation") : null}
            <div className="mt-1 flex justify-between gap-4 border-t border-gray-300 pt-2 text-lg font-bold" data-testid="checkout-total">
              <dt>Total</dt>
              <dd>{formatUsd(t.totalCents)}</dd>
            </div>
          </>
        ) : null}
      </dl>
      {t ? null : <p className="py-1 text-sm text-gray-700">Shipping and tax are calculated once you choose an address and a shipping method.</p>}
      {d.staff ? (
        <div className="mt-4">
          <QuotaMeter quota={d.staff.quota} cartLb={d.staff.cartLb} overLb={d.staff.overLb} />
        </div>
      ) : null}
    </aside>
  );
}
