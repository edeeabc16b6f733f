import { useId } from "react";
import { useFetcher, useRouteLoaderData } from "react-router";
import { backInStockAnswer } from "../../../rules/marketing/back-in-stock-answer";

// "Notify me when it's back", under an out-of-stock variant's (disabled) add button. A fetcher form
// once JavaScript runs, the answer shown in place; before that a plain form post whose answer shows
// on /email/back-in-stock. A guest gives an address (confirmed by the list's double opt-in); a
// signed-in customer's is their account's, so one click.

/** What the action (app/features/marketing/marketing.server.ts backInStockAction) answers, as far as this form shows it. */
type Shown = { ok: boolean; errors: Record<string, string | undefined>; confirmed?: boolean; signedIn?: boolean; zip?: string };

export function NotifyMe({ variantId }: { variantId: number | string }) {
  const signedIn = (useRouteLoaderData("root") as { signedIn?: boolean } | undefined)?.signedIn ?? false;
  const fetcher = useFetcher<Shown>();
  const shown = fetcher.data;
  const id = useId();
  const error = shown?.errors.email ?? shown?.errors.variantId;
  return (
    <fetcher.Form
      method="post"
      action="/email/back-in-stock"
      className="rounded border border-gray-300 p-4"
      aria-labelledby={`${id}-title`}
      data-testid="notify-me"
    >
      <p id={`${id}-title`} className="font-semibold">
        Out of stock — notify me when it&apos;s back
      </p>
      <input type="hidden" name="variantId" value={variantId} />
      {signedIn ? null : (
        <div className="mt-2">
          <label htmlFor={`${id}-email`} className="block text-sm">
            Email address
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="mt-1 min-h-10 w-full rounded border border-gray-500 px-3"
          />
        </div>
      )}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-error">
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={fetcher.state !== "idle"} className="mt-3 min-h-10 rounded bg-secondary px-4 py-2 font-semibold text-white">
        Notify me when it&apos;s back
      </button>
      <p role="status" className="mt-2 text-sm" data-testid="notify-me-answer">
        {shown?.ok ? backInStockAnswer({ confirmed: shown.confirmed!, signedIn: shown.signedIn!, zip: shown.zip! }) : null}
      </p>
    </fetcher.Form>
  );
}
