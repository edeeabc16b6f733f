import { useId, useState, type ComponentType } from "react";
import type { FeedingCalculatorProps } from "./feeding-calculator";

// The button that opens the feeding calculator. The calculator (its rules and form) is fetched with
// a dynamic import on the first open, so the product page's first-load JavaScript stays as it was.

export function FeedingDisclosure(props: FeedingCalculatorProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [Calculator, setCalculator] = useState<ComponentType<FeedingCalculatorProps> | null>(null);
  const [failed, setFailed] = useState(false);
  const toggle = () => {
    setOpen(!open);
    if (!Calculator)
      import("./feeding-calculator").then(
        (m) => setCalculator(() => m.FeedingCalculator),
        () => setFailed(true),
      );
  };
  return (
    <div className="rounded border border-gray-300 p-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={toggle}
        className="font-semibold text-primary underline focus-visible:outline-2 focus-visible:outline-primary"
        data-testid="feeding-toggle"
      >
        How long will it last? Feeding calculator
      </button>
      <div id={id} hidden={!open} className="mt-2">
        {open ? Calculator ? <Calculator {...props} /> : <p className="text-sm">{failed ? "The calculator could not be loaded. Reload the page to try again." : "Loading…"}</p> : null}
      </div>
    </div>
  );
}
