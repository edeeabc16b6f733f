// The "Changes" section of a console page: the audit entries of the thing it edits, newest first.

/** One entry: its own line of text, or the audit action and outcome as they are. */
export type AuditLine = { id: string | number; at: string; who: string } & ({ text: string } | { action: string; outcome: string });

export function ChangeHistory({ id, entries, testId }: { id: string; entries: AuditLine[]; testId?: string }) {
  return (
    <section aria-labelledby={id} className="mt-6">
      <h2 id={id} className="text-lg font-semibold">
        Changes
      </h2>
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
    </section>
  );
}
