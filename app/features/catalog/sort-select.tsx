import { useNavigate } from "react-router";
import { LISTING_SORTS } from "../../../rules/catalog/listing-filters";
import { SORT_LABELS, type ListingState } from "../../../rules/catalog/listing-url";
import { LISTING_FORM_ID, submitListingForm } from "./filter-panel";

/**
 * Sorting (featured, price both ways, name, newest). It belongs to the listing's GET form (form=…),
 * so without JavaScript the form's Apply button sends it; with JavaScript a change applies at once.
 */
export function SortSelect({ state }: { state: ListingState }) {
  const navigate = useNavigate();
  return (
    // Looks: catalog.css .lst-sort.
    <div className="lst-sort">
      <label htmlFor="listing-sort">Sort by</label>
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
      >
        {LISTING_SORTS.map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" form={LISTING_FORM_ID}>
          Sort
        </button>
      </noscript>
    </div>
  );
}
