import { ConsoleSection } from "./console-frame";

// The audit entries of the thing a console page edits, newest first: the "Changes" section of the
// donation and review pages, the "Console history" of an order's and a product's.

/** One entry: its own line of text, or the audit action and outcome as they are. */
export type AuditLine = { id: string | number; at: string; who: string } & ({ text: string } | { action: string; outcome: string });

export function ChangeHistory({ id, entries, testId }: { id: string; entries: AuditLine[]; testId?: string }) {
  return (
    <ConsoleSection id={id} title="Changes">
      {entries.length ? (
        <ul className="mt-2 space-y-1 text-sm" data-testid={testId}>
          {entries.map((e) => (
            <li key={e.id}>
              {e.at} · {e.who} · {"text" in e ? e.text : `${e.action} · ${e.outcome}`}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm">No change recorded yet.</p>
      )}
    </ConsoleSection>
  );
}

/**
 * "Mar 4, 2031, 3:04 PM UTC — who: action (outcome)", a line per entry; `at` as read
 * (rules/shared/dates.ts formatUtcDateTime, in the loader: the page then loads no date formatter).
 */
export function ConsoleHistory({
  id,
  entries,
  testId,
}: {
  id: string;
  entries: { id: string | number; at: string; who: string; action: string; outcome: string }[];
  testId: string;
}) {
  return (
    <ConsoleSection id={id} title="Console history">
      <ul className="mt-2 text-sm" data-testid={testId}>
        {entries.map((h) => (
          <li key={h.id}>
            {h.at} — {h.who}: {h.action} ({h.outcome})
          </li>
        ))}
      </ul>
    </ConsoleSection>
  );
}
