import { useEffect, useId, useRef, useState } from "react";
import { useFetcher, useLocation, useNavigate } from "react-router";
import { imageUrl } from "../../../rules/catalog/image-urls";
import type { SearchSuggestions } from "./listing-data";
import { formatUsd } from "../../../rules/shared/money";

/** Wait this long after the last keystroke before asking for suggestions. */
export const SUGGEST_DEBOUNCE_MS = 250;
/** Fewer characters than this ask for nothing. */
export const SUGGEST_MIN_CHARS = 2;

/**
 * The header search box with predictive suggestions, as the ARIA 1.2 combobox
 * pattern: the input is the combobox, the suggestions a listbox; ArrowDown/ArrowUp move through
 * them, Enter opens the active one (or, with none active, submits the normal search), Escape closes.
 * It sits inside the header's GET form to /search, so it is an ordinary search box without JS.
 */
export function SearchCombobox({ defaultValue, inputId, placeholder }: { defaultValue?: string; inputId: string; placeholder: string }) {
  const fetcher = useFetcher<SearchSuggestions>();
  const navigate = useNavigate();
  const location = useLocation();
  const listboxId = useId();
  const [value, setValue] = useState(defaultValue ?? "");
  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState(true);
  const timer = useRef<number | undefined>(undefined);

  // A navigation (a search, a suggestion, any link) closes the list.
  const [seenLocation, setSeenLocation] = useState(location.key);
  if (seenLocation !== location.key) {
    setSeenLocation(location.key);
    setDismissed(true);
    setActive(-1);
    setValue(defaultValue ?? "");
  }

  useEffect(() => () => window.clearTimeout(timer.current), []);
  // Keep the active option in view inside the scrolling list.
  useEffect(() => {
    if (active >= 0) document.getElementById(`${listboxId}-option-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [active, listboxId]);

  const data = fetcher.data;
  const items = data && data.query === value.trim() ? data.items : [];
  const open = !dismissed && value.trim().length >= SUGGEST_MIN_CHARS && items.length > 0;
  const optionId = (i: number) => `${listboxId}-option-${i}`;

  const ask = (text: string) => {
    window.clearTimeout(timer.current);
    const q = text.trim();
    if (q.length < SUGGEST_MIN_CHARS) return;
    timer.current = window.setTimeout(() => {
      fetcher.load(`/search/suggest?q=${encodeURIComponent(q)}`);
    }, SUGGEST_DEBOUNCE_MS);
  };

  const choose = (i: number) => {
    const item = items[i];
    if (!item) return;
    setDismissed(true);
    setActive(-1);
    navigate(item.href);
  };

  return (
    <div className="sbox">
      <input
        id={inputId}
        name="search"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listboxId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        value={value}
        placeholder={placeholder}
        onChange={(e) => {
          setValue(e.target.value);
          setActive(-1);
          setDismissed(false);
          ask(e.target.value);
        }}
        onFocus={() => setDismissed(false)}
        onBlur={() => setDismissed(true)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" || e.key === "ArrowUp") {
            if (items.length === 0) return;
            e.preventDefault();
            if (!open) {
              setDismissed(false);
              setActive(e.key === "ArrowDown" ? 0 : items.length - 1);
              return;
            }
            const step = e.key === "ArrowDown" ? 1 : -1;
            // Past either end the focus returns to the text (no active option).
            setActive((a) => {
              const next = a + step;
              return next < -1 ? items.length - 1 : next >= items.length ? -1 : next;
            });
          } else if (e.key === "Enter") {
            if (open && active >= 0) {
              e.preventDefault();
              choose(active);
            }
            // Otherwise the form submits the normal search.
          } else if (e.key === "Escape") {
            if (open) {
              e.preventDefault();
              setDismissed(true);
              setActive(-1);
            }
          }
        }}
      />
      <ul id={listboxId} role="listbox" aria-label="Suggested products" hidden={!open}>
        {open &&
          items.map((item, i) => (
            <li
              key={item.href}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              // Keep the focus in the input (no blur) while the pointer picks an option.
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(i)}
              className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${i === active ? "bg-mist" : ""}`}
            >
              <img src={imageUrl(item.imageSource, 320)} alt="" width={40} height={40} className="h-10 w-10 shrink-0 rounded bg-mist object-contain" />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-secondary">{item.title}</span>
                <span className="block text-xs text-gray-600">
                  {item.brand}
                  {item.priceCents !== null && <> · {formatUsd(item.priceCents)}</>}
                </span>
              </span>
            </li>
          ))}
      </ul>
      <p className="sr-only" role="status" aria-live="polite">
        {open ? `${items.length} suggestions. Use the up and down arrows to choose.` : ""}
      </p>
    </div>
  );
}
