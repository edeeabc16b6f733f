import { formatUtcDateTime } from "../../rules/dates";
import { useId, type ReactNode } from "react";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { centsToAmount, formatUsd } from "../../rules/money";
import { FormAlert } from "../components/form-field";
import { ConsolePage } from "../features/admin/console-frame";
import { requireOperator } from "../features/admin/operator.server";
import { EDITABLE_BADGES } from "../features/admin/catalog.server";
import type { Route } from "./+types/admin.products.$id";
import { failureStatus, type FailureCode } from "../../rules/failure-status";

export const meta = () => [{ title: "Product · Console" }];

// One product: title and description, publishing, each variant's price (a new price first shows the
// active Autoships it reaches and needs confirming), badges and deal, and stock per warehouse with
// adjustments and their history. Every form posts here; the catalogue console workflow validates,
// writes and audits; its field errors come back to the form that was sent.

/** Badges set by hand (out-of-stock follows live stock, deal follows the deal flag); stored names. */
const BADGE_LABEL = (b: string) => (b === "new" ? "Brand new" : b.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase()));
const REASONS = [
  { value: "received", label: "Goods received" },
  { value: "count", label: "Stock count correction" },
  { value: "damaged", label: "Damaged" },
  { value: "returned", label: "Returned to stock" },
  { value: "lost", label: "Lost or stolen" },
  { value: "other", label: "Other (say what in the note)" },
] as const;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireOperator(context, request, "catalog.manage");
  const id = Number(params.id);
  const found = Number.isInteger(id) && id > 0 && id < 2 ** 31 ? await context.services.consoleCatalog.product(id) : null;
  if (!found) throw data({ message: "No such product." }, { status: 404 });
  const [history, audit] = await Promise.all([
    context.services.consoleCatalog.stockHistory(id, 50),
    context.services.operators.auditEntries({ targetType: "product", targetId: String(id), limit: 50 }),
  ]);
  return {
    ...found,
    shopUrl: `/products/${found.product.handle}`,
    badges: EDITABLE_BADGES,
    history: history.map((h) => ({ ...h, at: h.at.toISOString() })),
    audit: audit.map((e) => ({ id: e.id, at: e.at.toISOString(), who: e.operatorEmail, action: e.action, outcome: e.outcome })),
  };
}

type Answer = { form: string; errors?: Record<string, string>; message?: string; done?: string; confirm?: { variantId: string; price: string; compareAt: string; message: string } };

export async function action({ context, request, params }: Route.ActionArgs) {
  const operator = await requireOperator(context, request, "catalog.manage");
  const c = context.services.consoleCatalog;
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? "");
  const intent = field("intent");
  const productId = params.id;
  const variantId = field("variantId");
  const fail = (formKey: string, r: { code: FailureCode; message: string; errors?: Record<string, string> }) =>
    data<Answer>({ form: formKey, errors: r.errors ?? {}, message: r.message }, { status: failureStatus(r.code) });

  switch (intent) {
    case "product": {
      const r = await c.updateProduct(operator, { productId, title: field("title"), description: field("description") });
      return r.ok ? { form: "product", done: "Saved." } satisfies Answer : fail("product", r);
    }
    case "publish":
    case "unpublish": {
      // Unpublishing takes the product out of the shop at once: the box must be ticked.
      if (intent === "unpublish" && field("confirm") !== "yes") return data<Answer>({ form: "publish", errors: { confirm: "Tick the box to confirm" } }, { status: 400 });
      const r = await c.setPublished(operator, { productId, published: intent === "publish" });
      return r.ok ? ({ form: "publish", done: intent === "publish" ? "Published: the product is in the shop." : "Unpublished: the product left the shop." } satisfies Answer) : fail("publish", r);
    }
    case "price": {
      const input = { variantId, price: field("price"), compareAt: field("compareAt"), confirmed: field("confirmed") === "yes" };
      const r = await c.setVariantPrice(operator, input);
      if (r.ok) return { form: `price-${variantId}`, done: `Saved: ${formatUsd(r.priceCents)}.` } satisfies Answer;
      if (r.code === "CONFIRM") return { form: `price-${variantId}`, confirm: { variantId, price: input.price, compareAt: input.compareAt, message: r.message } } satisfies Answer;
      return fail(`price-${variantId}`, r);
    }
    case "merchandising": {
      const r = await c.setVariantMerchandising(operator, { variantId, badges: form.getAll("badges").map(String), deal: field("deal") === "yes", dealLabel: field("dealLabel") });
      return r.ok ? ({ form: `merch-${variantId}`, done: "Saved." } satisfies Answer) : fail(`merch-${variantId}`, r);
    }
    case "stock": {
      const r = await c.adjustStock(operator, { variantId, warehouseCode: field("warehouseCode"), delta: field("delta"), reason: field("reason"), note: field("note") });
      return r.ok ? ({ form: "stock", done: `Adjusted: ${r.onHand} on hand, ${r.reserved} reserved.` } satisfies Answer) : fail("stock", r);
    }
    default:
      return data<Answer>({ form: "page", message: "Unknown action." }, { status: 400 });
  }
}

