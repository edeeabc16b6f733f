import { formatUtcDateTime } from "../../rules/shared/dates";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { centsToAmount } from "../../rules/shared/money";
import { FormAlert } from "../components/form-field";
import { ConsolePage, ConsoleSection } from "../features/admin/console-frame";
import { ConsoleHistory } from "../features/admin/change-history";
import { ConsoleTable } from "../features/admin/console-table";
import { requireOperator } from "../features/admin/operator.server";
import { EDITABLE_BADGES } from "../features/admin/catalog.server";
import type { Route } from "./+types/admin.products.$id";
import { ConfirmCheckbox, ConsoleField } from "../features/admin/console-form";
import { Options } from "../features/admin/options";
import { productAction, type ProductAnswer } from "../features/admin/product-actions.server";

export const meta = () => [{ title: "Product · Console" }];

// One product: title and description, publishing, each variant's price (a new price first shows the
// active Autoships it reaches and needs confirming), badges and deal, and stock per warehouse with
// adjustments and their history. Every form posts here, to its intent's function in
// features/admin/product-actions.server.ts; its field errors come back to the form that was sent.

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
    // Dates formatted here, not in the page: the page then loads no date formatter.
    history: history.map((h) => ({ ...h, at: formatUtcDateTime(h.at) })),
    audit: audit.map((e) => ({ id: e.id, at: formatUtcDateTime(e.at), who: e.operatorEmail, action: e.action, outcome: e.outcome })),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const operator = await requireOperator(context, request, "catalog.manage");
  return productAction(context, operator, params.id, await request.formData());
}

const input = "mt-1 block min-h-10 w-full rounded border border-gray-400 px-2 aria-[invalid=true]:border-error";
const button = "min-h-10 rounded bg-primary px-4 font-semibold text-white disabled:bg-disabled";

