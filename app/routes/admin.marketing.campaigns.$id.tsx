import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { bodyOf, CAMPAIGN_STATE_LABELS } from "../../rules/marketing/campaign";
import { segmentFormValues } from "../../rules/marketing/segment";
import { formatUtcDateTime } from "../../rules/shared/dates";
import { FormAlert } from "../components/form-field";
import { ChangeHistory } from "../features/admin/change-history";
import { byIntent, invalid, refused } from "../features/admin/console-action.server";
import { ConsolePage, ConsoleSection, ListLink } from "../features/admin/console-frame";
import { CONTENT_FIELDS, EMPTY_CAMPAIGN, SEGMENT_FIELDS } from "../features/admin/campaign-fields.server";
import { Fields } from "../features/admin/donation-fields";
import { buttonClass, inputClass } from "../features/admin/donations-parts";
import { formObject } from "../features/admin/donations.server";
import { requireOperator } from "../features/admin/operator.server";
import type { Route } from "./+types/admin.marketing.campaigns.$id";

export const meta = ({ data }: Route.MetaArgs) => [{ title: `${data?.campaign?.name || "New campaign"} · Campaigns · Console` }];

// One campaign (`/new` for a new one): compose (subject, preheader, body blocks — paragraphs,
// headings, buttons, products picked by handle with their live price and stock), the segment with
// its live count, the preview at phone and desktop width, a test mail to the operator's own
// address, schedule or send now, pause, resume, cancel, and its report. Every write goes through
// the campaigns console workflow (role checked, audited).

export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireOperator(context, request, "marketing.campaigns");
  const c = context.services.consoleCampaigns;
  const fields = { content: CONTENT_FIELDS, segment: SEGMENT_FIELDS };
  if (params.id === "new") return { isNew: true as const, fields, campaign: null, values: EMPTY_CAMPAIGN, count: null, preview: null, report: null, audit: [] };
  const campaign = await c.get(params.id);
  if (!campaign) throw data({ message: "No such campaign." }, { status: 404 });
  const [count, preview, report, audit] = await Promise.all([
    c.count(campaign.segment),
    c.preview(campaign),
    campaign.state === "draft" ? null : c.report(campaign.id),
    context.services.operators.auditEntries({ targetType: "campaign", targetId: campaign.id, limit: 20 }),
  ]);
  return {
    isNew: false as const,
    fields,
    campaign: {
      id: campaign.id,
      name: campaign.name,
      state: campaign.state,
      stateLabel: CAMPAIGN_STATE_LABELS[campaign.state],
      scheduledAt: campaign.scheduledAt ? formatUtcDateTime(campaign.scheduledAt) : null,
      finishedAt: campaign.finishedAt ? formatUtcDateTime(campaign.finishedAt) : null,
    },
    values: {
      name: campaign.name,
      subject: campaign.subject,
      preheader: campaign.preheader,
      body: bodyOf(campaign.blocks),
      ...segmentFormValues(campaign.segment),
    },
    count,
    preview: preview.html,
    report,
    audit: audit.map((e) => ({ id: e.id, at: formatUtcDateTime(e.at), who: e.operatorEmail, action: e.action, outcome: e.outcome })),
  };
}

type Answer = { done?: string; message?: string; errors?: Record<string, string>; count?: number; values?: Record<string, unknown> };

export async function action({ context, request, params }: Route.ActionArgs) {
  const operator = await requireOperator(context, request, "marketing.campaigns");
  const form = await request.formData();
  const raw = formObject(form);
  const c = context.services.consoleCampaigns;
  const id = params.id;
  const answer = (
    r: { ok: true } | { ok: false; code: "INVALID" | "NOT_FOUND" | "NOT_ALLOWED" | "FORBIDDEN"; message: string; errors?: Record<string, string> },
    done: string,
  ) => (r.ok ? ({ done } satisfies Answer) : refused<Answer>({ message: r.message, errors: r.errors ?? {}, values: raw }, r.code));
  return byIntent<null, unknown>(
    form,
    {
      // The live count of the segment as the form now has it, saved or not.
      count: async () => {
        const s = c.readSegment(raw);
        return s.ok
          ? ({ count: await c.count(s.segment), values: raw } satisfies Answer)
          : invalid<Answer>({ message: "Check the fields marked.", errors: s.errors, values: raw });
      },
      save: async () => {
        if (id === "new") {
          const r = await c.create(operator, raw);
          if (r.ok) throw redirect(`/admin/marketing/campaigns/${r.id}`);
          return answer(r, "");
        }
        return answer(await c.update(operator, id, raw), "Saved.");
      },
      test: async () => answer(await c.testSend(operator, id), `A test mail was sent to ${operator.email}.`),
      schedule: async () =>
        answer(await c.schedule(operator, id, raw.scheduleAt), raw.scheduleAt ? "Scheduled." : "Sending: the first mails go out within a minute."),
      pause: async () => answer(await c.pause(operator, id), "Paused."),
      resume: async () => answer(await c.resume(operator, id), "Resumed."),
      cancel: async () => answer(await c.cancel(operator, id), "Cancelled."),
    },
    null,
    () => invalid<Answer>({ message: "Choose what to do." }),
  );
}

function Preview({ html, width, label }: { html: string; width: number; label: string }) {
  return (
    <figure className="mt-2">
      <figcaption className="text-sm font-semibold">{label}</figcaption>
      <iframe title={`Preview: ${label}`} srcDoc={html} sandbox="" width={width} height={560} className="mt-1 max-w-full border border-gray-400 bg-white" />
    </figure>
  );
}

