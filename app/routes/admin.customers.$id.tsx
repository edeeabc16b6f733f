import { formatUtcDay } from "../../rules/shared/dates";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { z } from "zod";
import { formatUsd } from "../../rules/shared/money";
import { may } from "../../rules/console/operator-roles";
import { fieldErrors } from "../../rules/shared/zod-errors";
import { FormAlert, TextField } from "../components/form-field";
import { ConsolePage, ConsoleSection } from "../features/admin/console-frame";
import { ConsoleTable, RowLink } from "../features/admin/console-table";
import { requireOperator } from "../features/admin/operator.server";
import { invalid, refused } from "../features/admin/console-action.server";
import type { Route } from "./+types/admin.customers.$id";
import { failureStatus } from "../../rules/shared/failure-status";

export const meta = () => [{ title: "Customer · Console" }];

// One customer: the account, its address book, orders, subscriptions and clinic membership; a
// password-reset mail (the shop's own forgot-password mail) and, for roles that may, the erasure
// of their personal data — confirmed by typing the customer's e-mail.

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const operator = await requireOperator(context, request, "customers.view");
  const profile = await context.services.customerReads.profile(params.id);
  if (!profile) throw data({ message: "No such customer." }, { status: 404 });
  const { account, addresses, orders, subscriptions, membership } = profile;
  // Dates formatted here, not in the page: the page then loads no date formatter.
  return {
    account: { ...account, createdAt: formatUtcDay(account.createdAt) },
    addresses,
    orders: orders.map((o) => ({ ...o, createdAt: formatUtcDay(o.createdAt) })),
    subscriptions,
    membership: membership && { ...membership, since: formatUtcDay(membership.since) },
    canErase: may(operator.role, "customers.erase"),
  };
}

const actionInput = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("reset") }),
  z.object({
    intent: z.literal("erase"),
    confirmEmail: z.string({ error: "Type the customer's e-mail to confirm" }).trim().min(1, "Type the customer's e-mail to confirm").max(320),
  }),
]);

export async function action({ context, request, params }: Route.ActionArgs) {
  const operator = await requireOperator(context, request, "customers.view");
  const parsed = actionInput.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return invalid({ errors: fieldErrors(parsed.error) });
  const input = parsed.data;
  if (input.intent === "reset") {
    const result = await context.services.consoleCustomers.sendPasswordReset(operator, { customerId: params.id, requestUrl: request.url });
    if (!result.ok) return refused({ errors: { form: result.message } }, result.code);
    return { done: "A password-reset mail was sent to the customer." };
  }
  const result = await context.services.consoleCustomers.erase(operator, { customerId: params.id, confirmEmail: input.confirmEmail });
  if (!result.ok) {
    const status = failureStatus(result.code);
    return data({ errors: { [result.code === "CONFIRMATION_MISMATCH" ? "confirmEmail" : "form"]: result.message } }, { status });
  }
  return {
    done: `Personal data erased: ${result.counts.orders} order(s) kept and anonymised, ${result.counts.cancelledSubscriptions} subscription(s) cancelled.`,
  };
}

