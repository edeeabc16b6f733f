import { formatUtcDateTime } from "../../rules/shared/dates";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { z } from "zod";
import type { OrderMove } from "../../rules/console/operator-roles";
import type { Operator } from "../../server/modules/operators";
import { RefundForm } from "../features/admin/refund-form";
import { refundInput, refundLines } from "../features/admin/refund-input.server";
import { formatMoney, formatUsd, amountToCents } from "../../rules/shared/money";
import { FormAlert } from "../components/form-field";
import { fieldErrors } from "../../rules/shared/zod-errors";
import { ConsolePage, ConsoleSection } from "../features/admin/console-frame";
import { ConfirmCheckbox } from "../features/admin/console-form";
import { ConsoleHistory } from "../features/admin/change-history";
import { orderMovesFor, partRefundAllowed, requireOperator } from "../features/admin/operator.server";
import { OrderReceipt } from "../features/checkout/order-receipt";
import { receiptOrder } from "../features/checkout/order-receipt.server";
import { invalid, refused } from "../features/admin/console-action.server";
import type { Route } from "./+types/admin.orders.$id";

export const meta = () => [{ title: "Order · Console" }];

// One order: lines, totals, addresses, attributes, and the lifecycle moves its status allows and
// the operator's role permits — each through the advance-order workflow (which mails the customer),
// each written to the audit log. Cancel and refund need an explicit confirmation.

const MOVE_LABELS: Record<OrderMove, string> = {
  fulfilled: "Mark fulfilled",
  shipped: "Mark shipped",
  delivered: "Mark delivered",
  cancelled: "Cancel the order",
  refunded: "Refund the order in full",
};
const DESTRUCTIVE: readonly OrderMove[] = ["cancelled", "refunded"];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const operator = await requireOperator(context, request, "orders.view");
  const order = await context.services.orders.consoleGet(params.id);
  if (!order) throw data({ message: "No such order." }, { status: 404 });
  const canRefund = partRefundAllowed(operator, order.status) && order.refundableCents > 0;
  const audit = await context.services.operators.auditEntries({ targetType: "order", targetId: order.id, limit: 100 });
  return {
    // Dates formatted here, not in the page: the page then loads no date formatter.
    order: { ...receiptOrder(order), refunds: order.refunds.map((r) => ({ ...r, at: formatUtcDateTime(r.at) })) },
    canRefund,
    moves: orderMovesFor(operator, order.status),
    history: audit.map((e) => ({ id: e.id, at: formatUtcDateTime(e.at), who: e.operatorEmail, action: e.action, outcome: e.outcome })),
  };
}

const moveInput = z.object({
  to: z.enum(["fulfilled", "shipped", "delivered", "cancelled", "refunded"], { error: "Choose an action" }),
  trackingNumber: z.string().trim().max(64, "At most 64 characters").optional(),
  confirm: z.string().optional(),
});

export async function action({ context, request, params }: Route.ActionArgs) {
  const operator = await requireOperator(context, request, "orders.view");
  const form = await request.formData();
  if (form.get("intent") === "partial-refund") return partialRefund(context, operator, params.id, form);
  const parsed = moveInput.safeParse(Object.fromEntries(form));
  if (!parsed.success) return invalid({ errors: { form: parsed.error.issues[0]?.message ?? "Invalid input" } });
  const { to, trackingNumber, confirm } = parsed.data;
  if (DESTRUCTIVE.includes(to) && confirm !== "yes") return invalid({ errors: { [`confirm-${to}`]: "Tick the box to confirm" } });
  const result = await context.services.operatorConsole.advanceOrder(operator, {
    orderId: params.id,
    to,
    trackingNumber: to === "shipped" ? trackingNumber || null : null,
  });
  if (!result.ok) return refused({ errors: { form: result.message } }, result.code);
  return { done: `${MOVE_LABELS[to]}: done. The customer was e-mailed.` };
}

