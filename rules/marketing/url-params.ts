// SPEC §4: the e-mail-marketing URL parameters. The donation widget stores them once per tracking as
// integration info (rules/donations/widget.ts); the marketing list keeps them with a subscriber
// who signs up from a page that carried them (the footer form's hidden fields). A module of its own:
// every page's footer imports it, and nothing else.
export const EMAIL_MARKETING_PARAMS = ["_kx", "variation", "utm_content", "utm_campaign"] as const;
