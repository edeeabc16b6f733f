import { Form, Link, useNavigation } from "react-router";
import { PAUSE_DAYS, TOPIC_LABELS, topicsOf } from "../../rules/marketing/subscriber";
import { FormAlert, SubmitButton } from "../components/form-field";
import { Screen } from "../components/screen";
import { preferencesAction } from "../features/marketing/marketing.server";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";
import type { Route } from "./+types/email.preferences";

export const meta = titleMeta("emailPreferences");

// One subscriber's page: never kept by a cache, never indexed.
export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

// The preference centre: every marketing mail links here (and the one-click unsubscribe URL opens
// it on a GET), and My Profile does for a signed-in customer. The signed link is the proof: no
// sign-in, no password. Topics, a pause, or leaving the list — each takes effect at once.

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = await context.services.marketing.preferences(token);
  return found.ok ? { ok: true as const, token, subscriber: found.subscriber } : { ok: false as const, message: found.message };
}

export const action = ({ request, context }: Route.ActionArgs) => preferencesAction(context, request);

const DONE: Record<string, string> = {
  topics: "Your topics are saved.",
  pause: "Your emails are paused.",
  resume: "Your emails are back on.",
  unsubscribe: "You are unsubscribed: you will receive no more marketing emails from us.",
};

const buttonClass = "mt-4 min-h-10 rounded border border-primary px-4 py-2 font-semibold text-primary hover:bg-primary hover:text-white";

export default function EmailPreferencesPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const title = usePageTitle("emailPreferences");
  if (!loaderData.ok)
    return (
      <Screen title={title}>
        <FormAlert>{loaderData.message}</FormAlert>
      </Screen>
    );
  const { subscriber: s, token } = loaderData;
  const onList = s.state === "pending" || s.state === "subscribed";
  const paused = s.pausedUntil !== null && new Date(s.pausedUntil) > new Date();
  const topics = topicsOf(s.site);
  return (
    <Screen title={title}>
      <div className="max-w-xl" data-testid="preferences">
        {actionData?.ok ? <FormAlert tone="success">{DONE[actionData.intent]}</FormAlert> : null}
        {actionData && !actionData.ok ? <FormAlert>{Object.values(actionData.errors).join(" ")}</FormAlert> : null}
        <p className="mt-4">
          Emails to <strong>{s.email}</strong>:{" "}
          <span data-testid="subscriber-state">
            {s.state === "subscribed"
              ? paused
                ? `paused until ${new Date(s.pausedUntil!).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" })}`
                : "subscribed"
              : s.state === "pending"
                ? "waiting for you to confirm (see the mail we sent)"
                : s.state === "unsubscribed"
                  ? "unsubscribed"
                  : "we send no mails to this address"}
          </span>
        </p>
        {s.state === "unsubscribed" ? (
          <p className="mt-4">
            Changed your mind? <Link to="/email/signup">Sign up again</Link>.
          </p>
        ) : null}
        {onList ? (
          <>
            {topics.length > 1 ? (
              <Form method="post" className="mt-6">
                <input type="hidden" name="token" value={token} />
                <input type="hidden" name="intent" value="topics" />
                <fieldset>
                  <legend className="font-semibold">What we write to you about</legend>
                  {topics.map((t) => (
                    <label key={t} className="mt-2 flex min-h-6 items-center gap-2">
                      <input type="checkbox" name="topics" value={t} defaultChecked={s.topics.includes(t)} className="h-4 w-4" />
                      {TOPIC_LABELS[t]}
                    </label>
                  ))}
                </fieldset>
                <SubmitButton busy={busy}>Save topics</SubmitButton>
              </Form>
            ) : null}
            <Form method="post" className="mt-8">
              <input type="hidden" name="token" value={token} />
              {paused ? (
                <>
                  <input type="hidden" name="intent" value="resume" />
                  <button type="submit" className={buttonClass}>
                    Resume my emails
                  </button>
                </>
              ) : (
                <>
                  <input type="hidden" name="intent" value="pause" />
                  <label htmlFor="pause-days" className="block font-semibold">
                    Take a break
                  </label>
                  <select id="pause-days" name="days" className="mt-1 min-h-10 rounded border border-gray-400 px-2">
                    {PAUSE_DAYS.map((d) => (
                      <option key={d} value={d}>
                        {d} days
                      </option>
                    ))}
                  </select>{" "}
                  <button type="submit" className={buttonClass}>
                    Pause my emails
                  </button>
                </>
              )}
            </Form>
            <Form method="post" className="mt-8">
              <input type="hidden" name="token" value={token} />
              <input type="hidden" name="intent" value="unsubscribe" />
              <button type="submit" className={buttonClass} data-testid="unsubscribe-all">
                Unsubscribe from all marketing emails
              </button>
            </Form>
          </>
        ) : null}
      </div>
    </Screen>
  );
}
