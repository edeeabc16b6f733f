import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useNavigate, useNavigation, type NavigateFunction } from "react-router";
import { unpackFacet } from "../../../rules/catalog/page-packs/facet-pack";
import { clearFilters, listingHref, removeOption } from "../../../rules/catalog/listing-url";
import type { ListingPageData } from "./listing-data";

type DialogKit = typeof import("../../components/modal-dialog");

/** Id of the listing's GET form; the sort select outside the panel joins it with form=… */
export const LISTING_FORM_ID = "listing-filters";

/**
 * Submits the listing form as a clean URL: defaults (featured sort, page 1) and empty values left
 * out, so a shared link reads the same as one built by listingHref.
 */
export function submitListingForm(form: HTMLFormElement, navigate: NavigateFunction) {
  const params = new URLSearchParams();
  for (const [k, v] of new FormData(form)) {
    if (typeof v !== "string" || v === "" || (k === "sort" && v === "featured")) continue;
    params.append(k, v);
  }
  const qs = params.toString();
  const action = new URL(form.action, window.location.href).pathname;
  navigate(qs ? `${action}?${qs}` : action, { preventScrollReset: true });
}

/**
 * The filter panel: a GET form of checkboxes with a count per option. Without
 * JavaScript an Apply button submits it; with JavaScript every change submits at once. Below 768 px
 * its toggle opens it as a full-height drawer (a modal <dialog>: the focus kept inside, Escape or
 * Close gives it back to the toggle), the facets folded but for the chosen ones, a footer with the
 * live count and Clear all; from 768 px to lg the panel folds under its toggle; beside the results
 * from lg on. The choice is in the URL either way: each change navigates.
 */
export function FilterPanel({ data }: { data: ListingPageData }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.location?.pathname === data.basePath;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const returnFocus = useRef<Element | null>(null);
  // The drawer's dialog helpers come on the first tap (the page's first load stays as small).
  const kit = useRef<DialogKit | null>(null);
  const panelId = useId();
  const selected = data.chips.length;
  // Stays open while the shopper picks several filters; "Show n products" folds it to the results.
  const [open, setOpen] = useState<"fold" | "drawer" | false>(false);

  // The boxes follow the URL (a chip removed, the back button) without being made anew, so the
  // focus stays on the box just ticked.
  useEffect(() => {
    for (const box of formRef.current?.querySelectorAll<HTMLInputElement>("input[type=checkbox]") ?? []) {
      box.checked = data.state.selected[box.name]?.includes(box.value) ?? false;
    }
  }, [data.state]);

  const close = () => {
    if (dialogRef.current?.open) return dialogRef.current.close();
    setOpen(false);
    toggleRef.current?.focus();
  };

  return (
    // Looks: catalog.css .fp (the panel folds by its toggle's aria-expanded, the drawer is the dialog shown modal).
    <div className="fp">
      {/* Without JavaScript the panel is simply shown; the toggle needs JavaScript. */}
      <noscript>
        <style>{`[data-filter-toggle]{display:none!important}[data-filter-panel]{display:block!important}`}</style>
      </noscript>
      <button
        ref={toggleRef}
        type="button"
        data-filter-toggle
        aria-expanded={open !== false}
        aria-controls={panelId}
        onClick={() => {
          if (open) close();
          else if (!matchMedia("(max-width: 767.98px)").matches) setOpen("fold");
          else
            void import("../../components/modal-dialog").then((m) => {
              const el = dialogRef.current;
              if (!el) return;
              kit.current = m;
              m.showModal(el, returnFocus);
              m.firstControl(el)?.focus();
              setOpen("drawer");
            });
        }}
      >
        <span>Filters{selected > 0 && <small>({selected} selected)</small>}</span>
        <span aria-hidden="true">{open ? "▴" : "▾"}</span>
      </button>
      <dialog
        ref={dialogRef}
        id={panelId}
        aria-label="Filters"
        data-filter-panel
        onKeyDown={(e) => {
          if (open === "drawer") kit.current?.keepTabInside(e);
          else if (e.key === "Escape" && open) close();
        }}
        onClose={() => {
          setOpen(false);
          kit.current?.giveFocusBack(returnFocus);
        }}
      >
        <div>
          <h2>Filter by</h2>
          <button type="button" aria-label="Close" onClick={close}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <Form
          ref={formRef}
          id={LISTING_FORM_ID}
          method="get"
          action={data.basePath}
          preventScrollReset
          aria-label="Filter products"
          aria-busy={busy || undefined}
          onChange={(e) => {
            // The sort select submits through its own handler (it sits outside this element).
            if ((e.target as HTMLElement).getAttribute("name") === "sort") return;
            submitListingForm(e.currentTarget, navigate);
          }}
        >
          {data.search && <input type="hidden" name="search" value={data.search} />}
          {data.facets.map(unpackFacet).map((facet) => (
            // About 80 options a page: each checkbox sits in its label (no ids), its facet is its name, and
            // the looks are catalog.css's (.fp details). A group of checkboxes is its fieldset and legend;
            // the options need no list markup, one box holds them (it scrolls when they are many). In the
            // drawer only the groups with a chosen option start open.
            <details key={facet.slug} open={open !== "drawer" || (data.state.selected[facet.slug]?.length ?? 0) > 0}>
              <summary>{facet.label}</summary>
              <fieldset>
                <legend>{facet.label}</legend>
                <div>
                  {facet.options.map(([slug, label, count]) => {
                    const selected = data.state.selected[facet.slug]?.includes(slug) ?? false;
                    return (
                      <label key={slug}>
                        <input type="checkbox" name={facet.slug} value={slug} defaultChecked={selected} disabled={count === 0 && !selected} />
                        {label}
                        {/* Shown "(12)", read "(12 products)": the brackets and the word are catalog.css's, not in each of 80 options. */}
                        <small>{count}</small>
                      </label>
                    );
                  })}
                </div>
              </fieldset>
            </details>
          ))}
          <noscript>
            <button type="submit">Apply filters</button>
          </noscript>
          {/* The count is the loader's for the URL the last change made; read out as it changes. */}
          <div data-filter-toggle aria-live="polite">
            {selected > 0 && (
              <Link to={listingHref(data.basePath, clearFilters(data.state), { search: data.search })} preventScrollReset>
                Clear all
              </Link>
            )}
            <button type="button" disabled={busy} onClick={close}>
              {busy ? "Updating…" : `Show ${data.total} ${data.total === 1 ? "product" : "products"}`}
            </button>
          </div>
        </Form>
      </dialog>
    </div>
  );
}

/** The chosen filters as removable chips, with Clear all. */
export function FilterChips({ data }: { data: ListingPageData }) {
  if (data.chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="filter-chips">
      <span className="sr-only">Selected filters:</span>
      <ul className="flex flex-wrap gap-2">
        {data.chips.map((chip) => (
          <li key={`${chip.facet}=${chip.option}`}>
            <Link
              to={listingHref(data.basePath, removeOption(data.state, chip.facet, chip.option), { search: data.search })}
              preventScrollReset
              aria-label={`Remove filter ${chip.facetLabel}: ${chip.label}`}
              className="inline-flex items-center gap-1 rounded-full border border-primary bg-mist px-3 py-1 text-sm text-secondary hover:bg-primary hover:text-white"
            >
              {chip.label}
              <span aria-hidden="true">×</span>
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to={listingHref(data.basePath, clearFilters(data.state), { search: data.search })}
        preventScrollReset
        className="text-sm font-medium text-primary underline"
      >
        Clear all
      </Link>
    </div>
  );
}
