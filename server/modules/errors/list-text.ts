import type { ErrorListRow, ErrorSort } from "./service";

// `npm run errors` output: one block per distinct error, its count first.

const when = (d: Date) => d.toISOString().replace("T", " ").slice(0, 19);

export function errorListText(list: { rows: ErrorListRow[]; total: number }, options: { sort: ErrorSort; stacks?: boolean }): string {
  if (list.total === 0) return "No errors recorded.";
  const order = options.sort === "frequent" ? "most frequent first" : "last seen first";
  const lines = [
    `${list.total} distinct error${list.total === 1 ? "" : "s"} (${order}${list.rows.length < list.total ? `, showing ${list.rows.length}` : ""}):`,
    "",
  ];
  const width = Math.max(5, ...list.rows.map((r) => String(r.count).length));
  for (const r of list.rows) {
    const release = r.release === r.firstRelease ? r.release : `${r.firstRelease} → ${r.release}`;
    lines.push(`${String(r.count).padStart(width)}×  ${r.type}: ${r.message}`);
    lines.push(`${" ".repeat(width + 3)}${r.source} · ${r.route ?? "—"} · build ${release} · last ${when(r.lastSeen)} · first ${when(r.firstSeen)} (UTC)`);
    if (options.stacks && r.stack) lines.push(...r.stack.split("\n").map((l) => `${" ".repeat(width + 3)}${l}`));
    lines.push("");
  }
  return lines.join("\n").trimEnd();
}