async function partialRefund(context: Route.ActionArgs["context"], operator: Operator, orderId: string, form: FormData) {
  const { lines, errors } = refundLines(form);
  const parsed = refundInput.safeParse(Object.fromEntries([...form].filter(([k]) => !k.startsWith("qty."))));
  if (!parsed.success) for (const [field, message] of Object.entries(fieldErrors(parsed.error))) errors[field] ??= message;
  if (!parsed.success || Object.keys(errors).length) return invalid({ errors });
  const { other, restock, reason, note } = parsed.data;
  const result = await context.services.operatorConsole.refundOrderPart(operator, {
    orderId,
    lines,
    otherCents: other,
    restock: restock === "on",
    reason: note ? `${reason}: ${note}` : reason,
  });
  if (!result.ok) {
    if (result.code === "INVALID_INPUT") {
      // The plan names `lines.<i>.quantity` in the order the lines were sent: back to that line's field.
      const at = /^lines\.(\d+)\.quantity$/.exec(result.field);
      return invalid({ errors: { [at ? `qty.${lines[Number(at[1])]?.lineId}` : result.field === "otherCents" ? "other" : result.field]: result.message } });
    }
    return refused({ errors: { form: result.message } }, result.code);
  }
  return { done: `Refunded ${formatUsd(result.refundedCents)}${result.restocked ? ", units back in stock" : ""}. The customer was e-mailed.` };
}

export default function AdminOrder() {
  const { order, moves, history, canRefund } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const errors: Record<string, string> = answer && "errors" in answer ? answer.errors : {};
  const busy = useNavigation().state === "submitting";
  return (
    <ConsolePage title={`Order ${order.number}`}>
      <p className="mt-1 text-sm">
        <Link to="/admin/orders" className="text-primary underline">
          All orders
        </Link>
      </p>
      <p className="mt-2" data-testid="admin-order-status">
        Status: <strong>{order.status}</strong> · {order.site === "hpsf" ? "Staff site" : "Shop"} · {order.email} · total {formatMoney(order.totalPrice)}
        {order.trackingNumber ? ` · tracking ${order.trackingNumber}` : ""}
      </p>
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      {answer && "done" in answer ? <FormAlert tone="success">{answer.done}</FormAlert> : null}
      {moves.length ? (
        <section aria-labelledby="moves-heading" className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="order-moves">
          <h2 id="moves-heading" className="sr-only">
            Actions
          </h2>
          {moves.map((m) => (
            <Form key={m} method="post" className="rounded border border-gray-300 bg-white p-3">
              <input type="hidden" name="to" value={m} />
              {m === "shipped" ? (
                <label className="block text-sm font-semibold">
                  Tracking number (optional)
                  <input name="trackingNumber" maxLength={64} className="mt-1 block min-h-10 w-full rounded border border-gray-400 px-2 font-normal" />
                </label>
              ) : null}
              {DESTRUCTIVE.includes(m) ? (
                <ConfirmCheckbox errorId={`confirm-${m}-error`} error={errors[`confirm-${m}`]}>
                  {m === "refunded"
                    ? `Refund ${formatUsd(order.refundableCents)}${order.refundableCents < amountToCents(order.totalPrice.amount) ? " (what is left)" : ""} to the customer's card`
                    : "Cancel; a paid order is refunded"}
                </ConfirmCheckbox>
              ) : null}
              <button
                type="submit"
                disabled={busy}
                className={`mt-2 min-h-10 rounded px-4 font-semibold text-white ${DESTRUCTIVE.includes(m) ? "bg-error" : "bg-primary"}`}
              >
                {MOVE_LABELS[m]}
              </button>
            </Form>
          ))}
        </section>
      ) : null}
      {canRefund ? <RefundForm lines={order.lineItems} status={order.status} refundableCents={order.refundableCents} errors={errors} busy={busy} /> : null}
      <section className="mt-6 rounded border border-gray-300 bg-white p-4">
        <OrderReceipt order={order} />
      </section>
      {order.refunds.length ? (
        <ConsoleSection id="refunds-heading" title="Refunds">
          <ul className="mt-2 space-y-1 text-sm" data-testid="admin-order-refunds">
            {order.refunds.map((r) => (
              <li key={r.id}>
                {r.at} — {formatUsd(r.amountCents)}
                {r.lines.length ? ` for ${r.lines.map((l) => `${l.quantity} × ${l.sku}`).join(", ")}` : ""}
                {r.otherCents ? ` (${formatUsd(r.otherCents)} beyond the items)` : ""}
                {r.restocked ? ", restocked" : ""} — {r.reason} — {r.actor.replace(/^operator:/, "")}
              </li>
            ))}
          </ul>
        </ConsoleSection>
      ) : null}
      <ConsoleSection id="attrs-heading" title="Attributes">
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 text-sm" data-testid="admin-order-attributes">
          {order.attributes.map((a) => (
            <div key={a.key} className="contents">
              <dt className="font-mono">{a.key}</dt>
              <dd className="font-mono">{a.value}</dd>
            </div>
          ))}
        </dl>
      </ConsoleSection>
      <ConsoleHistory id="history-heading" entries={history} testId="admin-order-history" />
    </ConsolePage>
  );
}
