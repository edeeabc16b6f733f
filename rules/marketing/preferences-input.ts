import { z } from "zod";
import { topicList } from "./sign-up-input";
import { PAUSE_DAYS } from "./subscriber";

// The preference centre's form (read by its action only) and RFC 8058's one-click body.

/** The preference centre's form: the topics kept, an optional pause, or leaving the list. */
export const preferencesSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("topics"),
      topics: topicList.transform((t) => t ?? []),
    }),
    z.object({ intent: z.literal("pause"), days: z.coerce.number("Choose 30, 60 or 90 days").pipe(z.literal(PAUSE_DAYS, "Choose 30, 60 or 90 days")) }),
    z.object({ intent: z.literal("resume") }),
    z.object({ intent: z.literal("unsubscribe") }),
  ],
  "Choose what to change",
);
export type PreferencesInput = z.infer<typeof preferencesSchema>;

/** RFC 8058: the one-click POST carries exactly this form field and value. */
export const oneClickBody = z.object({
  "List-Unsubscribe": z.literal("One-Click", "Send the form field List-Unsubscribe=One-Click (RFC 8058)"),
});
