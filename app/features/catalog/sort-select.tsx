import { useNavigate } from "react-router";
import { LISTING_SORTS } from "../../../rules/listing-filters";
import { SORT_LABELS, type ListingState } from "../../../rules/listing-url";
import { LISTING_FORM_ID, submitListingForm } from "./filter-panel";

/**
 * Sorting (featured, price both ways, name, newest). It belongs to the listing's GET form (form=…),
 * so without JavaScript the form's Apply button sends it; with JavaScript a change applies at once.
 */
export function SortSelect({ state }: { state: ListingState }) {
  const navigate = useNavigate();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="listing-sort" className="text-sm font-medium text-gray-700">
        Sort by
      </label>
      <select
        id="listing-sort"
        name="sort"
        form={LISTING_FORM_ID}
        defaultValue={state.sort}
        key={state.sort}
        onChange={(e) => {
          const form = e.currentTarget.form;
          if (form) submitListingForm(form, navigate);
        }}
        className="rounded border border-gray-300 bg-white px-2 py-1.5 text-sm"
      >
        {LISTING_SORTS.map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" form={LISTING_FORM_ID} className="rounded bg-primary px-3 py-1.5 text-sm font-semibold text-white">
          Sort
        </button>
      </noscript>
    </div>
  );
}
