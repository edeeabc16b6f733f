import { useId, useRef, useState, type FormEvent } from "react";
import { causeSearchQuery, type CauseSearchMode } from "../../../rules/donations/widget";
import { NO_CAUSE, isCharityId } from "../../../rules/donations/provider";
import { CauseImage } from "./cause-image";
import { DonationError, reportDonationError, type Cause, type DonationApi, type DonationStore } from "./donation-api";

// The cause picker of SPEC §4: a button opening a modal dialog (native <dialog>: focus moves in and
// is trapped, Escape closes, focus returns to the button) with the store's featured causes, a
// search by name or by location (text starting with a digit is a ZIP, otherwise a city), and a way
// to clear the cause. "Animal shelters only" narrows either search to SPEC §9's shelter category (3);
// ticked with no text, it lists every shelter.

export type ChosenCause = { id: string; name: string };

type Listed = Pick<Cause, "id" | "name" | "city" | "state" | "zip" | "kind" | "logoUrl" | "categoryLogoUrl" | "categoryName">;

export function CausePicker(props: {
  api: DonationApi;
  store: DonationStore;
  current: ChosenCause;
  onChoose: (cause: ChosenCause | null) => Promise<boolean>;
  onSearched: (payload: Record<string, unknown>) => void;
}) {
  const { api, store, current } = props;
  const ids = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [mode, setMode] = useState<CauseSearchMode>("name");
  const [text, setText] = useState("");
  const [sheltersOnly, setSheltersOnly] = useState(false);
  const [causes, setCauses] = useState<Listed[] | null>(null);
  const [listLabel, setListLabel] = useState("Featured causes");
  const [status, setStatus] = useState("");
  const [busy, setBusy] = useState(false);
  const hasCause = current.id !== NO_CAUSE.causeId;

  const loadFeatured = async () => {
    const wanted = [...new Set([...(store.defaultCauseId ? [store.defaultCauseId] : []), ...store.featuredCauseIds])];
    try {
      const [charities, portfolios] = await Promise.all([
        api.charitiesByEins(wanted.filter(isCharityId)),
        api.portfolios(wanted.filter((id) => !isCharityId(id))),
      ]);
      const byId = new Map<string, Listed>([...charities, ...portfolios].map((c) => [c.id, c]));
      setCauses(wanted.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])));
    } catch (err) {
      reportDonationError(err instanceof DonationError ? err : new DonationError("charities", "Error getting charities", null, { cause: err }));
      setCauses([]);
      setStatus("The causes could not be loaded. Search instead, or try again later.");
    }
  };

  const open = () => {
    dialog.current?.showModal();
    if (causes === null) void loadFeatured();
  };
  const close = () => {
    dialog.current?.close();
    opener.current?.focus();
  };

  const search = async (e: FormEvent) => {
    e.preventDefault();
    const query = causeSearchQuery(mode, text, { sheltersOnly });
    if (!query) {
      setStatus(mode === "name" ? "Type a cause's name to search." : "Type a city, or a ZIP code of at least 3 digits.");
      return;
    }
    setBusy(true);
    try {
      const found = await api.searchCharities(query);
      setCauses(found.charities);
      const where = "zip" in query ? `ZIP ${query.zip}` : "city" in query ? query.city : "q" in query ? `“${query.q}”` : null;
      const what = query.categoryId !== undefined ? ["Animal shelters", "animal shelter", "animal shelters"] : ["Causes", "cause", "causes"];
      const by = where ? ` for ${where}` : "";
      setListLabel(`${what[0]}${by}`);
      setStatus(found.totalCount === 0 ? `No ${what[1]} found${by}.` : `${found.totalCount} ${found.totalCount === 1 ? what[1] : what[2]} found${by}.`);
      props.onSearched({
        by: "zip" in query ? "zip" : "city" in query ? "city" : "q" in query ? "name" : "category",
        categoryId: query.categoryId ?? null,
        results: found.totalCount,
      });
    } catch (err) {
      reportDonationError(err instanceof DonationError ? err : new DonationError("charities", "Error searching causes", null, { cause: err }));
      setStatus("The search did not work. Please try again.");
    } finally {
      setBusy(false);
    }
  };

  const choose = async (cause: ChosenCause | null) => {
    setBusy(true);
    const ok = await props.onChoose(cause);
    setBusy(false);
    if (ok) close();
    else setStatus("Your choice could not be saved. Please try again.");
  };

  const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary";
  return (
    <>
      <button
        ref={opener}
        type="button"
        aria-haspopup="dialog"
        onClick={open}
        className={`self-start text-sm font-semibold text-primary underline ${focusRing}`}
        data-testid="donation-change-cause"
      >
        {hasCause ? "Change cause" : "Choose a cause"}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${ids}-title`}
        onClose={() => opener.current?.focus()}
        className="m-auto w-[min(34rem,calc(100vw-2rem))] rounded-lg bg-white p-0 text-ink shadow-xl backdrop:bg-black/40"
        data-testid="donation-dialog"
      >
        <div className="max-h-[80vh] space-y-4 overflow-y-auto p-5">
          <div className="flex items-start justify-between gap-4">
            <h2 id={`${ids}-title`} className="text-lg font-bold text-secondary">
              Choose the cause your order supports
            </h2>
            <button type="button" onClick={close} className={`rounded px-2 text-sm font-semibold underline ${focusRing}`}>
              Close
            </button>
          </div>

          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <p data-testid="donation-current-cause">
              Your cause: <strong>{hasCause ? current.name : "none chosen"}</strong>
              {!hasCause && <span> (the shop&apos;s default cause receives the donation)</span>}
            </p>
            {hasCause && (
              <button type="button" disabled={busy} onClick={() => void choose(null)} className={`font-semibold text-primary underline ${focusRing}`}>
                Clear cause
              </button>
            )}
          </div>

          {store.searchEnabled && (
            <form role="search" aria-label="Search causes" onSubmit={(e) => void search(e)} className="space-y-2">
              <fieldset className="flex gap-4 text-sm">
                <legend className="mb-1 font-semibold">Search by</legend>
                {(["name", "location"] as const).map((m) => (
                  <label key={m} className="flex items-center gap-1">
                    <input type="radio" name={`${ids}-mode`} value={m} checked={mode === m} onChange={() => setMode(m)} className={focusRing} />
                    {m === "name" ? "Name" : "Location"}
                  </label>
                ))}
              </fieldset>
              <label htmlFor={`${ids}-text`} className="block text-sm font-semibold">
                {mode === "name" ? "Cause name" : "City or ZIP code"}
              </label>
              <div className="flex gap-2">
                <input
                  id={`${ids}-text`}
                  type="search"
                  value={text}
                  maxLength={100}
                  onChange={(e) => setText(e.target.value)}
                  autoComplete={mode === "location" ? "address-level2" : "off"}
                  className={`min-w-0 flex-1 rounded border border-gray-400 px-3 py-2 ${focusRing}`}
                />
                <button type="submit" disabled={busy} className={`rounded bg-primary px-4 py-2 font-semibold text-white disabled:opacity-60 ${focusRing}`}>
                  Search
                </button>
              </div>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={sheltersOnly} onChange={(e) => setSheltersOnly(e.target.checked)} className={focusRing} />
                Animal shelters only
              </label>
            </form>
          )}

          <p role="status" className="text-sm empty:hidden" data-testid="donation-search-status">
            {status}
          </p>

          {causes && causes.length > 0 && (
            <ul aria-label={listLabel} className="divide-y divide-gray-200 rounded border border-gray-200" data-testid="donation-causes">
              {causes.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    disabled={busy}
                    aria-pressed={c.id === current.id}
                    onClick={() => void choose({ id: c.id, name: c.name })}
                    className={`flex w-full items-center gap-3 px-3 py-2 text-left hover:bg-mist aria-pressed:bg-mist ${focusRing}`}
                  >
                    <CauseImage cause={c} />
                    <span className="min-w-0">
                      <span className="block font-semibold">{c.name}</span>
                      <span className="block text-sm text-gray-700">
                        {c.kind === "portfolio" ? "A group of charities" : [c.city, [c.state, c.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ")}
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </dialog>
    </>
  );
}