const secondary = "min-h-10 rounded border border-primary px-4 font-semibold text-primary";

/** One button posting one intent (test, pause, resume, cancel). */
function Move({ intent, label, busy }: { intent: string; label: string; busy: boolean }) {
  return (
    <Form method="post">
      <button type="submit" name="intent" value={intent} disabled={busy} className={secondary}>
        {label}
      </button>
    </Form>
  );
}

export default function AdminCampaign() {
  const { isNew, fields, campaign, values: saved, count, preview, report, audit } = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const busy = useNavigation().state !== "idle";
  const errors = answer?.errors ?? {};
  const values = { ...saved, ...(answer?.values as Record<string, string> | undefined) };
  const draft = isNew || campaign.state === "draft";
  const shownCount = answer?.count ?? count;
  return (
    <ConsolePage title={campaign?.name || "New campaign"}>
      <ListLink to="/admin/marketing/campaigns">All campaigns</ListLink>
      {campaign ? (
        <p className="mt-2" data-testid="campaign-state">
          State: <strong>{campaign.stateLabel}</strong>
          {campaign.scheduledAt ? ` · scheduled for ${campaign.scheduledAt} UTC` : ""}
          {campaign.finishedAt ? ` · ended ${campaign.finishedAt} UTC` : ""}
        </p>
      ) : null}
      {answer?.done ? <FormAlert tone="success">{answer.done}</FormAlert> : answer?.message ? <FormAlert>{answer.message}</FormAlert> : null}

      <Form method="post" className="mt-4 space-y-4 rounded border border-gray-300 bg-white p-4" data-testid="campaign-form" noValidate>
        <fieldset className="grid gap-4 md:grid-cols-2" disabled={!draft}>
          <legend className="font-semibold">Content</legend>
          <Fields fields={fields.content} values={values} errors={errors} />
        </fieldset>
        <fieldset className="grid gap-4 md:grid-cols-3" disabled={!draft}>
          <legend className="font-semibold">Segment</legend>
          <Fields fields={fields.segment} values={values} errors={errors} />
        </fieldset>
        <p aria-live="polite" data-testid="segment-count">
          {shownCount === null
            ? "Count the segment to see how many it reaches."
            : `${shownCount} confirmed ${shownCount === 1 ? "subscriber" : "subscribers"} now.`}
        </p>
        {draft ? (
          <div className="flex flex-wrap gap-2">
            <button type="submit" name="intent" value="count" disabled={busy} className={secondary}>
              Count the segment
            </button>
            <button type="submit" name="intent" value="save" disabled={busy} className={buttonClass}>
              {isNew ? "Create the draft" : "Save the draft"}
            </button>
          </div>
        ) : null}
      </Form>

      {campaign ? (
        <ConsoleSection id="campaign-send" title="Send">
          <div className="mt-2 flex flex-wrap items-end gap-2">
            <Move intent="test" label="Send a test to me" busy={busy} />
            {campaign.state === "draft" ? (
              <Form method="post" className="flex flex-wrap items-end gap-2">
                <div>
                  <label htmlFor="scheduleAt" className="block text-sm font-semibold">
                    Send at (UTC, empty: now)
                  </label>
                  <input
                    id="scheduleAt"
                    name="scheduleAt"
                    type="datetime-local"
                    className={inputClass}
                    aria-invalid={errors.scheduleAt ? true : undefined}
                    aria-describedby={errors.scheduleAt ? "scheduleAt-error" : undefined}
                  />
                  {errors.scheduleAt ? (
                    <p id="scheduleAt-error" className="mt-1 text-sm font-medium text-error">
                      {errors.scheduleAt}
                    </p>
                  ) : null}
                </div>
                <button type="submit" name="intent" value="schedule" disabled={busy} className={buttonClass}>
                  Schedule or send now
                </button>
              </Form>
            ) : null}
            {campaign.state === "scheduled" || campaign.state === "sending" ? <Move intent="pause" label="Pause" busy={busy} /> : null}
            {campaign.state === "paused" ? <Move intent="resume" label="Resume" busy={busy} /> : null}
            {campaign.state !== "sent" && campaign.state !== "cancelled" ? <Move intent="cancel" label="Cancel the campaign" busy={busy} /> : null}
          </div>
        </ConsoleSection>
      ) : null}

      {report ? (
        <ConsoleSection id="campaign-report" title="Report">
          <dl className="mt-2 grid grid-cols-2 gap-2 md:grid-cols-6" data-testid="campaign-report">
            {(
              [
                ["Recipients", report.listed],
                ["Sent", report.sent],
                ["Waiting", report.queued],
                ["Skipped at send time", report.skipped],
                ["Failed", report.failed],
                ["Clicked", report.clicked],
                ["Unsubscribed after it", report.unsubscribed],
              ] as const
            ).map(([label, n]) => (
              <div key={label} className="rounded border border-gray-300 bg-white p-2">
                <dt className="text-sm">{label}</dt>
                <dd className="text-xl font-semibold">{n}</dd>
              </div>
            ))}
          </dl>
        </ConsoleSection>
      ) : null}

      {preview ? (
        <ConsoleSection id="campaign-preview" title="Preview">
          <div className="flex flex-wrap gap-4">
            <Preview html={preview} width={375} label="Phone (375 px)" />
            <Preview html={preview} width={700} label="Desktop (700 px)" />
          </div>
        </ConsoleSection>
      ) : null}
      {!isNew ? <ChangeHistory id="campaign-history" entries={audit} /> : null}
    </ConsolePage>
  );
}
