import fieldStyles from "~/components/ui/form-field.module.css";
import { adminUi } from "./admin-page";

/** The content lists' status filter (a GET form field, so it lives in the URL) and their Apply button. */
export function PublishStatusFilter({ id, defaultValue }: { id: string; defaultValue: string }) {
  return (
    <>
      <div className={fieldStyles.field}>
        <label htmlFor={id} className={fieldStyles.label}>
          Status
        </label>
        <select id={id} name="status" defaultValue={defaultValue} className={fieldStyles.control}>
          <option value="">Drafts and published</option>
          <option value="draft">Drafts</option>
          <option value="published">Published</option>
        </select>
      </div>
      <button type="submit" className={adminUi.button}>
        Apply
      </button>
    </>
  );
}
