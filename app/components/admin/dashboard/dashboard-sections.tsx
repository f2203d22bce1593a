import { Form, Link } from "react-router";
import { EmailNotSetUpNotice } from "../email-not-set-up";
import { formatDateTime } from "~/lib/admin-format";
import { activitySentence } from "~/lib/activity-labels";
import type { DashboardData } from "~/server/dashboard/dashboard-page.server";
import { adminUi, Panel } from "../admin-page";
import { ListTable } from "../list-table";
import { BarList } from "./bar-list";
import styles from "./dashboard.module.css";

const SOURCE_LABELS: Record<string, string> = {
  popup: "Call-back requests (popup)",
  "package-enquiry": "Package enquiries",
  "seat-request": "Seat requests",
  contact: "Contact messages",
};

const percent = new Intl.NumberFormat("en-IN", { style: "percent", maximumFractionDigits: 1 });
const ENQUIRY: [string, string] = ["enquiry", "enquiries"];
const VIEW: [string, string] = ["view", "views"];

export function EnquiryFigures({ enquiries }: { enquiries: DashboardData["enquiries"] }) {
  const stat = (label: string, value: React.ReactNode, note?: string) => (
    <div className={styles.stat}>
      <dt>{label}</dt>
      <dd>
        {value}
        {note ? <span className={styles.statNote}>{note}</span> : null}
      </dd>
    </div>
  );
  return (
    <Panel title="New enquiries" id="enquiry-figures">
      <dl className={styles.stats}>
        {stat("Today", enquiries.today)}
        {stat("This week", enquiries.week, "since Monday")}
        {stat("This month", enquiries.month)}
        {stat("Converted", percent.format(enquiries.convertedShare), `${enquiries.converted} of ${enquiries.total} enquiries`)}
      </dl>
    </Panel>
  );
}

export function RankingPanels({ data }: { data: Pick<DashboardData, "enquiries" | "topPackages" | "blogs"> }) {
  return (
    <div className={styles.grid}>
      <Panel title="Enquiries by source" id="by-source">
        <p className={styles.caption}>Last 30 days</p>
        <BarList
          unit={ENQUIRY}
          empty="No enquiries in the last 30 days."
          bars={data.enquiries.bySource.map((row) => ({ key: row.source, label: SOURCE_LABELS[row.source] ?? row.source, value: row.count }))}
        />
      </Panel>
      <Panel title="Top packages by enquiries" id="packages-by-enquiries">
        <p className={styles.caption}>Last 30 days</p>
        <BarList
          unit={ENQUIRY}
          empty="No package enquiries in the last 30 days."
          bars={data.topPackages.byEnquiries.map((row) => ({
            key: row.id,
            label: row.title,
            value: row.count,
            href: row.slug ? `/admin/packages/${row.id}` : undefined,
          }))}
        />
      </Panel>
      <Panel title="Top packages by page views" id="packages-by-views">
        <p className={styles.caption}>All time, one view per visitor per day</p>
        <BarList
          unit={VIEW}
          empty="No package page views counted yet."
          bars={data.topPackages.byViews.map((row) => ({ key: row.id, label: row.title, value: row.count, href: `/admin/packages/${row.id}` }))}
        />
      </Panel>
      <Panel title="Most-read blogs" id="most-read-blogs">
        <p className={styles.caption}>All time, one view per visitor per day</p>
        <BarList
          unit={VIEW}
          empty="No blog views counted yet."
          bars={data.blogs.map((row) => ({ key: row.id, label: row.title, value: row.count, href: `/blogs/${row.id}` }))}
        />
      </Panel>
    </div>
  );
}

export function NotificationHealth({ outbox, failing }: Pick<DashboardData, "outbox" | "failing">) {
  return (
    <Panel title="Notifications" id="notifications">
      {outbox.emailSetUp ? null : <EmailNotSetUpNotice />}
      <dl className={styles.stats}>
        <div className={styles.stat}>
          <dt>Waiting to send</dt>
          <dd>{outbox.pending}</dd>
        </div>
        <div className={`${styles.stat} ${outbox.failing > 0 ? styles.warn : ""}`}>
          <dt>Failing</dt>
          <dd>
            {outbox.failing}
            <span className={styles.statNote}>given up, or 3+ failed tries</span>
          </dd>
        </div>
        <div className={styles.stat}>
          <dt>Last sent</dt>
          <dd className={styles.statText}>
            {outbox.lastSentAt ? formatDateTime(outbox.lastSentAt) : "Nothing sent yet"}
            {outbox.emailSetUp ? null : <span className={styles.statNote}>webhook deliveries only</span>}
          </dd>
        </div>
      </dl>
      {failing && failing.length > 0 ? <FailingDeliveries rows={failing} /> : null}
    </Panel>
  );
}

const FAILING_COLUMNS = ["About", "Type", "Tries", "Last error", <span className="visually-hidden">Action</span>];

function FailingDeliveries({ rows }: { rows: NonNullable<DashboardData["failing"]> }) {
  return (
    <div className={styles.failing}>
      <ListTable
        label="Failing deliveries and jobs"
        caption="Deliveries and background jobs that keep failing"
        columns={FAILING_COLUMNS}
        rows={rows}
        row={(row) => (
          <tr key={row.id}>
            <td data-label="About">
              {row.enquiryKey ? <Link to={`/admin/enquiries/${row.enquiryKey}`}>{row.about}</Link> : row.about}
              <br />
              <span className={adminUi.muted}>
                #{row.id} · {row.status === "failed" ? "given up" : "retrying"}
                {row.lastAttemptAt ? ` · ${formatDateTime(row.lastAttemptAt)}` : ""}
              </span>
            </td>
            <td data-label="Type">{row.type}</td>
            <td data-label="Tries">{row.attempts}</td>
            <td data-label="Last error" className={styles.error}>
              {row.lastError || "—"}
            </td>
            <td>
              <Form method="post">
                <input type="hidden" name="intent" value="retry-delivery" />
                <input type="hidden" name="id" value={row.id} />
                <button type="submit" className={`${adminUi.button} ${adminUi.small}`} aria-label={`Retry delivery #${row.id}: ${row.about}`}>
                  Retry now
                </button>
              </Form>
            </td>
          </tr>
        )}
      />
    </div>
  );
}

export function RecentActivity({ entries }: { entries: NonNullable<DashboardData["activity"]> }) {
  return (
    <Panel title="Recent activity" id="recent-activity">
      {entries.length === 0 ? (
        <p className={adminUi.muted}>Nothing yet.</p>
      ) : (
        <ul className={styles.activity}>
          {entries.map((entry) => (
            <li key={entry.id}>
              <span>
                <strong>{entry.who}</strong> {activitySentence(entry.kind, entry.subject ?? "")}
              </span>
              <span className={adminUi.muted}>{formatDateTime(entry.at)}</span>
            </li>
          ))}
        </ul>
      )}
      <p style={{ margin: "var(--space-4) 0 0" }}>
        <Link to="/admin/activity">All activity</Link>
      </p>
    </Panel>
  );
}
