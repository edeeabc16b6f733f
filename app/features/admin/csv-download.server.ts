import { dayOf } from "../../../rules/shared/calendar-days";

// A console list as a CSV download: CRLF lines (RFC 4180), never cached or indexed, named after the
// list and the UTC day it was taken (or the period it covers).

export function csvDownload(lines: readonly string[], name: string, dated: string = dayOf(new Date())): Response {
  return new Response(`${lines.join("\r\n")}\r\n`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${dated}.csv"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
