import { useState } from "react";
import { Link } from "react-router";
import { stalePrices, withCurrentPrice } from "~/lib/package-checks";
import type { PackageEditorValues } from "~/lib/package-editor-values";
import { adminUi } from "../admin-page";
import { editorUi } from "../editor-layout";
import { useEditor } from "./editor-context";
import { EditorInput, EditorTextArea, PublishStatusField } from "./editor-field";
import { usePackageOverview } from "./use-form-snapshot";
import { useStore } from "./editor-store";
import styles from "./package-editor.module.css";

/**
 * The SEO description: generated from the package (stored empty) unless
 * someone writes one by hand. The field says which; the generated text shows
 * as its placeholder and follows the package as it is edited. A hand-written
 * one that states an old price gets "Update the price in it" (issue 49).
 */
function SeoDescriptionField({ initial }: { initial: string }) {
  const { markDirty } = useEditor();
  const overview = usePackageOverview();
  const generated = useStore(overview, (value) => value.generatedSeoDescription);
  const prices = useStore(overview, (value) => value.snapshot.prices);
  const from = useStore(overview, (value) => value.snapshot.fromPrice);
  const [text, setText] = useState(initial);
  const handWritten = text.trim() !== "";
  const stale = handWritten && from > 0 && stalePrices(text, prices).length > 0;
  return (
    <div className={editorUi.stack}>
      <EditorTextArea
        name="seoDescription"
        label="SEO description"
        rows={4}
        maxLength={320}
        value={text}
        placeholder={generated}
        hint={
          handWritten
            ? "Written by hand: it stays as written when the package changes, but {price} always says the current “from” price."
            : "Generated from the package (the short description, duration and lowest price), as shown. Type here to write your own."
        }
        onChange={(event) => setText(event.target.value)}
      />
      {stale ? (
        <button
          type="button"
          className={`${adminUi.button} ${adminUi.small} ${styles.addButton}`}
          onClick={() => {
            setText(withCurrentPrice(text, prices, from));
            markDirty();
          }}
        >
          Update the price in it
        </button>
      ) : null}
      {handWritten ? (
        <button
          type="button"
          className={`${adminUi.button} ${adminUi.small} ${styles.addButton}`}
          onClick={() => {
            setText("");
            markDirty();
          }}
        >
          Use the generated description
        </button>
      ) : null}
    </div>
  );
}

/** Status, what publishing still needs, the home carousel, the order, and what search engines show. */
export function SeoPublishingFields({ values, missing }: { values: PackageEditorValues; missing: string[] }) {
  return (
    <div className={editorUi.stack}>
      <PublishStatusField defaultValue={values.status} />
      {missing.length > 0 ? (
        <div className={styles.missing}>
          To publish, this package still needs:
          <ul>
            {missing.map((label) => (
              <li key={label}>{label}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <label className={styles.check}>
        <input type="checkbox" name="featured" defaultChecked={values.featured} /> Featured on home
      </label>
      <p className={styles.hint}>
        A newly featured package joins the end of the carousel. <Link to="/admin/packages/featured">Change the carousel order</Link>
      </p>
      <EditorInput name="sortOrder" label="Sort order" type="number" inputMode="numeric" hint="Lower numbers come first." defaultValue={values.sortOrder} />
      <EditorInput name="seoTitle" label="SEO title" maxLength={120} hint="Empty: the title with the duration." defaultValue={values.seoTitle} />
      <SeoDescriptionField initial={values.seoDescription} />
    </div>
  );
}
