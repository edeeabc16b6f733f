import { data, Form, Link, redirect, useActionData } from "react-router";
import { formValues } from "../../rules/account/forms";
import { actionNotice } from "../../rules/autoship/subscription-states";
import { parseSubscriptionAction } from "../../rules/autoship/subscription-input";
import { extraNotice, isExtraIntent, parseExtraAction } from "../../rules/autoship/extras-input";
import { ADD_ONE_TIME, oneTimeNotice, parseOneTimeAdd, parseOneTimeRemove, REMOVE_ONE_TIME } from "../../rules/autoship/one-time-items";
import { ACCEPT_LIFE_STAGE, DISMISS_LIFE_STAGE, lifeStageNotice, parseLifeStageAnswer } from "../../rules/autoship/life-stage-swap";
import { ACCEPT_SAVE_DISCOUNT, CANCELLED_IN_SYMPATHY, parseSaveReason, saveOfferNotice } from "../../rules/autoship/save-offers";
import { FormAlert } from "../components/form-field";
import { Screen } from "../components/screen";
import { AccountNav } from "../features/account/account-nav";
import { useAccountPagesSettings } from "../features/account/account-pages-settings";
import { requireCustomer } from "../features/account/session.server";
import { longDate, SubscriptionCard } from "../features/autoship/subscription-card";
import { loadDeliveryChoices } from "../features/autoship/delivery-choices";
import { titleMeta } from "../lib/meta";
import { usePublicConfig } from "../lib/use-public-config";
import { usePageTitle } from "../lib/use-site";
import type { Route } from "./+types/account.autoships";

export const meta = titleMeta("autoships");

// My Subscriptions (SPEC §2 /account/autoships): every subscription of the signed-in
// customer with each action as a form posting an intent (works before JavaScript). A change is
// answered by a redirect back here with a confirmation (post/redirect/get); a refused one by the
// page again with the messages beside the fields of that subscription's form.

export async function loader({ context, request }: Route.LoaderArgs) {
  // Signed out: the /account layout shows the sign-in notice instead of this page.
  if (!context.customer) return { signedIn: false as const };
  // SPEC §8 "Subscription fetch error: logged; result undefined": the page still shows, with a
  // notice where the list would be.
  const loaded = await context.services.autoship.page(context.customer.id).catch((err: unknown) => {
    context.log.error({ err, customerId: context.customer?.id }, "subscriptions fetch failed");
    return null;
  });
  if (!loaded) return { signedIn: true as const, unavailable: true as const };
  const { subscriptions, addresses, methods, pets, dateBounds } = loaded;
  const url = new URL(request.url);
  const done = url.searchParams.get("done");
  const notice =
    actionNotice(done, url.searchParams.get("order")) ?? extraNotice(done) ?? saveOfferNotice(done) ?? oneTimeNotice(done) ?? lifeStageNotice(done);
  // The reminder mail's "skip this delivery" link: asks to confirm, for one of the customer's own active subscriptions.
  const skipId = url.searchParams.get("skip");
  const toSkip = subscriptions.find((s) => s.id === skipId && s.status === "active");
  const skipPrompt = toSkip && !done ? { id: toSkip.id, title: `${toSkip.productTitle} ${toSkip.variantTitle}`.trim(), date: toSkip.nextOrderDate } : null;
  // A card's "Add an item to this delivery" search, for one of the customer's own active Autoships.
  const addTo = subscriptions.find((s) => s.id === url.searchParams.get("addTo") && s.status === "active" && !context.site.isStaff);
  const deliverySearch = addTo ? { subscriptionId: addTo.id, ...(await loadDeliveryChoices(context, url.searchParams.get("find") ?? "")) } : null;
  return {
    signedIn: true as const,
    unavailable: false as const,
    subscriptions,
    skipPrompt,
    deliverySearch,
    addresses,
    methods,
    pets,
    // The date inputs' bounds; the service checks the same window when a date is posted.
    dateBounds,
    notice,
  };
}