/** A labelled control with its error beside it (aria-invalid, aria-describedby). */
function Labelled({ label, error, children, className = "" }: { label: string; error?: string; className?: string; children: (a11y: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined })}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const input = "mt-1 block min-h-10 w-full rounded border border-gray-400 px-2 aria-[invalid=true]:border-error";
const button = "min-h-10 rounded bg-primary px-4 font-semibold text-white disabled:bg-disabled";

export default function AdminProduct() {
  const { product, variants, stock, history, audit, shopUrl, badges } = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const busy = useNavigation().state !== "idle";
  const errorsOf = (form: string): Record<string, string> => (answer?.form === form ? (answer.errors ?? {}) : {});
  const status = (form: string) =>
    answer?.form === form ? (
      answer.done ? (
        <FormAlert tone="success">{answer.done}</FormAlert>
      ) : answer.message && !answer.confirm ? (
        <FormAlert>{answer.message}</FormAlert>
      ) : null
    ) : null;

  return (
    <ConsolePage title={product.title}>
      <p className="mt-1 flex flex-wrap gap-4 text-sm">
        <Link to="/admin/products" className="text-primary underline">
          All products
        </Link>
        <span>
          {product.brand} · {product.species} · {product.productType} · {product.sites.map((s) => (s === "hpsf" ? "Staff" : "Shop")).join(", ")}
        </span>
        {product.published ? (
          <a href={shopUrl} className="text-primary underline" target="_blank" rel="noreferrer">
            See it in the shop
          </a>
        ) : null}
      </p>
      {status("page")}

      <div className="mt-4 grid gap-4 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="details-heading" className="rounded border border-gray-300 bg-white p-4">
          <h2 id="details-heading" className="text-lg font-semibold">
            Details
          </h2>
          {status("product")}
          <Form method="post" className="mt-2 space-y-3">
            <input type="hidden" name="intent" value="product" />
            <Labelled label="Title" error={errorsOf("product").title}>
              {(a11y) => <input {...a11y} name="title" defaultValue={product.title} maxLength={200} required className={input} />}
            </Labelled>
            <Labelled label="Description" error={errorsOf("product").description}>
              {(a11y) => <textarea {...a11y} name="description" defaultValue={product.description} rows={6} className={input} />}
            </Labelled>
            <button type="submit" disabled={busy} className={button}>
              Save details
            </button>
          </Form>
        </section>

        <section aria-labelledby="publish-heading" className="rounded border border-gray-300 bg-white p-4">
          <h2 id="publish-heading" className="text-lg font-semibold">
            In the shop
          </h2>
          <p className="mt-2" data-testid="product-published">
            {product.published ? "Published: listed, searchable and for sale." : "Unpublished: not listed, its page answers 404 and it cannot be added to a cart."}
          </p>
          {status("publish")}
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value={product.published ? "unpublish" : "publish"} />
            {product.published ? (
              <>
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="confirm" value="yes" className="h-4 w-4" aria-describedby={errorsOf("publish").confirm ? "unpublish-error" : undefined} />
                  Take it out of the shop now
                </label>
                {errorsOf("publish").confirm ? (
                  <p id="unpublish-error" className="mt-1 text-sm font-medium text-error">
                    {errorsOf("publish").confirm}
                  </p>
                ) : null}
              </>
            ) : null}
            <button type="submit" disabled={busy} className={`mt-2 min-h-10 rounded px-4 font-semibold text-white ${product.published ? "bg-error" : "bg-primary"}`}>
              {product.published ? "Unpublish" : "Publish"}
            </button>
          </Form>
        </section>
      </div>

      <section aria-labelledby="variants-heading" className="mt-6">
        <h2 id="variants-heading" className="text-lg font-semibold">
          Variants
        </h2>
        <div className="mt-2 grid gap-4 lg:grid-cols-2">
          {variants.map((v) => {
            const priceForm = `price-${v.id}`;
            const merchForm = `merch-${v.id}`;
            const confirm = answer?.form === priceForm ? answer.confirm : undefined;
            const tags = new Set(v.badgeTags);
            return (
              <article key={v.id} className="rounded border border-gray-300 bg-white p-4" data-testid={`variant-${v.sku}`} aria-labelledby={`variant-${v.id}-heading`}>
                <h3 id={`variant-${v.id}-heading`} className="font-semibold">
                  {v.flavor} / {v.sizeLabel} <span className="font-mono text-sm font-normal">({v.sku})</span>
                </h3>
                {status(priceForm)}
                <Form method="post" className="mt-2">
                  <input type="hidden" name="intent" value="price" />
                  <input type="hidden" name="variantId" value={v.id} />
                  <div className="grid grid-cols-2 gap-3">
                    <Labelled label="Price ($)" error={errorsOf(priceForm).price}>
                      {(a11y) => <input {...a11y} name="price" inputMode="decimal" defaultValue={confirm?.price ?? centsToAmount(v.priceCents)} required className={input} />}
                    </Labelled>
                    <Labelled label="Compare-at price ($, optional)" error={errorsOf(priceForm).compareAt}>
                      {(a11y) => <input {...a11y} name="compareAt" inputMode="decimal" defaultValue={confirm?.compareAt ?? (v.compareAtCents === null ? "" : centsToAmount(v.compareAtCents))} className={input} />}
                    </Labelled>
                  </div>
                  {confirm ? (
                    <div role="alert" className="mt-3 rounded border border-warning bg-warning/10 p-3" data-testid="price-confirm">
                      <p>{confirm.message}</p>
                      <input type="hidden" name="confirmed" value="yes" />
                      <button type="submit" disabled={busy} className={`${button} mt-2`}>
                        Confirm the new price
                      </button>
                      <Link to="." className="ml-3 text-primary underline" preventScrollReset>
                        Cancel
                      </Link>
                    </div>
                  ) : (
                    <button type="submit" disabled={busy} className={`${button} mt-3`}>
                      Save price
                    </button>
                  )}
                </Form>

                {status(merchForm)}
                <Form method="post" className="mt-4 border-t border-gray-200 pt-3">
                  <input type="hidden" name="intent" value="merchandising" />
                  <input type="hidden" name="variantId" value={v.id} />
                  <fieldset aria-describedby={errorsOf(merchForm).badges ? `badges-${v.id}-error` : undefined}>
                    <legend className="text-sm font-semibold">Badges</legend>
                    <div className="mt-1 grid grid-cols-2 gap-1 text-sm">
                      {badges.map((b) => (
                        <label key={b} className="flex items-center gap-2">
                          <input type="checkbox" name="badges" value={b} defaultChecked={tags.has(`badge::${b}`)} className="h-4 w-4" />
                          {BADGE_LABEL(b)}
                        </label>
                      ))}
                    </div>
                    {errorsOf(merchForm).badges ? (
                      <p id={`badges-${v.id}-error`} className="mt-1 text-sm font-medium text-error">
                        {errorsOf(merchForm).badges}
                      </p>
                    ) : null}
                  </fieldset>
                  <div className="mt-3 grid grid-cols-2 items-end gap-3">
                    <label className="flex min-h-10 items-center gap-2 text-sm">
                      <input type="checkbox" name="deal" value="yes" defaultChecked={v.dealLabel !== null} className="h-4 w-4" />
                      Deal SKU
                    </label>
                    <Labelled label="Deal label" error={errorsOf(merchForm).dealLabel}>
                      {(a11y) => <input {...a11y} name="dealLabel" defaultValue={v.dealLabel ?? ""} maxLength={40} placeholder="Save 20%" className={input} />}
                    </Labelled>
                  </div>
                  <button type="submit" disabled={busy} className={`${button} mt-3`}>
                    Save badges and deal
                  </button>
                </Form>
              </article>
            );
          })}
        </div>
      </section>

      <section aria-labelledby="stock-heading" className="mt-6">
        <h2 id="stock-heading" className="text-lg font-semibold">
          Stock per warehouse
        </h2>
        <div className="overflow-x-auto">
          <table className="mt-2 w-full border-collapse bg-white text-left text-sm" data-testid="stock-table">
            <caption className="sr-only">Stock of each variant in each warehouse</caption>
            <thead>
              <tr className="border-b border-gray-300">
                <th scope="col" className="p-2">SKU</th>
                <th scope="col" className="p-2">Warehouse</th>
                <th scope="col" className="p-2 text-right">On hand</th>
                <th scope="col" className="p-2 text-right">Reserved</th>
                <th scope="col" className="p-2 text-right">Available</th>
              </tr>
            </thead>
            <tbody>
              {stock.map((s) => (
                <tr key={`${s.variantId}-${s.warehouseCode}`} className="border-b border-gray-200" data-testid={`stock-${s.sku}-${s.warehouseCode}`}>
                  <td className="p-2 font-mono">{s.sku}</td>
                  <td className="p-2">
                    {s.warehouseName} ({s.warehouseCode})
                  </td>
                  <td className="p-2 text-right">{s.onHand}</td>
                  <td className="p-2 text-right">{s.reserved}</td>
                  <td className="p-2 text-right">{s.available}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <h3 id="adjust-heading" className="mt-4 font-semibold">
          Adjust stock
        </h3>
        {status("stock")}
        <Form method="post" aria-labelledby="adjust-heading" className="mt-2 grid items-start gap-3 rounded border border-gray-300 bg-white p-4 md:grid-cols-3 lg:grid-cols-6">
          <input type="hidden" name="intent" value="stock" />
          <Labelled label="SKU" error={errorsOf("stock").variantId} className="lg:col-span-1">
            {(a11y) => (
              <select {...a11y} name="variantId" className={`${input} bg-white`}>
                {variants.map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.sku}
                  </option>
                ))}
              </select>
            )}
          </Labelled>
          <Labelled label="Warehouse" error={errorsOf("stock").warehouseCode}>
            {(a11y) => (
              <select {...a11y} name="warehouseCode" className={`${input} bg-white`}>
                {[...new Map(stock.map((s) => [s.warehouseCode, s.warehouseName])).entries()].map(([code, name]) => (
                  <option key={code} value={code}>
                    {name} ({code})
                  </option>
                ))}
              </select>
            )}
          </Labelled>
          <Labelled label="Change (+/−)" error={errorsOf("stock").delta}>
            {(a11y) => <input {...a11y} name="delta" inputMode="numeric" placeholder="12 or -3" required className={input} />}
          </Labelled>
          <Labelled label="Reason" error={errorsOf("stock").reason}>
            {(a11y) => (
              <select {...a11y} name="reason" defaultValue="" required className={`${input} bg-white`}>
                <option value="">Choose…</option>
                {REASONS.map((r) => (
                  <option key={r.value} value={r.value}>
                    {r.label}
                  </option>
                ))}
              </select>
            )}
          </Labelled>
          <Labelled label="Note" error={errorsOf("stock").note}>
            {(a11y) => <input {...a11y} name="note" maxLength={500} className={input} />}
          </Labelled>
          <div className="self-end">
            <button type="submit" disabled={busy} className={button}>
              Adjust
            </button>
          </div>
        </Form>

        <h3 className="mt-4 font-semibold">Adjustment history</h3>
        {history.length === 0 ? <p className="mt-1 text-sm">No adjustment yet.</p> : null}
        {history.length ? (
          <div className="overflow-x-auto">
            <table className="mt-2 w-full border-collapse bg-white text-left text-sm" data-testid="stock-history">
              <caption className="sr-only">Stock adjustments, newest first</caption>
              <thead>
                <tr className="border-b border-gray-300">
                  <th scope="col" className="p-2">When</th>
                  <th scope="col" className="p-2">Who</th>
                  <th scope="col" className="p-2">SKU</th>
                  <th scope="col" className="p-2">Warehouse</th>
                  <th scope="col" className="p-2 text-right">Change</th>
                  <th scope="col" className="p-2 text-right">On hand</th>
                  <th scope="col" className="p-2">Reason</th>
                </tr>
              </thead>
              <tbody>
                {history.map((h) => (
                  <tr key={h.id} className="border-b border-gray-200">
                    <td className="p-2">{formatUtcDateTime(h.at)}</td>
                    <td className="p-2">{h.operatorEmail}</td>
                    <td className="p-2 font-mono">{h.sku}</td>
                    <td className="p-2">{h.warehouseCode}</td>
                    <td className="p-2 text-right">{h.delta > 0 ? `+${h.delta}` : h.delta}</td>
                    <td className="p-2 text-right">
                      {h.onHandBefore} → {h.onHandAfter}
                    </td>
                    <td className="p-2">
                      {REASONS.find((r) => r.value === h.reason)?.label ?? h.reason}
                      {h.note ? ` — ${h.note}` : ""}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="audit-heading" className="mt-6">
        <h2 id="audit-heading" className="text-lg font-semibold">
          Console history
        </h2>
        <ul className="mt-2 text-sm" data-testid="product-history">
          {audit.map((h) => (
            <li key={h.id}>
              {formatUtcDateTime(h.at)} — {h.who}: {h.action} ({h.outcome})
            </li>
          ))}
        </ul>
      </section>
    </ConsolePage>
  );
}
