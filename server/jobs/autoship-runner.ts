import { formatCycleDate } from "../../rules/autoship/renewal-schedule";
import { priceLine } from "../../rules/cart/pricing";
import { checkoutTotals } from "../../rules/checkout/totals";
import { freeShippingQualifyingCents } from "../../rules/cart/free-shipping";
import type { ShippingMethod } from "../../rules/checkout/shipping-rates";
import { stateForZip } from "../../rules/shared/us-states";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Logger } from "../log";
import { mailActionUrls, renewalMail } from "../modules/autoship";
import { MAIL_ACTION_WORDS, MAIL_ACTIONS } from "../../rules/autoship/mail-actions";
import { createRenewalStore, type ConsentRow, type RenewalStore, type SubscriptionRow } from "../modules/autoship";
import { frequencyLabel } from "../../rules/autoship/offer-and-frequency";
import { dayOf } from "../../rules/shared/calendar-days";
import { RENEWAL_LEASE_MS, renewSubscription, type RenewalDeps, type RenewalOutcome } from "../workflows/renew-subscription";
import { formatUsd } from "../../rules/shared/money";
import { priceChangeOf } from "../workflows/price-guard";
import { renewTogether } from "../workflows/renew-together";
import { autoshipRenewals } from "../metrics";
import { proposeLifeStageSwaps } from "../workflows/life-stage-swaps";
import { mailsPerPass } from "../../rules/marketing/campaign";
import type { CampaignService } from "../modules/marketing";
import { sendDueCampaigns } from "../workflows/send-campaigns";
import { runMarketingAutomations, type AutomationDeps } from "../workflows/marketing-automations";

// The renewal engine's pass (ARCHITECTURE §6): sends the reminders that are due and
// renews the subscriptions that are due. Any number of processes may run passes at the same time:
// each claims a few rows at a time and marks them (reminded_for, or a renewal lease) in the same
// transaction — reminders with FOR UPDATE SKIP LOCKED, renewals as whole boxes under a per-customer
// lock (one box per day: renew-together.ts) — so two passes never take the same row; the renewal
// keys of renew-subscription.ts make each order exactly-once even when a lease lapses. The rows are the
// autoship module's (its renewal store); whether a held item is back is the catalog's answer.

export type RenewalPassDeps = RenewalDeps & {
  config: RenewalDeps["config"] & Pick<Config, "autoship"> & Partial<Pick<Config, "campaigns">>;
  /** Marketing campaigns, sent by this pass when given (server/workflows/send-campaigns.ts). */
  services: RenewalDeps["services"] & { campaigns?: CampaignService };
};

export type RenewalPassResult = {
  reminders: number;
  termsReminders: number;
  /** Life-stage swaps proposed (and mailed) to customers whose pet reached its next stage. */
  lifeStageProposals: number;
  /** Campaign mails recorded in the outbox (at the configured rate). */
  campaignMails: number;
  renewed: number;
  heldOutOfStock: number;
  skippedOutOfStock: number;
  paymentFailed: number;
  paused: number;
  failed: number;
  /** Renewals another process (or an earlier run) was already on: nothing done here. */
  busy: number;
  /** Renewals that threw: their lease is kept, so they are retried once it lapses. */
  errors: number;
};

export type RenewalPassOptions = {
  now: Date;
  /** At most this many renewals (and as many reminders) in one pass. */
  limit?: number;
  /** Rows claimed per statement: small, so that parallel passes share the work. */
  batchSize?: number;
  /** Stops between renewals (shutdown). */
  signal?: AbortSignal;
};

const emptyResult = (): RenewalPassResult => ({
  reminders: 0,
  termsReminders: 0,
  lifeStageProposals: 0,
  campaignMails: 0,
  renewed: 0,
  heldOutOfStock: 0,
  skippedOutOfStock: 0,
  paymentFailed: 0,
  paused: 0,
  failed: 0,
  busy: 0,
  errors: 0,
});

