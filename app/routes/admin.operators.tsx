import { data, Form, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { OPERATOR_ROLES, ROLE_LABELS } from "../../rules/console/operator-roles";
import { FormAlert, SelectField, SubmitButton, TextField } from "../components/form-field";
import { ConsolePage, ConsoleSection } from "../features/admin/console-frame";
import { ConsoleTable } from "../features/admin/console-table";
import { requireOperator } from "../features/admin/operator.server";
import { invalid, refused } from "../features/admin/console-action.server";
import type { Route } from "./+types/admin.operators";

export const meta = () => [{ title: "Operators · Console" }];

// Owners only: who has console access, invite a colleague with a role (a one-time setup link, shown
// once), deactivate an operator (their sessions end at once).

export async function loader({ context, request }: Route.LoaderArgs) {
  const me = await requireOperator(context, request, "operators.manage");
  const list = await context.services.operators.list();
  return { me: me.id, operators: list.map((o) => ({ ...o, roleLabel: ROLE_LABELS[o.role], createdAt: o.createdAt.toISOString() })) };
}

const invite = z.object({
  email: z.email("Enter a valid e-mail").max(320),
  role: z.enum(OPERATOR_ROLES, { error: "Choose a role" }),
});

export async function action({ context, request }: Route.ActionArgs) {
  const me = await requireOperator(context, request, "operators.manage");
  const form = Object.fromEntries(await request.formData()) as Record<string, string>;
  if (form.intent === "deactivate") {
    const done = await context.services.operatorConsole.deactivateOperator(me, String(form.operatorId ?? ""));
    return done.ok ? { done: "The operator was deactivated." } : refused({ errors: { form: done.message } }, done.code);
  }
  const parsed = invite.safeParse(form);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const i of parsed.error.issues) errors[String(i.path[0])] ??= i.message;
    return invalid({ errors });
  }
  const link = await context.services.operatorConsole.inviteOperator(me, parsed.data);
  if (!link.ok) return data({ errors: { form: link.message } }, { status: 403 });
  return { link: link.url, forEmail: parsed.data.email, expiresAt: link.expiresAt.toISOString() };
}

export default function AdminOperators() {
  const { me, operators } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const errors: Record<string, string> = answer && "errors" in answer ? answer.errors : {};
  return (
    <ConsolePage title="Operators">
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      {answer && "done" in answer ? <FormAlert tone="success">{answer.done}</FormAlert> : null}
      <ConsoleTable
        caption="Operators"
        className="mt-4"
        bodyTestId="operators-rows"
        rows={operators}
        columns={[
          { label: "E-mail", cell: (o) => o.email },
          { label: "Name", cell: (o) => o.name },
          { label: "Role", cell: (o) => o.roleLabel },
          { label: "Status", cell: (o) => (o.active ? "Active" : "Deactivated") },
          {
            label: <span className="sr-only">Actions</span>,
            cell: (o) =>
              o.active && o.id !== me ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="deactivate" />
                  <input type="hidden" name="operatorId" value={o.id} />
                  <button type="submit" className="text-error underline" aria-label={`Deactivate ${o.email}`}>
                    Deactivate
                  </button>
                </Form>
              ) : null,
          },
        ]}
      />
      <ConsoleSection id="invite-heading" title="Invite an operator" className="mt-8 max-w-md">
        <Form method="post" noValidate data-testid="invite-operator">
          <input type="hidden" name="intent" value="invite" />
          <TextField name="email" label="E-mail" type="email" errors={errors} />
          <SelectField
            name="role"
            label="Role"
            errors={errors}
            placeholder="Choose…"
            options={OPERATOR_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
          />
          <SubmitButton>Create a setup link</SubmitButton>
        </Form>
        {answer && "link" in answer ? (
          <div role="status" className="mt-4 rounded border border-success bg-success/10 p-3 text-sm">
            <p>Send this one-time link to {answer.forEmail} (valid 24 hours, shown once):</p>
            <p className="mt-1 break-all font-mono" data-testid="setup-link">
              {answer.link}
            </p>
          </div>
        ) : null}
      </ConsoleSection>
    </ConsolePage>
  );
}
