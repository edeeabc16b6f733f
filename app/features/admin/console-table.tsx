import { Fragment, type ReactElement, type ReactNode } from "react";
import { Link } from "react-router";

// The console's table, one look for every list, history and figure table: a caption for screen
// readers, a header cell per column (or the column's own, e.g. a sortable header from
// sort-header.tsx) and a row per item, scrolled sideways on a narrow screen instead of the page.

export type Column<R> = {
  /** The header's text. */
  label: ReactNode;
  /** A header cell of its own (a sortable one, sort-header.tsx) instead of the plain one. */
  head?: ReactElement;
  cell: (row: R) => ReactNode;
  /** On the header and the cells: alignment ("text-right"). */
  className?: string;
  /** On the body's cells only: "font-mono", "max-w-xl". */
  cellClassName?: string;
  /** The column that names its row: its cells are row headers. */
  rowHeader?: boolean;
  /** The column's cell in the table's footer row (a total). */
  foot?: ReactNode;
};

const join = (...classes: (string | undefined)[]) => classes.filter(Boolean).join(" ");

// A row's key is its `id` unless the table names another (rows without an `id` must).
type RowKeyProp<R> = R extends { id: string | number } ? { rowKey?: (row: R) => string | number } : { rowKey: (row: R) => string | number };

export function ConsoleTable<R>({
  caption,
  columns,
  rows,
  rowKey = (row) => (row as { id: string | number }).id,
  rowTestId,
  testId,
  bodyTestId,
  busy,
  className = "mt-2 border-collapse",
  rowClassName,
  empty,
  footClassName,
}: {
  caption?: string;
  columns: readonly (Column<R> | null | false)[];
  rows: readonly R[];
  rowTestId?: (row: R) => string;
  /** On the table. */
  testId?: string;
  /** On the table's body. */
  bodyTestId?: string;
  busy?: boolean;
  /** The table's margin and border model (a table whose rows show no rule keeps "separate"). */
  className?: string;
  /** Added to each row's rule, e.g. "align-top". */
  rowClassName?: string;
  /** Said instead of the table when there are no rows ("No renewal yet."). */
  empty?: string;
  /** A footer row (the columns' `foot`, e.g. totals) with this rule. */
  footClassName?: string;
} & RowKeyProp<R>) {
  const shown = columns.filter((c): c is Column<R> => Boolean(c));
  if (empty !== undefined && rows.length === 0) return <p className="mt-2 text-sm">{empty}</p>;
  return (
    <div className="overflow-x-auto">
      <table className={`${className} w-full bg-white text-left text-sm`} data-testid={testId} aria-busy={busy}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead>
          <tr className="border-b border-gray-300">
            {shown.map((c, i) => (
              <Fragment key={i}>
                {c.head ?? (
                  <th scope="col" className={join("p-2", c.className)}>
                    {c.label}
                  </th>
                )}
              </Fragment>
            ))}
          </tr>
        </thead>
        <tbody data-testid={bodyTestId}>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={join("border-b border-gray-200", rowClassName)} data-testid={rowTestId?.(row)}>
              {shown.map((c, i) => (
                <Cell key={i} column={c}>
                  {c.cell(row)}
                </Cell>
              ))}
            </tr>
          ))}
        </tbody>
        {footClassName ? (
          <tfoot>
            <tr className={footClassName}>
              {shown.map((c, i) => (
                <Cell key={i} column={c} foot>
                  {c.foot}
                </Cell>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

function Cell<R>({ column, foot = false, children }: { column: Column<R>; foot?: boolean; children: ReactNode }) {
  const className = join(foot ? undefined : column.cellClassName, "p-2", column.className);
  return column.rowHeader ? (
    <th scope="row" className={className}>
      {children}
    </th>
  ) : (
    <td className={className}>{children}</td>
  );
}

/** The link from a list's row to the item's own page. */
export function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-semibold text-primary underline">
      {children}
    </Link>
  );
}