export default function AdminProduct() {
  const { product, variants, stock, history, audit, shopUrl, badges } = useLoaderData<typeof loader>();
  const answer = useActionData<ProductAnswer>();
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
        <ConsoleSection id="details-heading" title="Details" className="rounded border border-gray-300 bg-white p-4">
          {status("product")}
          <Form method="post" className="mt-2 space-y-3">
            <input type="hidden" name="intent" value="product" />
            <ConsoleField label="Title" error={errorsOf("product").title}>
              {(a11y) => <input {...a11y} name="title" defaultValue={product.title} maxLength={200} required className={input} />}
            </ConsoleField>
            <ConsoleField label="Description" error={errorsOf("product").description}>
              {(a11y) => <textarea {...a11y} name="description" defaultValue={product.description} rows={6} className={input} />}
            </ConsoleField>
            <button type="submit" disabled={busy} className={button}>
              Save details
            </button>
          </Form>
        </ConsoleSection>

        <ConsoleSection id="publish-heading" title="In the shop" className="rounded border border-gray-300 bg-white p-4">
          <p className="mt-2" data-testid="product-published">
            {product.published
              ? "Published: listed, searchable and for sale."
              : "Unpublished: not listed, its page answers 404 and it cannot be added to a cart."}
          </p>
          {status("publish")}
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value={product.published ? "unpublish" : "publish"} />
            {product.published ? (
              <ConfirmCheckbox errorId="unpublish-error" error={errorsOf("publish").confirm}>
                Take it out of the shop now
              </ConfirmCheckbox>
            ) : null}
            <button
              type="submit"
              disabled={busy}
              className={`mt-2 min-h-10 rounded px-4 font-semibold text-white ${product.published ? "bg-error" : "bg-primary"}`}
            >
              {product.published ? "Unpublish" : "Publish"}
            </button>
          </Form>
        </ConsoleSection>
      </div>

      <ConsoleSection id="variants-heading" title="Variants">
        <div className="mt-2 grid gap-4 lg:grid-cols-2">
          {variants.map((v) => {
            const priceForm = `price-${v.id}`;
            const merchForm = `merch-${v.id}`;
            const confirm = answer?.form === priceForm ? answer.confirm : undefined;
            const tags = new Set(v.badgeTags);
            return (
              <article
                key={v.id}
                className="rounded border border-gray-300 bg-white p-4"
                data-testid={`variant-${v.sku}`}
                aria-labelledby={`variant-${v.id}-heading`}
              >
                <h3 id={`variant-${v.id}-heading`} className="font-semibold">
                  {v.flavor} / {v.sizeLabel} <span className="font-mono text-sm font-normal">({v.sku})</span>
                </h3>
                {status(priceForm)}
                <Form method="post" className="mt-2">
                  <input type="hidden" name="intent" value="price" />
                  <input type="hidden" name="variantId" value={v.id} />
                  <div className="grid grid-cols-2 gap-3">
                    {[
                      { name: "price", label: "Price ($)", value: confirm?.price ?? centsToAmount(v.priceCents), required: true },
                      {
                        name: "compareAt",
                        label: "Compare-at price ($, optional)",
                        value: confirm?.compareAt ?? (v.compareAtCents === null ? "" : centsToAmount(v.compareAtCents)),
                      },
                    ].map(({ name, label, value, required }) => (
                      <ConsoleField key={name} label={label} error={errorsOf(priceForm)[name]}>
                        {(a11y) => <input {...a11y} name={name} inputMode="decimal" defaultValue={value} required={required} className={input} />}
                      </ConsoleField>
                    ))}
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
                    <ConsoleField label="Deal label" error={errorsOf(merchForm).dealLabel}>
                      {(a11y) => <input {...a11y} name="dealLabel" defaultValue={v.dealLabel ?? ""} maxLength={40} placeholder="Save 20%" className={input} />}
                    </ConsoleField>
                  </div>
                  <button type="submit" disabled={busy} className={`${button} mt-3`}>
                    Save badges and deal
                  </button>
                </Form>
              </article>
            );
          })}
        </div>
      </ConsoleSection>

      <ConsoleSection id="stock-heading" title="Stock per warehouse">
        <ConsoleTable
          caption="Stock of each variant in each warehouse"
          testId="stock-table"
          rows={stock}
          rowKey={(s) => `${s.variantId}-${s.warehouseCode}`}
          rowTestId={(s) => `stock-${s.sku}-${s.warehouseCode}`}
          columns={[
            { label: "SKU", cell: (s) => s.sku, cellClassName: "font-mono" },
            { label: "Warehouse", cell: (s) => `${s.warehouseName} (${s.warehouseCode})` },
            { label: "On hand", cell: (s) => s.onHand, className: "text-right" },
            { label: "Reserved", cell: (s) => s.reserved, className: "text-right" },
            { label: "Available", cell: (s) => s.available, className: "text-right" },
          ]}
        />

        <h3 id="adjust-heading" className="mt-4 font-semibold">
          Adjust stock
        </h3>
        {status("stock")}
        <Form
          method="post"
          aria-labelledby="adjust-heading"
          className="mt-2 grid items-start gap-3 rounded border border-gray-300 bg-white p-4 md:grid-cols-3 lg:grid-cols-6"
        >
          <input type="hidden" name="intent" value="stock" />
          <ConsoleField label="SKU" error={errorsOf("stock").variantId} className="lg:col-span-1">
            {(a11y) => (
              <select {...a11y} name="variantId" className={`${input} bg-white`}>
                <Options options={variants.map((v) => ({ value: v.id, label: v.sku }))} />
              </select>
            )}
          </ConsoleField>
          <ConsoleField label="Warehouse" error={errorsOf("stock").warehouseCode}>
            {(a11y) => (
              <select {...a11y} name="warehouseCode" className={`${input} bg-white`}>
                <Options
                  options={[...new Map(stock.map((s) => [s.warehouseCode, s.warehouseName])).entries()].map(([code, name]) => ({
                    value: code,
                    label: (
                      <>
                        {name} ({code})
                      </>
                    ),
                  }))}
                />
              </select>
            )}
          </ConsoleField>
          <ConsoleField label="Change (+/−)" error={errorsOf("stock").delta}>
            {(a11y) => <input {...a11y} name="delta" inputMode="numeric" placeholder="12 or -3" required className={input} />}
          </ConsoleField>
          <ConsoleField label="Reason" error={errorsOf("stock").reason}>
            {(a11y) => (
              <select {...a11y} name="reason" defaultValue="" required className={`${input} bg-white`}>
                <option value="">Choose…</option>
                <Options options={REASONS} />
              </select>
            )}
          </ConsoleField>
          <ConsoleField label="Note" error={errorsOf("stock").note}>
            {(a11y) => <input {...a11y} name="note" maxLength={500} className={input} />}
          </ConsoleField>
          <div className="self-end">
            <button type="submit" disabled={busy} className={button}>
              Adjust
            </button>
          </div>
        </Form>

        <h3 className="mt-4 font-semibold">Adjustment history</h3>
        {history.length === 0 ? <p className="mt-1 text-sm">No adjustment yet.</p> : null}
        {history.length ? (
          <ConsoleTable
            caption="Stock adjustments, newest first"
            testId="stock-history"
            rows={history}
            columns={[
              { label: "When", cell: (h) => h.at },
              { label: "Who", cell: (h) => h.operatorEmail },
              { label: "SKU", cell: (h) => h.sku, cellClassName: "font-mono" },
              { label: "Warehouse", cell: (h) => h.warehouseCode },
              { label: "Change", cell: (h) => (h.delta > 0 ? `+${h.delta}` : h.delta), className: "text-right" },
              { label: "On hand", cell: (h) => `${h.onHandBefore} → ${h.onHandAfter}`, className: "text-right" },
              { label: "Reason", cell: (h) => `${REASONS.find((r) => r.value === h.reason)?.label ?? h.reason}${h.note ? ` — ${h.note}` : ""}` },
            ]}
          />
        ) : null}
      </ConsoleSection>

      <ConsoleHistory id="audit-heading" entries={audit} testId="product-history" />
    </ConsolePage>
  );
}
