import { Form, Link } from "react-router";
import fieldStyles from "~/components/ui/form-field.module.css";
import { telHref } from "~/lib/contact-links";
import { hasActiveFilters, inboxQuery, type InboxFilters, type InboxRow } from "~/lib/enquiry-inbox";
import { ENQUIRY_SOURCES, ENQUIRY_STATUSES, SOURCE_LABELS, STATUS_LABELS } from "~/lib/enquiry-status";
import { adminUi } from "../admin-page";
import { ListTable, Pager } from "../list-table";
import { SelectField } from "../select-field";
import { Received, StatusBadge } from "./enquiry-bits";
import styles from "./enquiries.module.css";

type Option = { value: string; label: string };
const any = (label: string): Option => ({ value: "", label });
const SORT_OPTIONS: Option[] = [
  { value: "newest", label: "Newest first" },
  { value: "oldest", label: "Oldest first" },
];

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
  const choices: { name: "status" | "source" | "package"; label: string; options: Option[] }[] = [
    { name: "status", label: "Status", options: [any("Any status"), ...ENQUIRY_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))] },
    { name: "source", label: "Source", options: [any("Any source"), ...ENQUIRY_SOURCES.map((value) => ({ value, label: SOURCE_LABELS[value] }))] },
    { name: "package", label: "Package", options: [any("Any package"), ...packages.map((pkg) => ({ value: String(pkg.id), label: pkg.title }))] },
  ];
  return (
    <Form method="get" role="search" aria-label="Enquiries" className={`${adminUi.filterBox} ${styles.filters}`}>
      <Field id="inbox-q" label="Search" className={styles.search}>
        <input id="inbox-q" type="search" name="q" defaultValue={filters.q} className={fieldStyles.control} placeholder="Name, phone, e-mail or message" />
      </Field>
      {choices.map(({ name, label, options }) => (
        <SelectField key={name} idPrefix="inbox-" name={name} label={label} defaultValue={filters[name]} options={options} />
      ))}
      <Field id="inbox-from" label="From">
        <input id="inbox-from" type="date" name="from" defaultValue={filters.from} className={fieldStyles.control} />
      </Field>
      <Field id="inbox-to" label="To">
        <input id="inbox-to" type="date" name="to" defaultValue={filters.to} className={fieldStyles.control} />
      </Field>
      <SelectField idPrefix="inbox-" name="sort" label="Sort" defaultValue={filters.sort} options={SORT_OPTIONS} />
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

/** The list's id: the inbox's skip link goes there, and the next Tab is the first enquiry. */
export const INBOX_LIST_ID = "enquiry-list";

const COLUMNS = ["Received", "Name and source", "Phone", "E-mail", "Package", "Status", "Assigned to"];

/** The list: one row per enquiry; the name opens it (the row's one link besides tel: and mailto:). */
export function InboxTable({ rows, now }: { rows: InboxRow[]; now: string }) {
  return (
    <ListTable
      id={INBOX_LIST_ID}
      label="Enquiry list"
      caption="Enquiries"
      captionHidden
      columns={COLUMNS}
      className={styles.inboxTable}
      rows={rows}
      empty={<p className={styles.empty}>No enquiries match.</p>}
      row={(row) => (
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
      )}
    />
  );
}

export function InboxPager({ filters, page, pages }: { filters: InboxFilters; page: number; pages: number }) {
  return <Pager label="Enquiry pages" page={page} pages={pages} href={(to) => `/admin/enquiries${inboxQuery(filters, to)}`} />;
}
