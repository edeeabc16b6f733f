import { Form, Link, useLoaderData } from "react-router";
import { ConsolePage } from "../features/admin/console-frame";
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
    entries: entries.map((e) => ({ id: e.id, at: e.at.toISOString(), who: e.operatorEmail, action: e.action, target: `${e.targetType} ${e.targetId}`, outcome: e.outcome, before: e.before, after: e.after })),
  };
}

export default function AdminAudit() {
  const { operator, entries } = useLoaderData<typeof loader>();
  const last = entries.at(-1);
  return (
    <ConsolePage title="Audit log">
      <Form method="get" role="search" aria-label="Audit log" className="mt-4 flex items-end gap-3">
        <label className="text-sm font-semibold">
          Operator e-mail
          <input name="operator" type="email" defaultValue={operator} className="mt-1 block min-h-10 w-72 rounded border border-gray-400 px-2" />
        </label>
        <button type="submit" className="min-h-10 rounded bg-primary px-4 font-semibold text-white">
          Filter
        </button>
      </Form>
      <table className="mt-4 w-full bg-white text-left text-sm">
        <caption className="sr-only">Console writes, newest first</caption>
        <thead>
          <tr className="border-b border-gray-300">
            <th scope="col" className="p-2">When (UTC)</th>
            <th scope="col" className="p-2">Who</th>
            <th scope="col" className="p-2">Action</th>
            <th scope="col" className="p-2">Target</th>
            <th scope="col" className="p-2">Outcome</th>
            <th scope="col" className="p-2">Before → after</th>
          </tr>
        </thead>
        <tbody data-testid="audit-rows">
          {entries.map((e) => (
            <tr key={e.id} className="border-b border-gray-200 align-top">
              <td className="p-2">{new Date(e.at).toISOString().replace("T", " ").slice(0, 19)}</td>
              <td className="p-2">{e.who}</td>
              <td className="p-2 font-mono">{e.action}</td>
              <td className="p-2 font-mono">{e.target}</td>
              <td className="p-2">{e.outcome}</td>
              <td className="p-2 font-mono text-xs">
                {e.before ? JSON.stringify(e.before) : "—"} → {e.after ? JSON.stringify(e.after) : "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
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
