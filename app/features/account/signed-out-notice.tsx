import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { SIGNED_OUT_COOKIE_REMOVAL } from "../../../rules/account/sign-out-notice";

/**
 * Why the shopper was signed out (rules/account/sign-out-notice.ts), on the page they land on: shown there
 * once — the cookie that carried it is removed as soon as it is on screen, and the notice goes with
 * the next page or the dismiss button.
 */
export function SignedOutNotice({ message }: { message: string | null }) {
  const { pathname } = useLocation();
  // The notice and the page it landed on (adjusted while rendering, as React advises for state that follows a prop).
  const [shown, setShown] = useState<{ message: string; on: string; dismissed: boolean } | null>(null);
  if (message && shown?.message !== message) setShown({ message, on: pathname, dismissed: false });
  if (!message && shown) setShown(null);
  useEffect(() => {
    // Taken: a reload or the next page does not say it again.
    if (message) document.cookie = SIGNED_OUT_COOKIE_REMOVAL;
  }, [message]);
  if (!message || !shown || shown.dismissed || shown.on !== pathname) return null;
  return (
    <div
      role="status"
      data-testid="signed-out-notice"
      className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 bg-secondary px-4 py-2 text-center text-sm text-white"
    >
      <p>
        {message}{" "}
        <Link to="/shelter/login" className="font-semibold underline">
          Log in
        </Link>
      </p>
      <button type="button" onClick={() => setShown({ ...shown, dismissed: true })} className="rounded border border-white px-2 py-0.5 text-xs font-semibold">
        Dismiss
      </button>
    </div>
  );
}