export async function runRenewalPass(deps: RenewalPassDeps, opts: RenewalPassOptions): Promise<RenewalPassResult> {
  const result = emptyResult();
  const limit = opts.limit ?? 200;
  const batchSize = opts.batchSize ?? 5;
  const store = createRenewalStore(deps.db);
  result.reminders = await sendDueReminders(deps, store, opts.now, limit, batchSize, opts.signal);
  result.termsReminders = await sendTermsReminders(deps, store, opts.now, limit, batchSize, opts.signal);
  result.lifeStageProposals = await proposeLifeStageSwaps(deps, opts.now, { limit, batchSize, signal: opts.signal });
  result.campaignMails = await sendCampaigns(deps, opts);

  const restocked = await restockedHolds(deps, store, opts.now);
  const seen: string[] = [];
  while (seen.length < limit && !opts.signal?.aborted) {
    const claim = new Date(opts.now.getTime() + RENEWAL_LEASE_MS);
    const claimed = await store.claimDue(opts.now, claim, Math.min(batchSize, limit - seen.length), seen, restocked);
    if (claimed.length === 0) break;
    // Each claimed box is one order (renew-together.ts); a subscription alone renews as it always has.
    for (const box of claimed) {
      seen.push(...box);
      if (opts.signal?.aborted) break; // the rest keep their lease and go to the next pass
      try {
        const outcomes =
          box.length === 1
            ? [await renewSubscription(deps, box[0], { now: opts.now, trigger: "schedule", claim })]
            : await renewTogether(deps, box, { now: opts.now, claim });
        for (const outcome of outcomes) tally(result, outcome);
      } catch (err) {
        result.errors += box.length;
        deps.log?.error({ err, subscriptionIds: box }, "autoship renewal failed");
      }
    }
  }
  const { reminders: _reminders, termsReminders: _terms, lifeStageProposals: _lifeStage, campaignMails: _campaigns, busy: _busy, ...outcomes } = result;
  for (const [outcome, n] of Object.entries(outcomes)) if (n > 0) autoshipRenewals.inc({ result: outcome }, n);
  return result;
}

/** The campaigns' share of the pass: at most the configured rate's worth of mails over one interval. */
async function sendCampaigns(deps: RenewalPassDeps, opts: RenewalPassOptions): Promise<number> {
  const campaigns = deps.services.campaigns;
  const rate = deps.config.campaigns;
  if (!campaigns || !rate) return 0;
  try {
    return await sendDueCampaigns(
      { db: deps.db, campaigns, log: deps.log },
      {
        now: opts.now,
        limit: mailsPerPass(rate.sendPerMinute, deps.config.autoship.intervalSeconds, rate.batchSize),
        batchSize: rate.batchSize,
        signal: opts.signal,
      },
    );
  } catch (err) {
    deps.log?.error({ err }, "campaign sending failed");
    return 0;
  }
}

function tally(r: RenewalPassResult, o: RenewalOutcome): void {
  if (o.ok) {
    if (o.replayed) r.busy++;
    else r.renewed++;
    return;
  }
  switch (o.code) {
    case "OUT_OF_STOCK":
      if (o.next.action === "skip") r.skippedOutOfStock++;
      else r.heldOutOfStock++;
      return;
    case "PAYMENT_DECLINED":
      if (o.next.action === "pause") r.paused++;
      else r.paymentFailed++;
      return;
    case "RENEWAL_FAILED":
      r.failed++;
      return;
    default:
      // NOT_DUE, NOT_ACTIVE, IN_PROGRESS, …: changed or taken since the claim.
      r.busy++;
  }
}

/** How many held renewals a pass looks at for stock that is back (the rest wait for their daily retry). */
const HELD_FOR_STOCK_PER_PASS = 500;

/**
 * Out-of-stock holds to retry before their time: the item is back in the warehouse serving the
 * address (the one place-order reserves in). Asked once per pass; stock that comes back during a
 * pass is seen by the next one.
 */
async function restockedHolds(deps: RenewalPassDeps, store: RenewalStore, now: Date): Promise<string[]> {
  const held = await store.heldForStock(now, HELD_FOR_STOCK_PER_PASS);
  const fillable = await deps.services.catalog.canFillAtZip(held);
  return held.filter((_, i) => fillable[i]).map((h) => h.id);
}

/**
 * Mails claimed in batches until none is due or `limit` is reached: the store marks each claimed
 * row as sent in the claim's transaction (at most one mail each), then it is mailed; a mail that
 * fails is logged, not retried.
 */
