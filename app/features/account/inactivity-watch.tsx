import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { callApi } from "../../lib/api-client";

// SPEC §4 inactivity: after the configured seconds without mouse movement or a key press (activity
// debounced 1 s) a warning appears. Continue forces a token refresh (the new token arrives as the
// httpOnly cookie) and restarts the timer; a failed refresh is logged and the timer restarts too.
// End session signs out, marked as inactivity. Only mounted for a signed-in customer.
//
// The server ends a session after the same inactivity (plus a short grace to answer the warning),
// counted from the last request. A shopper who reads a page for a long while without a request is
// still active here, so activity also tells the server, at most once a minute (a refresh without
// a new token): then the session ends on the server only when this watch would have warned.

export const ACTIVITY_DEBOUNCE_MS = 1000;
/** At most one keep-alive per minute while the shopper is active; under the server's 2-minute grace. */
export const KEEP_ALIVE_EVERY_MS = 60_000;
const ACTIVITY_EVENTS = ["mousemove", "mousedown", "keydown", "touchstart", "wheel"] as const;

export function InactivityWatch({ seconds }: { seconds: number }) {
  const [warning, setWarning] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const warningRef = useRef(false);
  const titleId = useId();
  const logout = useFetcher();
  const { pathname, search } = useLocation();
  // Page loads reach the server too: count each navigation as contact.
  const lastContact = useRef(0);
  useEffect(() => {
    lastContact.current = Date.now();
  }, [pathname, search]);

  const restart = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      warningRef.current = true;
      setWarning(true);
    }, seconds * 1000);
  }, [seconds]);

  useEffect(() => {
    restart();
    let debounce: number | undefined;
    const onActivity = () => {
      // While the warning is up only its buttons count.
      if (warningRef.current || debounce !== undefined) return;
      debounce = window.setTimeout(() => {
        debounce = undefined;
        if (warningRef.current) return;
        restart();
        if (Date.now() - lastContact.current >= KEEP_ALIVE_EVERY_MS) {
          lastContact.current = Date.now();
          callApi({ path: "/api/ecom/v1.0/refresh-session-token", body: { forceRefreshToken: false } }).catch((err: unknown) => {
            // The next navigation shows a session that is gone.
            console.warn("session keep-alive failed", err);
          });
        }
      }, ACTIVITY_DEBOUNCE_MS);
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { passive: true });
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity);
      window.clearTimeout(timer.current);
      window.clearTimeout(debounce);
    };
  }, [restart]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (warning && !dialog.open) dialog.showModal();
    if (!warning && dialog.open) dialog.close();
  }, [warning]);

  async function onContinue() {
    warningRef.current = false;
    setWarning(false);
    try {
      lastContact.current = Date.now();
      await callApi({ path: "/api/ecom/v1.0/refresh-session-token", body: { forceRefreshToken: true } });
    } catch (err) {
      // SPEC §8: logged; the timer restarts (a dead session shows on the next navigation).
      console.warn("session refresh failed", err);
    }
    restart();
  }

  function onEnd() {
    warningRef.current = false;
    setWarning(false);
    void logout.submit({ reason: "inactivity", returnTo: pathname + search }, { method: "post", action: "/logout" });
  }

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      data-testid="inactivity-dialog"
      onCancel={(e) => {
        // Escape means "I'm still here".
        e.preventDefault();
        void onContinue();
      }}
      className="fixed inset-0 z-[2400] m-auto max-w-md rounded-lg p-6 shadow-xl backdrop:bg-black/50"
    >
      <h2 id={titleId} className="text-xl font-bold text-secondary">
        Are you still there?
      </h2>
      <p className="mt-3">You have been inactive for a while. For your security we will end your session unless you continue.</p>
      <div className="mt-6 flex gap-3">
        <button type="button" onClick={() => void onContinue()} className="rounded bg-primary px-4 py-2 font-semibold text-white hover:bg-secondary">
          Continue
        </button>
        <button type="button" onClick={onEnd} className="rounded border border-secondary px-4 py-2 font-semibold text-secondary">
          End session
        </button>
      </div>
    </dialog>
  );
}
