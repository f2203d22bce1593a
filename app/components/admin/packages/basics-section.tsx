import type { PackageEditorValues } from "~/lib/package-editor-values";
import { editorUi } from "../editor-layout";
import { useDerivedSlug } from "../use-editor-form";
import { EditorInput, EditorSelect, EditorTextArea } from "./editor-field";
import styles from "./package-editor.module.css";

const REGION_OPTIONS = [
  { value: "", label: "Choose…" },
  { value: "international", label: "International" },
  { value: "national", label: "National (India)" },
];

/** Title and address, where and how long, and the descriptions. */
export function BasicsFields({ values }: { values: PackageEditorValues }) {
  const { slug, followTitle, editSlug } = useDerivedSlug(values.slug);
  return (
    <div className={editorUi.stack}>
      <EditorInput name="title" label="Title" required maxLength={200} defaultValue={values.title} onChange={(event) => followTitle(event.target.value)} />
      <EditorInput
        name="slug"
        label="Address (slug)"
        hint={`The page's address: /packages/${slug || "…"}. Made from the title until you change it.`}
        maxLength={80}
        value={slug}
        onChange={(event) => editSlug(event.target.value)}
      />
      <div className={styles.grid2}>
        <EditorInput name="country" label="Country" maxLength={80} defaultValue={values.country} />
        <EditorSelect name="region" label="Region" defaultValue={values.region} options={REGION_OPTIONS} />
        <EditorInput name="category" label="Category" maxLength={60} defaultValue={values.category} />
        <EditorInput name="days" label="Days" type="number" inputMode="numeric" min={1} max={90} defaultValue={values.days} />
        <EditorInput name="nights" label="Nights" type="number" inputMode="numeric" min={0} max={90} defaultValue={values.nights} />
      </div>
      <EditorTextArea name="description" label="Short description" rows={3} maxLength={600} defaultValue={values.description} />
      <EditorTextArea name="longDescription" label="Long description" rows={8} defaultValue={values.longDescription} />
    </div>
  );
}
