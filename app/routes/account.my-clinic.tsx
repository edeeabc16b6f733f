import { formatUtcDay } from "../../rules/shared/dates";
import { data, Form, useActionData } from "react-router";
import { quotaMeterText } from "../../rules/staff/monthly-allowance";
import { DeliveryChoice } from "../components/staff/staff-checkout";
import { formValues } from "../../rules/account/forms";
import { NOT_ELIGIBLE_NOTE } from "../../rules/staff/program-prices";
import { roleLabel } from "../../rules/staff/roles";
import { Screen } from "../components/screen";
import { AccountNav } from "../features/account/account-nav";
import { requireCustomer } from "../features/account/session.server";
import { ClinicFinder, CurrentClinic } from "../features/staff/clinic-finder";
import { clinicFinderAction, loadClinicFinder } from "../features/staff/clinic-finder.server";
import { titleMeta } from "../lib/meta";
import { usePublicConfig } from "../lib/use-public-config";
import { usePageTitle } from "../lib/use-site";
import type { Route } from "./+types/account.my-clinic";

export const meta = titleMeta("myClinic");

// My Clinic (staff site): the member's clinic and address, membership state, program pricing, and
// self-service switching or leaving — each move kept in the history below.

export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.site.isStaff) throw data("Not found", { status: 404 });
  // Signed out: the /account layout shows the sign-in notice instead of this page.
  if (!context.customer) return null;
  const [finder, history] = await Promise.all([loadClinicFinder(context, new URL(request.url)), context.services.clinics.history(context.customer.id, 10)]);
  const profile = context.staff?.profile ?? null;
  const standing = await context.services.staff.standing(context.customer.id, new Date());
  return {
    delivery: standing.ok
      ? {
          clinic: { name: standing.clinic.name, address: standing.clinic.address, homeDeliveryOnly: standing.clinic.homeDeliveryOnly },
          preferredAddress: standing.preferredAddress,
          quota: standing.quota,
        }
      : null,
    finder,
    // Formatted here, not in the page: the page then loads no date formatter.
    history: history.map((h) => ({ ...h, at: formatUtcDay(h.at) })),
    role: roleLabel(profile?.roleCode),
    school: profile?.currentSchoolName ?? null,
    eligible: context.staff?.eligibleForPd ?? false,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!context.site.isStaff) throw data("Not found", { status: 404 });
  requireCustomer(context, request);
  const values = formValues(await request.formData());
  if (values.intent === "delivery") {
    const choice = values.delivery === "clinic" || values.delivery === "home" ? values.delivery : null;
    const saved = choice
      ? await context.services.staff.choosePreferredAddress(context.customer!.id, choice)
      : { ok: false as const, message: "Choose clinic or home delivery" };
    return saved.ok ? { saved: true as const } : data({ errors: { delivery: saved.message } }, { status: 400 });
  }
  // Leaving or a pending switch unregisters at once: the gate then sends the member to the clinic step.
  return clinicFinderAction(context, values, { joined: "/account/my-clinic", pending: "/account/my-clinic", left: "/account/my-clinic" });
}

const EVENT_TEXT: Record<string, string> = {
  requested: "Asked to join",
  joined: "Joined",
  approved: "Approved",
  rejected: "Request declined",
  left: "Left",
  switched: "Switched away",
  revoked: "Membership ended by the program",
};

export default function Page({ loaderData }: Route.ComponentProps) {
  const { site } = usePublicConfig();
  const title = usePageTitle("myClinic");
  const actionData = useActionData<typeof action>();
  if (!loaderData) return null;
  const errors = actionData && "errors" in actionData ? (actionData.errors as Record<string, string>) : undefined;
  return (
    <Screen title={title}>
      <AccountNav site={site} />
      <p className="mt-4 text-sm text-gray-700">
        {loaderData.role ? `Role: ${loaderData.role}` : null}
        {loaderData.school ? ` · ${loaderData.school}` : null}
      </p>
      <p className="mt-1 text-sm" data-testid="pricing-note">
        {loaderData.eligible ? "You pay program prices." : NOT_ELIGIBLE_NOTE}
      </p>
      <div className="mt-4 max-w-2xl">{loaderData.finder.current ? <CurrentClinic current={loaderData.finder.current} /> : null}</div>
      {loaderData.delivery ? (
        <section aria-labelledby="delivery-heading" className="mt-6 max-w-2xl">
          <h2 id="delivery-heading" className="text-lg font-semibold">
            Delivery and allowance
          </h2>
          <Form method="post" className="text-sm" data-testid="account-delivery-form">
            <input type="hidden" name="intent" value="delivery" />
            <DeliveryChoice clinic={loaderData.delivery.clinic} current={loaderData.delivery.preferredAddress} error={errors?.delivery} />
            <button type="submit" className="mt-3 rounded border-2 border-primary px-4 py-2 font-semibold text-primary hover:bg-mist">
              Save delivery choice
            </button>
            {actionData && "saved" in actionData ? (
              <p role="status" className="mt-2 text-success-dark">
                Saved.
              </p>
            ) : null}
          </Form>
          <p className="mt-3 text-sm" data-testid="account-quota">
            {quotaMeterText(loaderData.delivery.quota)}
          </p>
        </section>
      ) : null}
      <ClinicFinder finder={loaderData.finder} errors={errors} />
      {loaderData.history.length ? (
        <section aria-labelledby="clinic-history" className="mt-8">
          <h2 id="clinic-history" className="text-lg font-semibold">
            History
          </h2>
          <ul className="mt-2 text-sm" data-testid="clinic-history">
            {loaderData.history.map((h, i) => (
              <li key={`${h.membershipId}-${i}`}>
                {h.at}: {EVENT_TEXT[h.kind] ?? h.kind} — {h.clinicName}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Screen>
  );
}
