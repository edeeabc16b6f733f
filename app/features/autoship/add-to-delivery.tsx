import { Form } from "react-router";
import { ADD_ONE_TIME } from "../../../rules/autoship/one-time-intents";
import { MAX_ORDINARY_QUANTITY, MIN_QUANTITY } from "../../../rules/cart/quantity-input";
import { formatUsd } from "../../../rules/shared/money";
import type { SubscriptionView } from "../../../server/modules/autoship";
import { SelectField, TextField } from "../../components/form-field";
import type { DeliveryChoice } from "./delivery-choices";
import { BoundedField, buttonClass, ChangeSection, secondaryButton } from "./action-form";
import { longDate } from "./format";

// "Add an item to this delivery": the shop's search (a GET that only reads, so it works before
// JavaScript loads and the results keep their own URL), then per product found one POST of the
// same `add_one_time` intent the product page sends, naming this Autoship. The service checks the
// item, the delivery's caps and that the Autoship is the customer's own and still active.

/** The search this card's form made (the page reads it from ?addTo=…&find=…), when it was this card's. */
export type DeliverySearch = { query: string; products: DeliveryChoice[] } | null;

export function AddToDelivery({
  s,
  search,
  errors,
}: {
  s: Pick<SubscriptionView, "id" | "nextOrderDate">;
  search: DeliverySearch;
  errors: Record<string, string>;
}) {
  const failed = Object.keys(errors).length > 0;
  return (
    <ChangeSection title="Add an item to this delivery, once" testId="add-to-delivery" open={search !== null || failed}>
      <p className="mt-2 text-sm">
        Treats, toys or a second food, shipped once with your delivery of {longDate(s.nextOrderDate)} at their usual price, with no extra shipping.
      </p>
      <Form method="get" preventScrollReset className="mt-1 flex flex-wrap items-end gap-3" aria-label="Find an item">
        <input type="hidden" name="addTo" value={s.id} />
        <TextField name="find" label="Find a product (name, brand or SKU)" errors={{}} defaultValue={search?.query ?? ""} maxLength={100} />
        <button type="submit" className={secondaryButton}>
          Search
        </button>
      </Form>
      {errors.variantId || errors.quantity || errors.intent ? (
        <p role="alert" className="mt-2 text-sm font-medium text-error">
          {errors.variantId ?? errors.quantity ?? errors.intent}
        </p>
      ) : null}
      {search && search.query.length < 2 ? <p className="mt-2 text-sm">Type at least two letters to search.</p> : null}
      {search && search.query.length >= 2 && search.products.length === 0 ? (
        <p className="mt-2 text-sm" role="status">
          Nothing found for “{search.query}”.
        </p>
      ) : null}
      {search && search.products.length ? (
        <ul className="mt-3 grid gap-3" aria-label={`Found for “${search.query}”`} data-testid="delivery-choices">
          {search.products.map((p) => (
            <li key={p.title} className="rounded border border-gray-200 px-3 py-2">
              <Choice product={p} subscriptionId={s.id} />
            </li>
          ))}
        </ul>
      ) : null}
    </ChangeSection>
  );
}

const choiceLabel = (v: DeliveryChoice["variants"][number]) => `${v.label} — ${formatUsd(v.priceCents)}`;

/** A product found: its variants in stock (one is said, several are a select), a quantity and the button. */
function Choice({ product, subscriptionId }: { product: DeliveryChoice; subscriptionId: string }) {
  const inStock = product.variants.filter((v) => v.inStock);
  const [only] = inStock;
  if (!only)
    return (
      <p>
        <span className="font-semibold">{product.title}</span> — out of stock just now.
      </p>
    );
  return (
    <Form method="post" aria-label={`Add ${product.title}`}>
      <input type="hidden" name="intent" value={ADD_ONE_TIME} />
      <input type="hidden" name="subscriptionId" value={subscriptionId} />
      <p className="font-semibold">{product.title}</p>
      {inStock.length === 1 ? (
        <>
          <input type="hidden" name="variantId" value={only.id} />
          <p className="text-sm">{choiceLabel(only)}</p>
        </>
      ) : (
        <SelectField
          name="variantId"
          label="Size and flavor"
          errors={{}}
          defaultValue={only.id}
          options={inStock.map((v) => ({ value: v.id, label: choiceLabel(v) }))}
        />
      )}
      <div className="flex flex-wrap items-end gap-3">
        <BoundedField name="quantity" label="Quantity" type="number" min={String(MIN_QUANTITY)} max={String(MAX_ORDINARY_QUANTITY)} defaultValue="1" />
        <button type="submit" className={`${buttonClass} mt-2`}>
          Add to this delivery
        </button>
      </div>
    </Form>
  );
}
