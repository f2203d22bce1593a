import { Link } from "react-router";
import { adminUi, TableScroller } from "./admin-page";

/**
 * A back-office list table: a named scroller, a caption, column heads, and on
 * a narrow screen each row a card of labelled lines (cells carry data-label).
 * With no rows and an `empty` note, the note in a panel instead.
 */
export function ListTable<T>({
  id,
  label,
  caption,
  captionHidden = false,
  columns,
  className,
  rows,
  row,
  empty,
}: {
  /** The scroller's id (with no rows, the empty note's), for a skip link. */
  id?: string;
  /** The scroller's name. */
  label: string;
  caption: React.ReactNode;
  captionHidden?: boolean;
  columns: React.ReactNode[];
  className?: string;
  rows: T[];
  /** One <tr> (with its key) per item. */
  row: (item: T) => React.ReactNode;
  empty?: React.ReactNode;
}) {
  if (rows.length === 0 && empty !== undefined) {
    return (
      <div id={id} tabIndex={id ? -1 : undefined} className={adminUi.panel}>
        {empty}
      </div>
    );
  }
  return (
    <TableScroller id={id} label={label}>
      <table className={[adminUi.table, adminUi.stack, className].filter(Boolean).join(" ")}>
        <caption className={captionHidden ? "visually-hidden" : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{rows.map(row)}</tbody>
      </table>
    </TableScroller>
  );
}

/** Previous / "Page N of M" / next links under a paged list; nothing when it has one page. */
export function Pager({
  label,
  page,
  pages,
  href,
  previous = "Previous page",
  next = "Next page",
}: {
  label: string;
  page: number;
  pages: number;
  href: (page: number) => string;
  previous?: string;
  next?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav className={adminUi.pager} aria-label={label}>
      {page > 1 ? (
        <Link to={href(page - 1)} className={adminUi.button} rel="prev">
          {previous}
        </Link>
      ) : null}
      <span aria-current="page">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} className={adminUi.button} rel="next">
          {next}
        </Link>
      ) : null}
    </nav>
  );
}
