import { data, Form, redirect, useNavigation } from "react-router";
import { afterUnlockTarget } from "../../rules/content/site-gates";
import { safeSameSitePath } from "../../rules/account/sign-in-redirect";
import { softly } from "../features/content/content-loader.server";
import { RichText } from "../features/content/content-parts";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";
import type { Route } from "./+types/password-protect";

export const meta = titleMeta("passwordProtect");

/** Gated state of SPEC §2: no layout, public. Its words come from content (get-password-protect). */
export async function loader({ context }: Route.LoaderArgs) {
  const content = await softly(context, "password page", () => context.services.content.entry("password-protect", "main", context.site.id));
  return { content, locked: context.services.gate.mode() === "password" };
}

/** A correct password sets the unlock cookie (an HMAC, httpOnly) and goes back to the page asked for. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const password = String(form.get("password") ?? "").slice(0, 200);
  const url = new URL(request.url);
  if (!password) return data({ error: "Please enter the password." });
  const tried = await context.services.gate.tryUnlock(password, { secure: url.protocol === "https:", ip: context.clientIp });
  if (!tried.ok) return data({ error: tried.message }, tried.code === "RATE_LIMITED" ? { status: 429 } : undefined);
  // `next` arrives decoded ("/%09/evil" is "/<tab>/evil" here): the shared same-site check sees it first.
  return redirect(afterUnlockTarget(safeSameSitePath(url.searchParams.get("next"))), { headers: { "Set-Cookie": tried.cookie } });
}

export default function PasswordProtect({ loaderData, actionData }: Route.ComponentProps) {
  const title = usePageTitle("passwordProtect");
  const busy = useNavigation().state === "submitting";
  const error = actionData?.error;
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-secondary">{title}</h1>
      {loaderData.content && (
        <>
          <p className="mt-4 text-xl font-semibold">{loaderData.content.heading}</p>
          <RichText html={loaderData.content.bodyHtml} className="text-lg" />
        </>
      )}
      {loaderData.locked ? (
        <Form method="post" className="mx-auto mt-8 max-w-sm text-left" noValidate>
          <label htmlFor="site-password" className="block font-semibold">
            Password
          </label>
          <input
            id="site-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "site-password-error" : undefined}
            className={`mt-1 w-full rounded border px-3 py-2 ${error ? "border-error" : "border-gray-400"}`}
          />
          {error && (
            <p id="site-password-error" className="mt-1 text-sm text-error" role="alert">
              {error}
            </p>
          )}
          <button
            type="submit"
            disabled={busy}
            className="mt-4 w-full rounded bg-primary px-5 py-2.5 font-semibold text-white hover:bg-secondary disabled:bg-disabled"
          >
            {busy ? "Checking…" : "Enter"}
          </button>
        </Form>
      ) : (
        <p className="mt-6">
          The shop is open.{" "}
          <a href="/" className="font-semibold text-primary underline">
            Go to the home page
          </a>
        </p>
      )}
    </main>
  );
}
