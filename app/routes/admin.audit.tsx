import { Link, useLoaderData } from "react-router";
import { formatUtcTimestamp } from "../../rules/shared/dates";
import { ConsolePage } from "../features/admin/console-frame";
import { ConsoleTable } from "../features/admin/console-table";
import { FilterForm } from "../features/admin/list-controls";
import { requireOperator } from "../features/admin/operator.server";
import type { Route } from "./+types/admin.audit";

export const meta = () => [{ title: "Audit log · Console" }];

// Every console write, allowed or refused, newest first (owners and managers). The table is
// append-only in the database itself: a trigger refuses updates and deletes.

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireOperator(context, request, "audit.view");
  const params = new URL(request.url).searchParams;
  const operatorEmail = (params.get("operator") ?? "").trim().slice(0, 320) || undefined;
  const before = Number(params.get("before")) || undefined;
  const entries = await context.services.operators.auditEntries({ operatorEmail, before, limit: 50 });
  return {
    operator: operatorEmail ?? "",
    entries: entries.map((e) => ({
      id: e.id,
      // Formatted here, not in the page: the page then loads no date formatter.
      at: formatUtcTimestamp(e.at),
      who: e.operatorEmail,
      action: e.action,
      target: `${e.targetType} ${e.targetId}`,
      outcome: e.outcome,
      before: e.before,
      after: e.after,
    })),
  };
}

export default function AdminAudit() {
  const { operator, entries } = useLoaderData<typeof loader>();
  const last = entries.at(-1);
  return (
    <ConsolePage title="Audit log">
      <FilterForm label="Audit log">
        <label className="text-sm font-semibold">
          Operator e-mail
          <input name="operator" type="email" defaultValue={operator} className="mt-1 block min-h-10 w-72 rounded border border-gray-400 px-2" />
        </label>
      </FilterForm>
      <ConsoleTable
        caption="Console writes, newest first"
        className="mt-4"
        bodyTestId="audit-rows"
        rowClassName="align-top"
        rows={entries}
        columns={[
          { label: "When (UTC)", cell: (e) => e.at },
          { label: "Who", cell: (e) => e.who },
          { label: "Action", cell: (e) => e.action, cellClassName: "font-mono" },
          { label: "Target", cell: (e) => e.target, cellClassName: "font-mono" },
          { label: "Outcome", cell: (e) => e.outcome },
          {
            label: "Before → after",
            cellClassName: "font-mono text-xs",
            cell: (e) => (
              <>
                {e.before ? JSON.stringify(e.before) : "—"} → {e.after ? JSON.stringify(e.after) : "—"}
              </>
            ),
          },
        ]}
      />
      {entries.length === 50 && last ? (
        <p className="mt-4">
          <Link to={`/admin/audit?${new URLSearchParams({ ...(operator ? { operator } : {}), before: String(last.id) })}`} className="text-primary underline">
            Older entries
          </Link>
        </p>
      ) : null}
    </ConsolePage>
  );
}
