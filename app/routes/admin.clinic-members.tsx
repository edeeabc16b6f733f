import { formatUtcDay } from "../../rules/shared/dates";
import { Form, useActionData, useLoaderData } from "react-router";
import { FormAlert } from "../components/form-field";
import { ConsolePage } from "../features/admin/console-frame";
import { requireOperator } from "../features/admin/operator.server";
import { invalid, refused } from "../features/admin/console-action.server";
import type { Route } from "./+types/admin.clinic-members";

export const meta = () => [{ title: "Clinic members · Console" }];

// Staff-site memberships waiting for approval (approval clinics): approve (the member is
// registered at once) or decline; the member is mailed either way (the membership workflow).

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireOperator(context, request, "clinics.members");
  const pending = await context.services.clinics.pendingMemberships();
  const people = await Promise.all(pending.map((p) => context.services.identity.customer(p.customerId)));
  return {
    pending: pending.map((p, i) => ({
      membershipId: p.membershipId,
      member: people[i] ? `${people[i]!.firstName} ${people[i]!.lastName} <${people[i]!.email}>` : p.customerId,
      clinic: `${p.clinic.name} (${p.clinic.groupID}), ${p.clinic.address.city}, ${p.clinic.address.provinceCode}`,
      // Formatted here, not in the page: the page then loads no date formatter.
      since: formatUtcDay(p.createdAt),
    })),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const operator = await requireOperator(context, request, "clinics.members");
  const form = await request.formData();
  const decision = form.get("decision") === "approve" ? "approve" : form.get("decision") === "end" ? "end" : null;
  if (!decision) return invalid({ error: "Choose approve or decline." });
  const result = await context.services.operatorConsole.decideMembership(operator, { membershipId: String(form.get("membershipId") ?? ""), decision });
  if (!result.ok) return refused({ error: result.message }, result.code);
  return { done: decision === "approve" ? "Approved: the member is registered and was e-mailed." : "Declined: the member was e-mailed." };
}

export default function AdminClinicMembers() {
  const { pending } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <ConsolePage title="Clinic members waiting">
      {answer && "error" in answer ? <FormAlert>{answer.error}</FormAlert> : null}
      {answer && "done" in answer ? <FormAlert tone="success">{answer.done}</FormAlert> : null}
      {pending.length === 0 ? <p className="mt-4">No membership is waiting.</p> : null}
      <ul className="mt-4 space-y-3" data-testid="pending-members">
        {pending.map((p) => (
          <li key={p.membershipId} className="rounded border border-gray-300 bg-white p-3">
            <p className="font-semibold">{p.member}</p>
            <p className="text-sm">
              {p.clinic} · asked {p.since}
            </p>
            <div className="mt-2 flex gap-2">
              {(["approve", "end"] as const).map((d) => (
                <Form method="post" key={d}>
                  <input type="hidden" name="membershipId" value={p.membershipId} />
                  <input type="hidden" name="decision" value={d} />
                  <button
                    type="submit"
                    className={`min-h-10 rounded px-4 font-semibold ${d === "approve" ? "bg-primary text-white" : "border-2 border-error text-error"}`}
                    aria-label={`${d === "approve" ? "Approve" : "Decline"} ${p.member}`}
                  >
                    {d === "approve" ? "Approve" : "Decline"}
                  </button>
                </Form>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </ConsolePage>
  );
}
