import { useId } from "react";
import type { TaxPeriod } from "~/lib/tax-period";
import { adminUi, Panel } from "../admin-page";
import styles from "./tax-register-panel.module.css";

/**
 * One register's download (issue 47): a month or a quarter, then CSV or
 * Excel. A plain GET form: the browser downloads the file and stays here.
 */
export function TaxRegisterPanel({
  register,
  title,
  about,
  months,
  quarters,
}: {
  register: "gst" | "tcs";
  title: string;
  about: string;
  months: TaxPeriod[];
  quarters: TaxPeriod[];
}) {
  const selectId = useId();
  return (
    <Panel title={title} id={`${register}-register`}>
      <p className={adminUi.muted}>{about}</p>
      <form method="get" action={`/admin/tax-registers/${register}`} className={styles.form}>
        <div className={styles.field}>
          <label htmlFor={selectId}>Period</label>
          <select id={selectId} name="period" className={adminUi.select} defaultValue={months[0]?.key}>
            <optgroup label="Months">
              {months.map((period) => (
                <option key={period.key} value={period.key}>
                  {period.label}
                </option>
              ))}
            </optgroup>
            <optgroup label="Quarters of the financial year">
              {quarters.map((period) => (
                <option key={period.key} value={period.key}>
                  {period.label}
                </option>
              ))}
            </optgroup>
          </select>
        </div>
        <div className={styles.buttons}>
          <button type="submit" name="format" value="xlsx" className={`${adminUi.button} ${adminUi.primary}`}>
            Download Excel (.xlsx)
          </button>
          <button type="submit" name="format" value="csv" className={adminUi.button}>
            Download CSV
          </button>
        </div>
      </form>
    </Panel>
  );
}