type Answer = { ok: false; subscriptionId: string; intent: string; errors: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const { customer } = requireCustomer(context, request);
  const values = formValues(await request.formData());
  const subscriptionId = values.subscriptionId ?? "";
  const intent = values.intent ?? "";
  // The pet (run-out date), the price guard and the answer to a held renewal: beside the lifecycle's actions.
  if (isExtraIntent(intent)) {
    const extra = parseExtraAction(values);
    if (!extra.ok) return data<Answer>({ ok: false, subscriptionId, intent, errors: extra.errors }, { status: 400 });
    const input = extra.input;
    let done: { ok: true } | { ok: false; code: "NOT_FOUND" | "INVALID"; field: string; message: string };
    if ("holdId" in input) {
      const r = await context.services.autoshipPrice.answerInAccount(
        { customerId: customer.id, subscriptionId, holdId: input.holdId, decision: input.intent === "accept_price" ? "accept" : "skip" },
        new Date(),
      );
      done = r.ok ? r : { ok: false, code: r.code === "NOT_FOUND" ? "NOT_FOUND" : "INVALID", field: "intent", message: r.message };
    } else done = await context.services.autoship.actExtra(customer.id, subscriptionId, input);
    if (!done.ok) {
      if (done.code === "NOT_FOUND") throw data("Subscription not found", { status: 404 });
      return data<Answer>({ ok: false, subscriptionId, intent, errors: { [done.field]: done.message } }, { status: 400 });
    }
    return redirect(`/account/autoships?done=${intent}#sub-${subscriptionId}`);
  }
  // One-time items on the next delivery: from a product page (the customer's next delivery) or a card.
  if (intent === ADD_ONE_TIME || intent === REMOVE_ONE_TIME) {
    const parsed = intent === ADD_ONE_TIME ? parseOneTimeAdd(values) : parseOneTimeRemove(values);
    if (!parsed.ok) return data<Answer>({ ok: false, subscriptionId, intent, errors: parsed.errors }, { status: 400 });
    const done =
      "input" in parsed
        ? await context.services.autoship.oneTime.add(customer.id, parsed.input)
        : await context.services.autoship.oneTime.remove(customer.id, parsed.itemId);
    if (!done.ok) {
      const status = done.code === "INVALID" ? 400 : done.code === "NOT_FOUND" ? 404 : 409;
      return data<Answer>({ ok: false, subscriptionId, intent, errors: { [done.field]: done.message } }, { status });
    }
    return redirect(`/account/autoships?done=${intent}#sub-${done.subscriptionId}`);
  }
  // The cancellation flow's discount offer: its own workflow (a private code waits for the next renewal).
  if (intent === ACCEPT_SAVE_DISCOUNT) {
    const claim = await context.services.acceptSaveDiscount(customer.id, subscriptionId, new Date());
    if (!claim.ok) {
      if (claim.code === "NOT_FOUND") throw data("Subscription not found", { status: 404 });
      return data<Answer>({ ok: false, subscriptionId, intent: "cancel", errors: { reason: claim.message } }, { status: 409 });
    }
    return redirect(`/account/autoships?done=${ACCEPT_SAVE_DISCOUNT}#sub-${subscriptionId}`);
  }
  // A life-stage swap proposed for the pet: switch the food from the next delivery, or keep it for good.
  if (intent === ACCEPT_LIFE_STAGE || intent === DISMISS_LIFE_STAGE) {
    const answered = parseLifeStageAnswer(values);
    if (!answered.ok) return data<Answer>({ ok: false, subscriptionId, intent, errors: answered.errors }, { status: 400 });
    const done = await context.services.autoship.answerLifeStage(customer.id, answered.proposalId, answered.answer);
    if (!done.ok)
      return data<Answer>({ ok: false, subscriptionId, intent, errors: { [done.field]: done.message } }, { status: done.code === "NOT_FOUND" ? 404 : 409 });
    return redirect(`/account/autoships?done=${intent}#sub-${done.subscriptionId}`);
  }
  const parsed = parseSubscriptionAction(values);
  if (!parsed.ok) return data<Answer>({ ok: false, subscriptionId, intent, errors: parsed.errors }, { status: 400 });
  const result = await context.services.autoship.act(
    { customerId: customer.id, origin: new URL(request.url).origin, clientIp: context.clientIp, saveReason: parseSaveReason(values.saveReason) },
    subscriptionId,
    parsed.action,
  );
  if (!result.ok) {
    if (result.code === "NOT_FOUND") throw data("Subscription not found", { status: 404 });
    const status = result.code === "INVALID" ? 400 : result.code === "RATE_LIMITED" ? 429 : 409;
    return data<Answer>({ ok: false, subscriptionId, intent, errors: { [result.field]: result.message } }, { status });
  }
  const done = parsed.action.intent === "cancel" && parsed.action.reason === "pet_passed_away" ? CANCELLED_IN_SYMPATHY : intent;
  const search = new URLSearchParams({ done, ...(result.orderNumber ? { order: result.orderNumber } : {}) });
  return redirect(`/account/autoships?${search}#sub-${subscriptionId}`);
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { site } = usePublicConfig();
  const title = usePageTitle("autoships");
  const answer = useActionData<typeof action>() as Answer | undefined;
  const settings = useAccountPagesSettings();
  if (!loaderData.signedIn) return null;
  if (loaderData.unavailable)
    return (
      <Screen title={title}>
        <AccountNav site={site} />
        <p role="status" className="mt-6 rounded border border-gray-300 bg-mist px-4 py-3" data-testid="subscriptions-unavailable">
          Your subscriptions cannot be shown just now. Nothing about them has changed; please try again in a few minutes.
        </p>
      </Screen>
    );
  const { subscriptions, addresses, methods, pets, dateBounds, notice, skipPrompt, deliverySearch } = loaderData;
  return (
    <Screen title={title}>
      <AccountNav site={site} />
      <div data-testid="autoship-notice">
        {notice && !answer ? <FormAlert tone="success">{notice}</FormAlert> : null}
        {answer ? (
          <FormAlert>
            {/* A product page's add names no subscription: its message is said here. */}
            {answer.subscriptionId ? "That change was not made: see the message below." : Object.values(answer.errors)[0]}
          </FormAlert>
        ) : null}
      </div>
      {skipPrompt && !answer ? (
        <Form method="post" className="mt-4 rounded border border-primary bg-primary/5 px-4 py-3" data-testid="skip-prompt">
          <input type="hidden" name="subscriptionId" value={skipPrompt.id} />
          <input type="hidden" name="intent" value="skip" />
          <p>
            Skip the delivery of <strong>{skipPrompt.title}</strong> planned for <strong>{longDate(skipPrompt.date)}</strong>? Nothing is charged for a skipped
            delivery; the next one follows at your usual frequency.
          </p>
          <div className="mt-2 flex gap-3">
            <button type="submit" className="rounded bg-primary px-4 py-2 font-semibold text-white hover:bg-secondary">
              Skip this delivery
            </button>
            <Link to="/account/autoships" className="rounded border border-primary px-4 py-2 font-semibold text-primary">
              Keep it
            </Link>
          </div>
        </Form>
      ) : null}
      {subscriptions.length === 0 ? (
        <div className="mt-6" data-testid="subscriptions-empty">
          <p>{settings.autoshipsEmptyText}</p>
          {site.isStaff ? null : (
            <Link to="/autoship" className="mt-2 inline-block font-semibold text-primary underline">
              Learn about Autoship
            </Link>
          )}
        </div>
      ) : (
        <ul className="mt-6 grid gap-6" data-testid="subscriptions">
          {subscriptions.map((s) => (
            <SubscriptionCard
              key={s.id}
              s={s}
              failed={answer?.subscriptionId === s.id ? { intent: answer.intent, errors: answer.errors } : null}
              addresses={addresses}
              methods={methods}
              pets={pets}
              dateBounds={dateBounds}
              deliverySearch={deliverySearch?.subscriptionId === s.id ? deliverySearch : null}
              takesOneTimeItems={!site.isStaff}
            />
          ))}
        </ul>
      )}
    </Screen>
  );
}