async function drainMails<S extends { id: string }>(
  deps: RenewalPassDeps,
  p: { limit: number; batchSize: number; signal?: AbortSignal; what: string },
  claim: (n: number) => Promise<S[]>,
  send: (sub: S) => Promise<void>,
): Promise<number> {
  let sent = 0;
  while (sent < p.limit && !p.signal?.aborted) {
    const claimed = await claim(Math.min(p.batchSize, p.limit - sent));
    if (claimed.length === 0) break;
    for (const sub of claimed) {
      try {
        await send(sub);
      } catch (err) {
        deps.log?.error({ err, subscriptionId: sub.id }, `${p.what} not sent`);
      }
      sent++;
    }
  }
  return sent;
}

/** Reminders due today (at most one per cycle). */
function sendDueReminders(deps: RenewalPassDeps, store: RenewalStore, now: Date, limit: number, batchSize: number, signal?: AbortSignal): Promise<number> {
  const days = deps.config.autoship.reminderDays;
  if (days <= 0) return Promise.resolve(0);
  return drainMails(
    deps,
    { limit, batchSize, signal, what: "autoship reminder" },
    (n) => store.claimDueReminders(now, days, n),
    (sub) => sendReminder(deps, sub),
  );
}

/** The yearly reminder of the terms (the store moves each a year on). */
function sendTermsReminders(deps: RenewalPassDeps, store: RenewalStore, now: Date, limit: number, batchSize: number, signal?: AbortSignal): Promise<number> {
  return drainMails(
    deps,
    { limit, batchSize, signal, what: "autoship terms reminder" },
    (n) => store.claimDueTermsReminders(now, n),
    (sub) => sendTermsReminder(deps, sub),
  );
}

/** The subscription's item and its Autoship line at today's price (what the next renewal charges). */
async function autoshipLineToday(deps: RenewalPassDeps, sub: SubscriptionRow) {
  const variant = (await deps.services.catalog.variantsForCart([sub.variantId], sub.site)).get(sub.variantId);
  const line = priceLine(
    {
      quantity: sub.quantity,
      priceCents: variant?.priceCents ?? 0,
      compareAtCents: variant?.compareAtCents ?? null,
      programPriceCents: variant?.programPriceCents ?? null,
      autoship: true,
    },
    sub.site,
  );
  return { variant, line };
}

async function sendTermsReminder(deps: RenewalPassDeps, sub: SubscriptionRow & { consent: ConsentRow }): Promise<void> {
  const { services, config } = deps;
  const { variant, line } = await autoshipLineToday(deps, sub);
  const origin = config.publicUrl ?? `http://localhost:${config.port}`;
  const content = renewalMail.termsReminder({
    storeName: config.storeName,
    firstName: sub.shippingAddress.firstName,
    contractId: sub.contractId,
    manageUrl: `${origin}/account/autoships#sub-${sub.id}`,
    item: variant ? `${variant.product.title} ${variant.title}`.trim() : "your Autoship item",
    quantity: sub.quantity,
    price: formatUsd(line.subtotalCents),
    frequency: frequencyLabel(sub.frequencyWeeks),
    acceptedOn: formatCycleDate(dayOf(sub.consent.acceptedAt)),
    terms: sub.consent.termsText,
  });
  await services.mail.send({ template: "autoship.termsReminder", to: sub.email, content });
}

