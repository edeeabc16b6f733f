import { Form } from "react-router";
import { formatUsd } from "../../../rules/shared/money";
import { TextField, SelectField, Checkbox, SubmitButton } from "../../components/form-field";
import { REFUND_REASONS } from "./refund-reasons";

// The order page's partial refund: units per line, an amount beyond them, restocking (once the
// goods have left the warehouse), a reason and a confirmation. The server computes the money.

type Line = { id: string; title: string; variantTitle: string; sku: string; quantity: number; refundedQuantity: number };

export function RefundForm({
  lines,
  status,
  refundableCents,
  errors,
  busy,
}: {
  lines: readonly Line[];
  status: string;
  refundableCents: number;
  errors: Record<string, string>;
  busy: boolean;
}) {
  const open = lines.filter((l) => l.quantity > l.refundedQuantity);
  return (
    <section aria-labelledby="refund-heading" className="mt-6 rounded border border-gray-300 bg-white p-4" data-testid="partial-refund">
      <h2 id="refund-heading" className="text-lg font-semibold">
        Refund part of the order
      </h2>
      <p className="text-sm text-gray-700">
        Up to {formatUsd(refundableCents)} can still be refunded. Each unit is refunded at what it was charged, tax included.
      </p>
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="partial-refund" />
        {open.map((l) => (
          <TextField
            key={l.id}
            name={`qty.${l.id}`}
            label={`Units of ${l.title} (${l.variantTitle}, ${l.sku}) — at most ${l.quantity - l.refundedQuantity}`}
            inputMode="numeric"
            defaultValue="0"
            errors={errors}
          />
        ))}
        <TextField name="other" label="Other amount, in dollars (shipping, a goodwill gesture)" inputMode="numeric" defaultValue="0.00" errors={errors} />
        {status !== "paid" ? <Checkbox name="restock" label="The goods came back: put the refunded units back in stock" /> : null}
        <SelectField
          name="reason"
          label="Reason"
          options={REFUND_REASONS.map((r) => ({ value: r, label: r }))}
          placeholder="Choose a reason"
          errors={errors}
          required
        />
        <TextField name="note" label="Note (optional)" maxLength={120} errors={errors} />
        <Checkbox name="confirm" label="Refund this to the customer's card (it cannot be undone)" error={errors.confirm} />
        {errors.lines ? <p className="mt-2 text-sm font-medium text-error">{errors.lines}</p> : null}
        <div className="mt-4">
          <SubmitButton busy={busy}>Refund</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
