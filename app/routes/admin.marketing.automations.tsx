import { Form, Link, useActionData, useLoaderData } from "react-router";
import { formValues } from "../../rules/account/forms";
import { Checkbox, FormAlert, TextField } from "../components/form-field";
import { refused } from "../features/admin/console-action.server";
import { ConsolePage, ConsoleSection } from "../features/admin/console-frame";
import { requireOperator } from "../features/admin/operator.server";
import type { Route } from "./+types/admin.marketing.automations";

export const meta = () => [{ title: "Automatic mails · E-mail list · Console" }];

// The marketing list's automatic mails (server/workflows/marketing-automations.ts): back-in-stock,
// the abandoned-cart reminders and the Autoship win-back, each switched on or off and timed here.
// Owner and manager (marketing.automations); every save is audited with the settings before and after.

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireOperator(context, request, "marketing.automations");
  return { settings: await context.services.consoleMarketingAutomations.settings() };
}

export async function action({ context, request }: Route.ActionArgs) {
  const operator = await requireOperator(context, request, "marketing.automations");
  const result = await context.services.consoleMarketingAutomations.saveSettings(operator, formValues(await request.formData()));
  if (!result.ok) return refused({ ok: false as const, errors: "errors" in result ? result.errors : { form: result.message } }, result.code);
  return { ok: true as const, message: result.message };
}

export default function MarketingAutomations() {
  const { settings } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const errors: Record<string, string> = answer && !answer.ok ? answer.errors : {};
  return (
    <ConsolePage title="E-mail list · Automatic mails">
      <p className="mt-2">
        <Link to="/admin/marketing" className="text-primary underline">
          All subscribers
        </Link>
      </p>
      <p className="mt-2 max-w-2xl text-sm">
        Each is a marketing mail: it goes only to a confirmed subscriber who has not paused or left the list, with the unsubscribe link and the shop&apos;s
        postal address.
      </p>
      {answer?.ok ? <FormAlert tone="success">{answer.message}</FormAlert> : errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      <Form method="post" aria-label="Automatic mails" className="max-w-xl">
        <ConsoleSection id="back-in-stock" title="Back in stock">
          <Checkbox
            name="backInStockEnabled"
            label="Mail a shopper who asked, once, when the item is back at the warehouse serving their ZIP"
            defaultChecked={settings.backInStock.enabled}
          />
        </ConsoleSection>
        <ConsoleSection id="abandoned-cart" title="Abandoned cart">
          <Checkbox
            name="abandonedCartEnabled"
            label="Remind signed-in subscribers of a cart they left (stopped by an order or an emptied cart)"
            defaultChecked={settings.abandonedCart.enabled}
          />
          <TextField
            name="firstAfterMinutes"
            label="First reminder, minutes after the cart's last change"
            inputMode="numeric"
            defaultValue={String(settings.abandonedCart.firstAfterMinutes)}
            required
            errors={errors}
          />
          <TextField
            name="secondAfterHours"
            label="Second reminder, hours after the cart's last change"
            inputMode="numeric"
            defaultValue={String(settings.abandonedCart.secondAfterHours)}
            required
            errors={errors}
          />
        </ConsoleSection>
        <ConsoleSection id="win-back" title="Autoship win-back">
          <Checkbox
            name="winBackEnabled"
            label="Invite a customer back after an Autoship cancellation (never when their pet passed away)"
            defaultChecked={settings.winBack.enabled}
          />
          <TextField
            name="afterDays"
            label="Days after the cancellation"
            inputMode="numeric"
            defaultValue={String(settings.winBack.afterDays)}
            required
            errors={errors}
          />
        </ConsoleSection>
        <button type="submit" className="mt-6 min-h-10 rounded bg-primary px-4 py-2 font-semibold text-white hover:bg-secondary">
          Save
        </button>
      </Form>
    </ConsolePage>
  );
}
