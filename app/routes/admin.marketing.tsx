import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { formValues } from "../../rules/account/forms";
import { FormAlert, SelectField, TextField } from "../components/form-field";
import { refused } from "../features/admin/console-action.server";
import { TOPIC_LABELS } from "../../rules/marketing/subscriber";
import { SUPPRESSION_REASON_LABELS } from "../../rules/marketing/suppression-reasons";
import { formatUtcDateTime, formatUtcDay } from "../../rules/shared/dates";
import { ConsolePage } from "../features/admin/console-frame";
import { ConsoleTable, type Column } from "../features/admin/console-table";
import { FilterForm, FilterSelect, ListTotal, Pager, SearchBox, SITE_OPTIONS, siteLabel } from "../features/admin/list-controls";
import { subscriberListFilters } from "../features/admin/marketing-list.server";
import { requireOperator } from "../features/admin/operator.server";
import { may } from "../../rules/console/operator-roles";
import { CONSOLE_PAGE_SIZE, listUrl, pageCount } from "../features/admin/paged-list";
import type { Route } from "./+types/admin.marketing";

export const meta = () => [{ title: "E-mail list · Console" }];

// The marketing list (server/modules/marketing): every subscriber with its state, source, topics and
// when it confirmed, searched by address and filtered by site and state; the confirmed ones as CSV.
// Owner, manager and marketing (marketing.manage). Subscribers change through their own links; the
// one write here is an operator's suppression (a bounce or complaint reported elsewhere, or a person
// who asked by phone or letter), audited.

const STATE_OPTIONS = { "": "Any", pending: "Pending", subscribed: "Subscribed", unsubscribed: "Unsubscribed", suppressed: "Suppressed" };
const SOURCE_LABELS: Record<string, string> = { registration: "Registration", checkout: "Checkout", footer: "Footer form", console: "Console" };

export async function loader({ context, request }: Route.LoaderArgs) {
  const operator = await requireOperator(context, request, "marketing.manage");
  const filters = subscriberListFilters(new URL(request.url).searchParams);
  const { rows, total } = await context.services.marketing.list({
    search: filters.q || undefined,
    site: filters.site ?? undefined,
    state: filters.state ?? undefined,
    page: filters.page,
    pageSize: CONSOLE_PAGE_SIZE,
  });
  return {
    canSetAutomations: may(operator.role, "marketing.automations"),
    filters,
    total,
    pages: pageCount(total),
    rows: rows.map((r) => ({
      ...r,
      source: SOURCE_LABELS[r.source] ?? r.source,
      topics: r.topics.map((t) => TOPIC_LABELS[t]).join(", "),
      confirmedAt: r.confirmedAt ? formatUtcDateTime(r.confirmedAt) : "",
      createdAt: formatUtcDay(r.createdAt),
    })),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const operator = await requireOperator(context, request, "marketing.manage");
  const result = await context.services.consoleMarketingList.suppress(operator, formValues(await request.formData()));
  if (!result.ok) return refused({ ok: false as const, errors: "errors" in result ? result.errors : { form: result.message } }, result.code);
  return { ok: true as const, message: result.message };
}

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];

const REASON_OPTIONS = Object.entries(SUPPRESSION_REASON_LABELS).map(([value, label]) => ({ value, label }));

const COLUMNS: readonly Column<Row>[] = [
  { label: "E-mail", cell: (s) => s.email },
  { label: "Site", cell: (s) => siteLabel(s.site) },
  { label: "State", cell: (s) => s.state },
  { label: "Source", cell: (s) => s.source },
  { label: "Topics", cell: (s) => s.topics },
  { label: "Confirmed (consent)", cell: (s) => s.confirmedAt },
  { label: "Signed up", cell: (s) => s.createdAt },
];

export default function AdminMarketing() {
  const { filters, rows, total, pages, canSetAutomations } = useLoaderData<typeof loader>();
  const loading = useNavigation().state === "loading";
  const answer = useActionData<typeof action>();
  const errors: Record<string, string> = answer && !answer.ok ? answer.errors : {};
  return (
    <ConsolePage title="E-mail list">
      {canSetAutomations ? (
        <p className="mt-2">
          <a href="/admin/marketing/automations" className="text-primary underline">
            Automatic mails: back in stock, abandoned cart, win-back
          </a>
        </p>
      ) : null}
      <FilterForm label="Subscribers">
        <SearchBox value={filters.q} placeholder="Part of an e-mail address" />
        <FilterSelect label="Site" name="site" value={filters.site} options={SITE_OPTIONS} />
        <FilterSelect label="State" name="state" value={filters.state} options={STATE_OPTIONS} />
      </FilterForm>
      <ListTotal total={total} one="subscriber" many="subscribers" loading={loading} testId="subscribers-total">
        <a href={listUrl("/admin/marketing/export.csv", { site: filters.site })} className="text-primary underline" download>
          Export the confirmed subscribers{filters.site ? ` of ${siteLabel(filters.site)}` : ""} (CSV)
        </a>
      </ListTotal>
      <ConsoleTable caption="Subscribers" bodyTestId="subscribers-rows" busy={loading} rows={rows} columns={COLUMNS} />
      {rows.length === 0 ? <p className="mt-4 text-sm">No subscribers match.</p> : null}
      <Pager page={filters.page} pages={pages} href={(p) => listUrl("/admin/marketing", filters, { page: p })} />
      <details className="mt-8 max-w-xl rounded border border-gray-300 px-4 py-3" open={Boolean(answer)} data-testid="suppress-address">
        <summary className="cursor-pointer font-semibold text-primary">Suppress an address</summary>
        <p className="mt-2 text-sm">It will never receive marketing from either site again, whatever it signs up for later. Transactional mails still go.</p>
        {answer?.ok ? <FormAlert tone="success">{answer.message}</FormAlert> : errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
        <Form method="post" aria-label="Suppress an address">
          <TextField name="email" label="E-mail address" type="email" errors={errors} required maxLength={320} />
          <SelectField name="reason" label="Reason" options={REASON_OPTIONS} placeholder="Choose…" errors={errors} required />
          <button type="submit" className="mt-4 min-h-10 rounded bg-primary px-4 py-2 font-semibold text-white hover:bg-secondary">
            Suppress
          </button>
        </Form>
      </details>
    </ConsolePage>
  );
}
