import { Form, useActionData, useLoaderData } from "react-router";
import { FormAlert, SubmitButton, TextField } from "../components/form-field";
import { ConsolePage, ConsoleSection } from "../features/admin/console-frame";
import { qrPath, requireOperator } from "../features/admin/operator.server";
import { invalid } from "../features/admin/console-action.server";
import type { Route } from "./+types/admin.security";

export const meta = () => [{ title: "Sign-in security · Console" }];

// The operator's own second factor (TOTP): turn it on by adding the secret to an authenticator
// app (QR code or typed) and confirming with a code; replace it (a new phone) or turn it off with a
// current code.

export async function loader({ context, request }: Route.LoaderArgs) {
  const operator = await requireOperator(context, request, "dashboard.view");
  return { email: operator.email, enabled: await context.services.operators.hasSecondFactor(operator.id) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const operator = await requireOperator(context, request, "dashboard.view");
  const form = await request.formData();
  const intent = form.get("intent");
  const code = String(form.get("code") ?? "");
  const ops = context.services.operators;
  if (intent === "begin") {
    const begun = await ops.beginSecondFactor(operator, context.config.storeName, code);
    if (!begun.ok) return invalid({ errors: { code: begun.message }, intent });
    // The QR code is drawn here, on the server: the secret never leaves for a third party.
    return { enrol: { secret: begun.secret, qr: qrPath(begun.uri) } };
  }
  if (intent === "confirm" || intent === "remove") {
    const ok = intent === "confirm" ? await ops.confirmSecondFactor(operator, code) : await ops.removeSecondFactor(operator, code);
    if (!ok) return invalid({ errors: { code: "That code is not right, or was already used. Enter the current code from your app." }, intent });
    return { done: intent === "confirm" ? "Two-step sign-in is on: from now on, signing in asks for a code from your app." : "Two-step sign-in is off." };
  }
  return invalid({ errors: { form: "Unknown action." } });
}

export default function Security() {
  const { enabled } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const errors: Record<string, string> = answer && "errors" in answer ? answer.errors : {};
  const enrolling = (answer && "enrol" in answer ? answer.enrol : null) ?? null;
  const confirming = enrolling || (answer && "intent" in answer && answer.intent === "confirm");
  return (
    <ConsolePage title="Sign-in security">
      {answer && "done" in answer ? <FormAlert tone="success">{answer.done}</FormAlert> : null}
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      <p className="mt-4" data-testid="second-factor-status">
        Two-step sign-in is <strong>{enabled ? "on" : "off"}</strong>.
      </p>
      {!enabled && !confirming ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="begin" />
          <SubmitButton>Turn on two-step sign-in</SubmitButton>
        </Form>
      ) : null}
      {enrolling ? (
        <ConsoleSection
          id="enrol-heading"
          title="Add the console to your authenticator app"
          className="mt-4 max-w-md rounded border border-gray-300 bg-white p-4"
        >
          <svg
            className="mt-2 w-48 bg-white"
            role="img"
            aria-label="QR code of the sign-in secret"
            viewBox={`0 0 ${enrolling.qr.size} ${enrolling.qr.size}`}
            shapeRendering="crispEdges"
          >
            <path d={enrolling.qr.d} fill="#000" />
          </svg>
          <p className="mt-2 text-sm">
            Or type this secret:{" "}
            <code data-testid="totp-secret" className="break-all font-mono">
              {enrolling.secret}
            </code>
          </p>
        </ConsoleSection>
      ) : null}
      {confirming ? (
        <Form method="post" className="mt-4 max-w-xs" noValidate>
          <input type="hidden" name="intent" value="confirm" />
          <TextField name="code" label="Code from the app" inputMode="numeric" autoComplete="one-time-code" maxLength={7} errors={errors} />
          <SubmitButton>{enabled ? "Confirm the new app" : "Confirm and turn on"}</SubmitButton>
        </Form>
      ) : enabled ? (
        <Form method="post" className="mt-4 max-w-xs" noValidate>
          <TextField name="code" label="Current code from your app" inputMode="numeric" autoComplete="one-time-code" maxLength={7} errors={errors} />
          <div className="flex flex-wrap gap-2">
            <SubmitButton name="intent" value="remove">
              Turn off two-step sign-in
            </SubmitButton>
            <SubmitButton name="intent" value="begin">
              Move to a new phone
            </SubmitButton>
          </div>
        </Form>
      ) : null}
    </ConsolePage>
  );
}
