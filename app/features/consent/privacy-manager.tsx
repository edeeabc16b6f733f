import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import {
  CONSENT_COOKIE,
  PREFERENCES_SUBMITTED,
  anonymousIdFrom,
  bannerChoice,
  consentCookie,
  consentStateOf,
  cookieValue,
  currentDecision,
  decideConsent,
  proofOfConsent,
  type ConsentChoice,
  type ConsentRecord,
  type ConsentSource,
} from "../../../rules/consent/categories-and-cookie";
import { primaryButton as primary, secondaryButton as secondary, type BannerChoice } from "./consent-banner";
import { DialogCloseButton, dialogToShow, firstControl, giveFocusBack, keepTabInside, showModal } from "../../components/modal-dialog";

// The shop's own privacy manager, on both sites: a banner on a first visit (or after the policy
// revision changed), a preferences dialog, the choice in a first-party cookie, every decision sent
// as proof of consent (POST /api/consent), and window.privacyManager for the consent logic
// (app/lib/consent/registry.ts). Loaded after hydration by consent-boot.tsx, outside the first-load
// JavaScript; the banner it answers for is rendered by consent-boot.tsx (in the server's page).

/** openRequest counts the shopper's "open" presses: each one opens the dialog, even one that comes
 *  before the state heard that the browser closed it (Escape closes at once, its close event later). */
type Snapshot = { decision: ConsentRecord | null; dialogOpen: boolean; openRequest: number };

let snapshot: Snapshot = { decision: null, dialogOpen: false, openRequest: 0 };
const subscribers = new Set<() => void>();

function update(next: Partial<Snapshot>) {
  snapshot = { ...snapshot, ...next };
  for (const notify of subscribers) notify();
}

const openDialog = () => update({ dialogOpen: true, openRequest: snapshot.openRequest + 1 });

function subscribe(notify: () => void) {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
}

/** Keeps a decision: cookie, proof of consent on the server, and the message the consent logic waits for. */
function decide(choice: ConsentChoice, source: ConsentSource) {
  const newId = () => anonymousIdFrom(crypto.getRandomValues(new Uint8Array(16)));
  const record = decideConsent(choice, cookieValue(document.cookie, CONSENT_COOKIE), new Date(), newId);
  document.cookie = consentCookie(record, location.protocol === "https:");
  update({ decision: record, dialogOpen: false });
  void fetch("/api/consent", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(proofOfConsent(record, source)),
    keepalive: true,
  }).catch((err: unknown) => console.log("consent: the proof of consent was not sent", err));
  window.postMessage(PREFERENCES_SUBMITTED, location.origin);
}

/** Installs window.privacyManager from the cookie (once per page). */
export function installPrivacyManager() {
  if (window.privacyManager) return;
  update({ decision: currentDecision(cookieValue(document.cookie, CONSENT_COOKIE)) });
  window.privacyManager = {
    getConsent: () => consentStateOf(snapshot.decision),
    openPreferences: openDialog,
  };
}

/** The banner's buttons (consent-banner.tsx, rendered by consent-boot.tsx). */
export function chooseFromBanner(choice: BannerChoice) {
  if (choice === "preferences") openDialog();
  else decide(bannerChoice(choice), "banner");
}

/** Tells the listener whether a decision is kept, now and after every change; answers an unsubscribe. */
export function onDecidedChange(listener: (decided: boolean) => void): () => void {
  let last = snapshot.decision !== null;
  listener(last);
  const notify = () => {
    const now = snapshot.decision !== null;
    if (now !== last) listener((last = now));
  };
  subscribers.add(notify);
  return () => subscribers.delete(notify);
}

/** The preferences dialog; the banner is consent-boot.tsx's (in the server's page, under the open dialog). */
export function PrivacyManagerUi() {
  const state = useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
  return <PreferencesDialog open={state.dialogOpen} openRequest={state.openRequest} decision={state.decision} />;
}

const CATEGORIES: readonly { key: "required" | keyof ConsentChoice; label: string; help: string }[] = [
  { key: "required", label: "Required (always on)", help: "Sign-in, cart and checkout. The shop does not work without them." },
  { key: "functional", label: "Functional", help: "Extra features from other providers, such as product reviews." },
  { key: "advertising", label: "Advertising and analytics", help: "Measuring visits and sales, and advertising (Google Tag Manager)." },
];

function PreferencesDialog({ open, openRequest, decision }: { open: boolean; openRequest: number; decision: ConsentRecord | null }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<Element | null>(null);
  const [choice, setChoice] = useState<ConsentChoice>({ functional: false, advertising: false });

  useEffect(() => {
    const el = dialogToShow(dialog.current, open);
    if (!el || el.open) return;
    // The switches start from the kept choice (off on a first visit).
    setChoice({ functional: decision?.functional ?? false, advertising: decision?.advertising ?? false });
    showModal(el, returnFocus);
    firstControl(el)?.focus();
  }, [open, openRequest, decision]);

  return (
    <dialog
      ref={dialog}
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      onKeyDown={keepTabInside}
      onClose={() => {
        // Escape, the close button or a choice: the banner comes back only while nothing was decided.
        // A close event that arrives after the dialog was opened again belongs to the earlier closing.
        if (dialog.current?.open) return;
        if (snapshot.dialogOpen) update({ dialogOpen: false });
        giveFocusBack(returnFocus);
      }}
      className="fixed m-auto max-h-[calc(100vh-32px)] w-[min(560px,calc(100vw-32px))] overflow-auto rounded-lg bg-white p-0 text-ink shadow-2xl backdrop:bg-black/50"
      style={{ zIndex: 2400 }}
      data-testid="consent-dialog"
    >
      <form
        method="dialog"
        className="space-y-4 p-5"
        onSubmit={(event) => {
          event.preventDefault();
          decide(choice, "dialog");
        }}
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={`${id}-title`} className="text-xl font-bold text-secondary">
            Cookie preferences
          </h2>
          <DialogCloseButton onClick={() => dialog.current?.close()} />
        </div>
        <p id={`${id}-intro`} className="text-sm">
          Choose which cookies we may use. You can change this at any time from “Cookie preferences” at the bottom of every page.
        </p>
        <fieldset className="space-y-3">
          <legend className="sr-only">Cookie categories</legend>
          {CATEGORIES.map((c) => (
            <Category
              key={c.key}
              id={`${id}-${c.key}`}
              label={c.label}
              help={c.help}
              checked={c.key === "required" || choice[c.key]}
              onChange={c.key === "required" ? undefined : (on) => setChoice({ ...choice, [c.key]: on })}
            />
          ))}
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={primary}>
            Save preferences
          </button>
          <button type="button" className={secondary} onClick={() => decide({ functional: true, advertising: true }, "dialog")}>
            Accept all
          </button>
          <button type="button" className={secondary} onClick={() => decide({ functional: false, advertising: false }, "dialog")}>
            Reject all
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** A category's checkbox with its label and what it covers; without `onChange` it is always on. */
function Category({ id, label, help, checked, onChange }: { id: string; label: string; help: string; checked: boolean; onChange?: (on: boolean) => void }) {
  return (
    <div className="flex gap-3">
      <input
        id={id}
        type="checkbox"
        className="mt-1 h-5 w-5 shrink-0 accent-primary"
        checked={checked}
        disabled={!onChange}
        onChange={onChange && ((e) => onChange(e.target.checked))}
        aria-describedby={`${id}-help`}
      />
      <div>
        <label htmlFor={id} className="font-bold">
          {label}
        </label>
        <p id={`${id}-help`} className="text-sm text-gray-700">
          {help}
        </p>
      </div>
    </div>
  );
}
