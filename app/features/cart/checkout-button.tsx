import { useId } from "react";
import { Form, useSearchParams } from "react-router";
import { AUTOSHIP_TERMS } from "../../../rules/autoship/terms";
import { HANDOFF_MESSAGES } from "../../../rules/checkout/steps-and-handoff";
import { autoshipTermsRemembered, rememberAutoshipTerms } from "./autoship-terms-memory";

// "Proceed to Checkout" (SPEC §4): a form posting to the hand-off. A cart with an autoship line asks
// for the autoship terms (rules/autoship/terms.ts) to be acknowledged first; the choice is
// remembered in the browser (autoship-terms-memory) and sent with the form, where the server checks
// it. The hand-off's refusals come back as ?checkout={reason} and show here.

export function CheckoutButton({ hasAutoship, className }: { hasAutoship: boolean; className: string }) {
  const [params] = useSearchParams();
  const reason = params.get("checkout") as keyof typeof HANDOFF_MESSAGES | null;
  const message = reason && reason in HANDOFF_MESSAGES ? HANDOFF_MESSAGES[reason] : null;
  const id = useId();

  return (
    <Form method="post" action="/checkout/start" reloadDocument data-testid="checkout-form">
      {hasAutoship ? (
        <div className="mb-3 flex items-start gap-2 text-sm">
          <input
            id={id}
            type="checkbox"
            name="autoshipTerms"
            // Uncontrolled: the remembered choice is applied once the box exists in the browser. A box
            // ticked before the page hydrated (no onChange yet) is remembered here instead.
            ref={(el) => {
              if (!el) return;
              if (el.checked) rememberAutoshipTerms(true);
              else if (autoshipTermsRemembered()) el.checked = true;
            }}
            onChange={(e) => rememberAutoshipTerms(e.target.checked)}
            aria-invalid={reason === "autoship_terms" || undefined}
            aria-describedby={message ? `${id}-message` : undefined}
            className="mt-1 h-4 w-4"
          />
          <label htmlFor={id}>{AUTOSHIP_TERMS}</label>
        </div>
      ) : null}
      {message ? (
        <p id={`${id}-message`} role="alert" className="mb-3 text-sm font-medium text-error" data-testid="checkout-refused">
          {message}
        </p>
      ) : null}
      <button type="submit" className={className} data-testid="proceed-to-checkout">
        Proceed to Checkout
      </button>
    </Form>
  );
}
