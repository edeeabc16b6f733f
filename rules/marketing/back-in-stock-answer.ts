/**
 * What a shopper is told after asking to hear when an item is back: on the product page (the form's
 * answer in place) and on /email/back-in-stock (the same form posted without JavaScript). A file of
 * its own, so the page without the form carries none of the form's code.
 */
export function backInStockAnswer(a: { confirmed: boolean; signedIn: boolean; zip: string }): string {
  if (a.confirmed) return `Done: we will mail you once when it is back for delivery to ${a.zip}.`;
  return a.signedIn
    ? "Almost done: we have mailed you a link to confirm your address. Once confirmed, we will mail you once when it is back."
    : "Thank you. If this address still needs to confirm, we have mailed it a link: once confirmed, we will mail it once when the item is back.";
}
