import { data } from "react-router";
import { failureStatus, type FailureCode } from "../../../rules/shared/failure-status";

// How a console page's action answers: each form names its intent, the route hands the form to
// that intent's function, and a refusal carries the status every surface gives its failure code
// (rules/shared/failure-status.ts); a form the page cannot read is a 400.

/** `body` with the status of a typed failure's code. */
export const refused = <T>(body: T, code: FailureCode) => data(body, { status: failureStatus(code) });

/** `body` for a form that must be corrected (a missing confirmation, an unknown intent). */
export const invalid = <T>(body: T) => data(body, { status: 400 });

/** The handler of the form's `intent`, or `unknown` when the form names none of them. */
export function byIntent<Input, Answer>(
  form: FormData,
  handlers: Record<string, (input: Input) => Promise<Answer>>,
  input: Input,
  unknown: () => Answer,
): Promise<Answer> {
  const intent = String(form.get("intent") ?? "");
  return Object.hasOwn(handlers, intent) ? handlers[intent](input) : Promise.resolve(unknown());
}
