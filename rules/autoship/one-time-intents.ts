// The intents of the one-time item forms, apart from their parsing (rules/autoship/one-time-items.ts):
// the product page's form names one without taking the parser's zod into its bundle.
export const ADD_ONE_TIME = "add_one_time";
export const REMOVE_ONE_TIME = "remove_one_time";