/** The reminder: date, item, the price with the 5% Autoship saving, shipping and tax as the renewal will charge them. */
async function sendReminder(deps: RenewalPassDeps, sub: SubscriptionRow): Promise<void> {
  const { services, config } = deps;
  const { variant, line } = await autoshipLineToday(deps, sub);
  const totals = checkoutTotals({
    subtotalCents: line.subtotalCents,
    discountCents: 0,
    method: sub.shippingMethod as ShippingMethod,
    state: stateForZip(sub.shippingAddress.zip) ?? sub.shippingAddress.provinceCode,
    freeShippingThresholdCents: config.freeShippingThresholdCents,
    freeShippingQualifyingCents: freeShippingQualifyingCents([{ productType: variant?.product.productType ?? "", subtotalCents: line.subtotalCents }], 0),
  });
  const methods = sub.paymentMethodId ? await services.payments.listMethods(sub.customerId) : [];
  const origin = config.publicUrl ?? `http://localhost:${config.port}`;
  const change = await priceChangeOf(deps, sub);
  const priceNotes =
    change && change.oldCents !== null && change.decision.action !== "none"
      ? [
          change.decision.action === "notify"
            ? `The price went up from ${formatUsd(change.oldCents)} to ${formatUsd(change.newCents)} (+${change.decision.percent}%) since your last order, within the ${sub.priceGuardPercent}% you allow.`
            : `The price went up from ${formatUsd(change.oldCents)} to ${formatUsd(change.newCents)} (+${change.decision.percent}%), more than the ${sub.priceGuardPercent}% you allow: unless the price comes down, we will ask you before charging.`,
        ]
      : [];
  const content = renewalMail.reminder({
    storeName: config.storeName,
    firstName: sub.shippingAddress.firstName,
    contractId: sub.contractId,
    manageUrl: `${origin}/account/autoships#sub-${sub.id}`,
    actions: await reminderActions(deps, sub, origin),
    date: formatCycleDate(sub.nextOrderDate),
    items: [
      {
        title: variant ? `${variant.product.title} ${variant.title}`.trim() : "Your Autoship item",
        quantity: sub.quantity,
        total: formatUsd(line.subtotalCents),
      },
    ],
    subtotal: formatUsd(totals.subtotalCents),
    shipping: totals.shippingCents + totals.serviceChargeCents === 0 ? "Free" : formatUsd(totals.shippingCents + totals.serviceChargeCents),
    tax: formatUsd(totals.taxCents),
    total: formatUsd(totals.totalCents),
    paymentLast4: methods.find((m) => m.id === sub.paymentMethodId)?.last4 ?? null,
    priceNotes,
  });
  await services.mail.send({ template: "autoship.reminder", to: sub.email, content });
}

/**
 * The reminder's links for this delivery: signed ones that work without signing in, each opening a
 * page that asks to confirm (a GET never changes anything); without the app's secret, the skip
 * prompt in My Autoships.
 */
async function reminderActions(deps: RenewalPassDeps, sub: SubscriptionRow, origin: string) {
  if (!deps.secret) return [{ label: MAIL_ACTION_WORDS.skip.link, url: `${origin}/account/autoships?skip=${sub.id}#sub-${sub.id}` }];
  const urls = await mailActionUrls(origin, deps.secret, sub);
  return MAIL_ACTIONS.map((action) => ({ label: MAIL_ACTION_WORDS[action].link, url: urls[action] }));
}

export type AutoshipScheduler = { stop(): Promise<void> };

/**
 * Runs a pass every `intervalMs` (the next one starts only after the last has finished, so a
 * process never overlaps itself). A failing pass is logged and the schedule goes on; stop() lets a
 * running pass finish its current renewal and resolves once it has. With `automations`, each pass
 * also sends the marketing list's automatic mails that are due (server/workflows/marketing-automations.ts),
 * after the renewals and whatever they did.
 */
export function startAutoshipScheduler(
  deps: RenewalPassDeps & { log: Logger; automations?: AutomationDeps },
  opts: { intervalMs: number; clock?: Clock; limit?: number; firstRunAfterMs?: number },
): AutoshipScheduler {
  const clock = opts.clock ?? (() => new Date());
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;

  const tick = () => {
    timer = undefined;
    running = runRenewalPass(deps, { now: clock(), limit: opts.limit, signal: abort.signal })
      .then((r) => {
        const busy = Object.values(r).some((n) => n > 0);
        deps.log[r.errors ? "warn" : busy ? "info" : "debug"](r, "autoship renewal pass");
      })
      .catch((err: unknown) => deps.log.error({ err }, "autoship renewal pass failed"))
      .then(async () => {
        if (!deps.automations || abort.signal.aborted) return;
        const sent = await runMarketingAutomations(deps.automations, { signal: abort.signal });
        deps.log[Object.values(sent).some((n) => n > 0) ? "info" : "debug"](sent, "marketing automations pass");
      })
      .catch((err: unknown) => deps.log.error({ err }, "marketing automations pass failed"))
      .finally(() => {
        running = undefined;
        if (!abort.signal.aborted) timer = setTimeout(tick, opts.intervalMs);
      });
  };
  timer = setTimeout(tick, opts.firstRunAfterMs ?? Math.min(opts.intervalMs, 5_000));

  return {
    async stop() {
      abort.abort();
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
