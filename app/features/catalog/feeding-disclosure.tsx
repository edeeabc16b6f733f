import { useState, type ComponentType } from "react";
import type { FeedingCalculatorProps } from "./feeding-calculator";

// The button that opens the feeding calculator. The calculator (its rules and form) is fetched with
// a dynamic import on the first open, so the product page's first-load JavaScript barely grows.

export function FeedingDisclosure(props: FeedingCalculatorProps) {
  const [open, setOpen] = useState(false);
  const [Calculator, setCalculator] = useState<ComponentType<FeedingCalculatorProps> | null>(null);
  return (
    <div className="rounded border border-gray-300 p-3">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => {
          setOpen(!open);
          if (!Calculator) import("./feeding-calculator").then((m) => setCalculator(() => m.FeedingCalculator));
        }}
        className="font-semibold text-primary underline"
        data-testid="feeding-toggle"
      >
        How long will it last? Feeding calculator
      </button>
      {open ? Calculator ? <Calculator {...props} /> : <p>Loading…</p> : null}
    </div>
  );
}
