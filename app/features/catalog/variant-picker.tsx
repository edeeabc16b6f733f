import { useId } from "react";
import { useLocation, useNavigate } from "react-router";
import type { Variant } from "../../../server/modules/catalog";
import { formatMoney } from "../../../rules/shared/money";

// Option pickers of the product page (SPEC §2, §6): flavour as a radio group; size as pills on the
// shop and as a <select> on the staff site. Every choice is a variant's SKU: choosing one puts
// ?sku= in the URL (shareable, survives a reload). Each picker is a GET form, so it works before
// JavaScript loads (choose, then "Show"); with JavaScript a change navigates at once.

type PickerProps = {
  variants: Variant[];
  selected: Variant;
  /** The SKU being navigated to, shown as chosen before the page data arrives. */
  shownSku: string;
  isStaff: boolean;
};

/** The variant a flavour choice leads to: same size when that flavour has it, else its first variant. */
function variantForFlavor(variants: Variant[], flavor: string, size: string): Variant {
  const ofFlavor = variants.filter((v) => v.flavor === flavor);
  return ofFlavor.find((v) => v.size === size) ?? ofFlavor.find((v) => v.inStock) ?? ofFlavor[0];
}

function useChooseSku() {
  const navigate = useNavigate();
  return (sku: string) => navigate({ search: `?sku=${encodeURIComponent(sku)}` }, { replace: true, preventScrollReset: true });
}

function ShowButton() {
  // Without JavaScript only: with it, a change applies itself.
  return (
    <noscript>
      <button type="submit" className="mt-2 ml-1 rounded border border-primary px-3 py-1 text-sm font-semibold text-primary">
        Show
      </button>
    </noscript>
  );
}

const pill =
  "flex min-h-11 cursor-pointer flex-col justify-center rounded border-2 px-3 py-1.5 text-sm peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary";

function Pill({
  name,
  value,
  checked,
  onChoose,
  testId,
  children,
  unavailable,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChoose: (value: string) => void;
  testId: string;
  children: React.ReactNode;
  unavailable: boolean;
}) {
  return (
    <label className="relative">
      <input type="radio" name={name} value={value} checked={checked} onChange={() => onChoose(value)} className="peer sr-only" data-testid={testId} />
      <span
        className={`${pill} ${
          checked ? "border-primary bg-primary/5 font-semibold text-secondary" : "border-gray-300 bg-white hover:border-gray-500"
        } ${unavailable ? "text-gray-500" : ""}`}
      >
        {children}
      </span>
    </label>
  );
}

export function FlavorPicker({ variants, selected, shownSku, isStaff: _isStaff }: PickerProps) {
  const { pathname } = useLocation();
  const choose = useChooseSku();
  const flavors = [...new Set(variants.map((v) => v.flavor))];
  const shown = variants.find((v) => v.sku === shownSku) ?? selected;
  if (flavors.length < 2) {
    return (
      <p className="text-sm">
        <span className="font-semibold">Flavor:</span> {selected.flavor}
      </p>
    );
  }
  return (
    <form method="get" action={pathname}>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">
          Flavor: <span className="font-normal">{shown.flavor}</span>
        </legend>
        <div className="flex flex-wrap gap-2" data-testid="flavor-pills">
          {flavors.map((flavor) => {
            const target = variantForFlavor(variants, flavor, selected.size);
            const anyInStock = variants.some((v) => v.flavor === flavor && v.inStock);
            return (
              <Pill
                key={flavor}
                name="sku"
                value={target.sku}
                checked={shown.flavor === flavor}
                onChoose={choose}
                testId={`flavor-option-${flavor}`}
                unavailable={!anyInStock}
              >
                <span>{flavor}</span>
                {!anyInStock && <span className="text-xs">Out of stock</span>}
              </Pill>
            );
          })}
        </div>
      </fieldset>
      <ShowButton />
    </form>
  );
}

export function SizePicker({ variants, selected, shownSku, isStaff }: PickerProps) {
  const { pathname } = useLocation();
  const choose = useChooseSku();
  const id = useId();
  const shown = variants.find((v) => v.sku === shownSku) ?? selected;
  const sizes = variants.filter((v) => v.flavor === shown.flavor);

  if (isStaff) {
    // SPEC §6: the staff site shows a size dropdown instead of the size pills.
    return (
      <form method="get" action={pathname}>
        <label htmlFor={id} className="mb-1 block text-sm font-semibold">
          Size
        </label>
        <select
          id={id}
          name="sku"
          value={shown.sku}
          onChange={(e) => choose(e.target.value)}
          className="min-h-11 w-full max-w-xs rounded border border-gray-400 bg-white px-3 py-2"
          data-testid="size-select"
        >
          {sizes.map((v) => (
            <option key={v.sku} value={v.sku}>
              {v.size}
              {v.inStock ? "" : " (out of stock)"}
            </option>
          ))}
        </select>
        <ShowButton />
      </form>
    );
  }

  return (
    <form method="get" action={pathname}>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">
          Size: <span className="font-normal">{shown.size}</span>
        </legend>
        <div className="flex flex-wrap gap-2" data-testid="size-pills">
          {sizes.map((v) => (
            <Pill
              key={v.sku}
              name="sku"
              value={v.sku}
              checked={v.sku === shown.sku}
              onChoose={choose}
              testId={`size-option-${v.size}`}
              unavailable={!v.inStock}
            >
              <span>{v.size}</span>
              <span className="text-xs">{v.inStock ? formatMoney(v.price) : "Out of stock"}</span>
            </Pill>
          ))}
        </div>
      </fieldset>
      <ShowButton />
    </form>
  );
}
