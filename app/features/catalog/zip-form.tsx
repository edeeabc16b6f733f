import { useId, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { checkZip, type ZipRange } from "../../../rules/shared/zip";

export type ZipActionData = { error: string; zip: string; redirectTo: string } | undefined;

/**
 * The ZIP entry of SPEC §5/§9: checked in the browser with rules/shared/zip.ts, then again by the
 * /location action, which sets the userLocation and userWarehouse cookies and comes back to this
 * page. Errors show under the field. Without JavaScript the form posts to /location normally.
 */
export function ZipForm({
  currentZip,
  servedRanges,
  bypass,
  label = "ZIP code",
  initialError,
  redirectTo,
}: {
  currentZip: string;
  /** The served ranges; null checks only the format in the browser (the server still checks all). */
  servedRanges: readonly ZipRange[] | null;
  bypass: boolean;
  label?: string;
  /** An error from a no-JavaScript round trip (the /location page). */
  initialError?: string;
  /** Where to come back to; the current page by default. */
  redirectTo?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const fetcher = useFetcher<ZipActionData>({ key: "location" });
  const { pathname, search } = useLocation();
  const [value, setValue] = useState(currentZip);
  const [clientError, setClientError] = useState<string | null>(null);
  const serverError = fetcher.state === "idle" && fetcher.data?.zip === value ? fetcher.data.error : undefined;
  const error = clientError ?? serverError ?? (value === currentZip ? initialError : undefined);
  const busy = fetcher.state !== "idle";

  return (
    <fetcher.Form
      method="post"
      action="/location"
      noValidate
      onSubmit={(e) => {
        const result = checkZip(value, servedRanges ?? [], { bypass: bypass || servedRanges === null });
        if (!result.ok) {
          e.preventDefault();
          setClientError(result.message);
        }
      }}
    >
      <input type="hidden" name="redirectTo" value={redirectTo ?? pathname + search} />
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="zip"
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setClientError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`min-h-11 w-28 rounded border px-3 py-2 ${error ? "border-error" : "border-gray-400"}`}
          data-testid="zip-input"
        />
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 rounded bg-secondary px-4 py-2 font-semibold text-white hover:bg-primary disabled:bg-disabled"
        >
          {busy ? "Updating…" : "Update"}
        </button>
      </div>
      <p id={errorId} role="alert" className="mt-1 min-h-5 text-sm font-medium text-error" data-testid="zip-error">
        {error ?? ""}
      </p>
    </fetcher.Form>
  );
}
