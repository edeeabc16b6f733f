import type { AppLoadContext, data } from "react-router";
import { formatUsd } from "../../../rules/shared/money";
import type { Operator } from "../../../server/modules/operators";
import { byIntent, invalid, refused } from "./console-action.server";
import type { FailureCode } from "../../../rules/shared/failure-status";

// The forms of a product's console page, one function per intent: the catalogue console workflow
// validates, writes and audits; each answer names the form it belongs to, so its field errors and
// message come back beside that form.

export type ProductAnswer = {
  form: string;
  errors?: Record<string, string>;
  message?: string;
  done?: string;
  confirm?: { variantId: string; price: string; compareAt: string; message: string };
};

type ProductForm = {
  operator: Operator;
  catalog: AppLoadContext["services"]["consoleCatalog"];
  productId: string;
  field: (name: string) => string;
  form: FormData;
};

type Handler = (f: ProductForm) => Promise<ProductAnswer | ReturnType<typeof data<ProductAnswer>>>;

const fail = (form: string, r: { code: FailureCode; message: string; errors?: Record<string, string> }) =>
  refused<ProductAnswer>({ form, errors: r.errors ?? {}, message: r.message }, r.code);

const saveDetails: Handler = async ({ operator, catalog, productId, field }: ProductForm) => {
  const r = await catalog.updateProduct(operator, { productId, title: field("title"), description: field("description") });
  return r.ok ? { form: "product", done: "Saved." } : fail("product", r);
};

const publish: Handler = async ({ operator, catalog, productId }: ProductForm) => {
  const r = await catalog.setPublished(operator, { productId, published: true });
  return r.ok ? { form: "publish", done: "Published: the product is in the shop." } : fail("publish", r);
};

const unpublish: Handler = async ({ operator, catalog, productId, field }: ProductForm) => {
  // Unpublishing takes the product out of the shop at once: the box must be ticked.
  if (field("confirm") !== "yes") return invalid<ProductAnswer>({ form: "publish", errors: { confirm: "Tick the box to confirm" } });
  const r = await catalog.setPublished(operator, { productId, published: false });
  return r.ok ? { form: "publish", done: "Unpublished: the product left the shop." } : fail("publish", r);
};

const setPrice: Handler = async ({ operator, catalog, field }: ProductForm) => {
  const variantId = field("variantId");
  const input = { variantId, price: field("price"), compareAt: field("compareAt"), confirmed: field("confirmed") === "yes" };
  const r = await catalog.setVariantPrice(operator, input);
  if (r.ok) return { form: `price-${variantId}`, done: `Saved: ${formatUsd(r.priceCents)}.` };
  // A price that reaches active Autoships comes back to be confirmed, with what it would change.
  if (r.code === "CONFIRM") return { form: `price-${variantId}`, confirm: { variantId, price: input.price, compareAt: input.compareAt, message: r.message } };
  return fail(`price-${variantId}`, r);
};

const setMerchandising: Handler = async ({ operator, catalog, field, form }: ProductForm) => {
  const variantId = field("variantId");
  const r = await catalog.setVariantMerchandising(operator, {
    variantId,
    badges: form.getAll("badges").map(String),
    deal: field("deal") === "yes",
    dealLabel: field("dealLabel"),
  });
  return r.ok ? { form: `merch-${variantId}`, done: "Saved." } : fail(`merch-${variantId}`, r);
};

const adjustStock: Handler = async ({ operator, catalog, field }: ProductForm) => {
  const r = await catalog.adjustStock(operator, {
    variantId: field("variantId"),
    warehouseCode: field("warehouseCode"),
    delta: field("delta"),
    reason: field("reason"),
    note: field("note"),
  });
  return r.ok ? { form: "stock", done: `Adjusted: ${r.onHand} on hand, ${r.reserved} reserved.` } : fail("stock", r);
};

const INTENTS: Record<string, Handler> = { product: saveDetails, publish, unpublish, price: setPrice, merchandising: setMerchandising, stock: adjustStock };

/** The answer to one of the product page's forms. */
export function productAction(context: AppLoadContext, operator: Operator, productId: string, form: FormData) {
  const field = (name: string) => String(form.get(name) ?? "");
  return byIntent(form, INTENTS, { operator, catalog: context.services.consoleCatalog, productId, field, form }, () =>
    invalid<ProductAnswer>({ form: "page", message: "Unknown action." }),
  );
}
