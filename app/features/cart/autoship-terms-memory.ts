// The autoship terms acknowledgement the browser remembers (SPEC §9: isFTCAcknowledged in local
// storage), so a returning shopper finds the box already ticked. The server keeps its own record
// on the checkout session; this is only the convenience.

const FTC_KEY = "isFTCAcknowledged";

export function rememberAutoshipTerms(acknowledged: boolean): void {
  window.localStorage.setItem(FTC_KEY, String(acknowledged));
}

export function autoshipTermsRemembered(): boolean {
  return window.localStorage.getItem(FTC_KEY) === "true";
}
