// CSV cells for the console's exports (RFC 4180 quoting). A cell starting with =, +, - or @ is
// prefixed with ' so a spreadsheet never runs a customer's text as a formula (CSV injection).

export function csvCell(value: string | number): string {
  const s = String(value);
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvRow = (cells: readonly (string | number)[]) => cells.map(csvCell).join(",");
