import { Form, Link } from "react-router";
import fieldStyles from "~/components/ui/form-field.module.css";
import { telHref } from "~/lib/contact-links";
import { hasActiveFilters, inboxQuery, type InboxFilters, type InboxRow } from "~/lib/enquiry-inbox";
import { ENQUIRY_SOURCES, ENQUIRY_STATUSES, SOURCE_LABELS, STATUS_LABELS } from "~/lib/enquiry-status";
import { adminUi, TableScroller } from "../admin-page";
import { Received, StatusBadge } from "./enquiry-bits";
import styles from "./enquiries.module.css";

function Field({ id, label, className, children }: { id: string; label: string; className?: string; children: React.ReactNode }) {
  return (
    <div className={`${fieldStyles.field} ${className ?? ""}`}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** Search, filters and sort: a GET form, so the whole view lives in the URL and works without JavaScript. */
export function InboxFilterForm({ filters, packages }: { filters: InboxFilters; packages: { id: number; title: string }[] }) {
  return (
    <Form method="get" role="search" aria-label="Enquiries" className={styles.filters}>
      <Field id="inbox-q" label="Search" className={styles.search}>
        <input id="inbox-q" type="search" name="q" defaultValue={filters.q} className={fieldStyles.control} placeholder="Name, phone or e-mail" />
      </Field>
      <Field id="inbox-status" label="Status">
        <select id="inbox-status" name="status" defaultValue={filters.status} className={fieldStyles.control}>
          <option value="">Any status</option>
          {ENQUIRY_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </Field>
      <Field id="inbox-source" label="Source">
        <select id="inbox-source" name="source" defaultValue={filters.source} className={fieldStyles.control}>
          <option value="">Any source</option>
          {ENQUIRY_SOURCES.map((source) => (
            <option key={source} value={source}>
              {SOURCE_LABELS[source]}
            </option>
          ))}
        </select>
      </Field>
      <Field id="inbox-package" label="Package">
        <select id="inbox-package" name="package" defaultValue={filters.package} className={fieldStyles.control}>
          <option value="">Any package</option>
          {packages.map((pkg) => (
            <option key={pkg.id} value={String(pkg.id)}>
              {pkg.title}
            </option>
          ))}
        </select>
      </Field>
      <Field id="inbox-from" label="From">
        <input id="inbox-from" type="date" name="from" defaultValue={filters.from} className={fieldStyles.control} />
      </Field>
      <Field id="inbox-to" label="To">
        <input id="inbox-to" type="date" name="to" defaultValue={filters.to} className={fieldStyles.control} />
      </Field>
      <Field id="inbox-sort" label="Sort">
        <select id="inbox-sort" name="sort" defaultValue={filters.sort} className={fieldStyles.control}>
          <option value="newest">Newest first</option>
          <option value="oldest">Oldest first</option>
        </select>
      </Field>
      <div className={styles.filterActions}>
        <button type="submit" className={`${adminUi.button} ${adminUi.primary}`}>
          Apply
        </button>
        {hasActiveFilters(filters) || filters.sort !== "newest" ? (
          <Link to="/admin/enquiries" className={adminUi.button}>
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** The list: one row per enquiry; the name opens it (the row's one link besides tel: and mailto:). */
export function InboxTable({ rows, now }: { rows: InboxRow[]; now: string }) {
  if (rows.length === 0) {
    return (
      <div className={adminUi.panel}>
        <p className={styles.empty}>No enquiries match.</p>
      </div>
    );
  }
  return (
    <TableScroller label="Enquiry list">
      <table className={`${adminUi.table} ${adminUi.stack} ${styles.inboxTable}`}>
        <caption className="visually-hidden">Enquiries</caption>
        <thead>
          <tr>
            <th scope="col">Received</th>
            <th scope="col">Name and source</th>
            <th scope="col">Phone</th>
            <th scope="col">E-mail</th>
            <th scope="col">Package</th>
            <th scope="col">Status</th>
            <th scope="col">Assigned to</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <td data-label="Received">
                <Received at={row.createdAt} now={now} />
              </td>
              <th scope="row" data-label="Name">
                <Link to={`/admin/enquiries/${row.key}`} className={styles.nameLink}>
                  {row.name}
                </Link>
                <span className={styles.source}>{SOURCE_LABELS[row.source]}</span>
              </th>
              <td data-label="Phone" className={styles.phone}>
                <a href={telHref(row.phone)}>{row.phone}</a>
              </td>
              <td data-label="E-mail" className={`${styles.contact} ${styles.wide} ${row.email ? "" : styles.blank}`}>
                {row.email ? <a href={`mailto:${row.email}`}>{row.email}</a> : <span className={adminUi.muted}>–</span>}
              </td>
              <td data-label="Package" className={row.packageTitle ? "" : styles.blank}>
                {row.packageTitle ?? <span className={adminUi.muted}>–</span>}
              </td>
              <td data-label="Status">
                <StatusBadge status={row.status} />
              </td>
              <td data-label="Assigned to">{row.assigneeName ?? <span className={adminUi.muted}>Nobody</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}

export function InboxPager({ filters, page, pages }: { filters: InboxFilters; page: number; pages: number }) {
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label="Enquiry pages">
      {page > 1 ? (
        <Link to={`/admin/enquiries${inboxQuery(filters, page - 1)}`} className={adminUi.button} rel="prev">
          Previous page
        </Link>
      ) : null}
      <span aria-current="page">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={`/admin/enquiries${inboxQuery(filters, page + 1)}`} className={adminUi.button} rel="next">
          Next page
        </Link>
      ) : null}
    </nav>
  );
}