export default function AdminCustomer() {
  const { account, addresses, orders, subscriptions, membership, canErase } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const errors: Record<string, string> = answer && "errors" in answer ? answer.errors : {};
  const nav = useNavigation();
  const busy = nav.state === "submitting" ? nav.formData?.get("intent") : null;
  const name = `${account.firstName} ${account.lastName}`.trim() || account.email;
  return (
    <ConsolePage title={name}>
      <p className="mt-1 text-sm">
        <Link to="/admin/customers" className="text-primary underline">
          All customers
        </Link>
      </p>
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      {answer && "done" in answer ? <FormAlert tone="success">{answer.done}</FormAlert> : null}

      <ConsoleSection id="details-heading" title="Details" className="mt-4 rounded border border-gray-300 bg-white p-4">
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="customer-details">
          <dt className="font-semibold">E-mail</dt>
          <dd data-testid="customer-email">{account.email}</dd>
          <dt className="font-semibold">Name</dt>
          <dd>{`${account.firstName} ${account.lastName}`.trim() || "—"}</dd>
          <dt className="font-semibold">Phone</dt>
          <dd>{account.phone ?? "—"}</dd>
          <dt className="font-semibold">Site</dt>
          <dd>{account.site === "hpsf" ? "Staff site" : "Shop"}</dd>
          <dt className="font-semibold">Marketing e-mails</dt>
          <dd>{account.acceptsMarketing ? "Yes" : "No"}</dd>
          <dt className="font-semibold">Joined</dt>
          <dd>{account.createdAt}</dd>
          {membership ? (
            <>
              <dt className="font-semibold">Clinic</dt>
              <dd data-testid="customer-membership">
                {membership.clinicName} ({membership.groupId}) · {membership.state} since {membership.since}
              </dd>
            </>
          ) : null}
        </dl>
      </ConsoleSection>

      <ConsoleSection id="addresses-heading" title="Addresses">
        {addresses.length ? (
          <ul className="mt-2 grid gap-3 sm:grid-cols-2" data-testid="customer-addresses">
            {addresses.map((a) => (
              <li key={a.id} className="rounded border border-gray-300 bg-white p-3 text-sm">
                {a.id === account.defaultAddressId ? <p className="font-semibold">Default address</p> : null}
                <p>{`${a.firstName} ${a.lastName}`.trim()}</p>
                <p>{[a.address1, a.address2].filter(Boolean).join(", ")}</p>
                <p>
                  {a.city}, {a.provinceCode} {a.zip}
                </p>
                {a.phone ? <p>{a.phone}</p> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm">No saved addresses.</p>
        )}
      </ConsoleSection>

      <ConsoleSection id="orders-heading" title="Orders">
        <ConsoleTable
          testId="customer-orders"
          empty="No orders."
          rows={orders}
          columns={[
            { label: "Order", cell: (o) => <RowLink to={`/admin/orders/${o.id}`}>{o.number}</RowLink> },
            { label: "Placed", cell: (o) => o.createdAt },
            { label: "Status", cell: (o) => o.status },
            { label: "Total", cell: (o) => formatUsd(o.totalCents), className: "text-right" },
          ]}
        />
      </ConsoleSection>

      <ConsoleSection id="subscriptions-heading" title="Subscriptions">
        <ConsoleTable
          testId="customer-subscriptions"
          empty="No subscriptions."
          rows={subscriptions}
          columns={[
            { label: "Contract", cell: (s) => <RowLink to={`/admin/subscriptions/${s.id}`}>{s.contractId}</RowLink> },
            { label: "Item", cell: (s) => `${s.quantity} × ${s.sku}` },
            { label: "Every", cell: (s) => `${s.frequencyWeeks} weeks` },
            { label: "Status", cell: (s) => s.status },
            { label: "Next order", cell: (s) => (s.status === "active" ? s.nextOrderDate : "—") },
          ]}
        />
      </ConsoleSection>

      <section aria-labelledby="actions-heading" className="mt-6 grid gap-4 md:grid-cols-2">
        <h2 id="actions-heading" className="sr-only">
          Actions
        </h2>
        <Form method="post" className="rounded border border-gray-300 bg-white p-4" data-testid="customer-reset">
          <h3 className="font-semibold">Password reset</h3>
          <p className="mt-1 text-sm">Mails the customer the shop's password-reset link (valid one hour). You never see the link.</p>
          <button
            type="submit"
            name="intent"
            value="reset"
            disabled={busy === "reset"}
            className="mt-3 min-h-10 rounded bg-primary px-4 font-semibold text-white"
          >
            {busy === "reset" ? "Sending…" : "Send a password-reset mail"}
          </button>
        </Form>
        {canErase ? (
          <Form method="post" className="rounded border border-error bg-white p-4" data-testid="customer-erase">
            <h3 className="font-semibold text-error">Erase personal data</h3>
            <p className="mt-1 text-sm">
              The account stops working for good; name, e-mail, phone, addresses, saved cards and carts are removed; subscriptions are cancelled. Orders are
              kept for the books, without names, streets or e-mail. This cannot be undone.
            </p>
            <input type="hidden" name="intent" value="erase" />
            <TextField name="confirmEmail" label={`Type ${account.email} to confirm`} errors={errors} autoComplete="off" maxLength={320} required />
            <button type="submit" disabled={busy === "erase"} className="mt-3 min-h-10 rounded bg-error px-4 font-semibold text-white">
              {busy === "erase" ? "Erasing…" : "Erase personal data"}
            </button>
          </Form>
        ) : null}
      </section>
    </ConsolePage>
  );
}
