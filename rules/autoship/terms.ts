// The Autoship terms the shopper acknowledges before checkout (an automatic renewal needs clear
// terms and consent: price, frequency, how to cancel). One text for the checkbox, the proof of
// consent kept with each subscription, and the yearly reminder; a change to the words is a new version.

export const AUTOSHIP_TERMS_VERSION = "2026-11";

export const AUTOSHIP_TERMS =
  "I understand that my Autoship items will be sent and charged to my saved card at the Autoship price, plus shipping and tax, at the frequency I chose, until I cancel. I can skip, change or cancel any time in My Subscriptions.";

/** A subscription's terms are reminded once a year from its consent. */
export const TERMS_REMINDER_INTERVAL_MONTHS = 12;
