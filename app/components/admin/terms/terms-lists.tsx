import type { PackageTerm } from "~/lib/package-terms-schema";
import { EditorInput, EditorTextArea } from "../packages/editor-field";
import { ListEditor } from "../home/list-editor";

/**
 * The terms clauses and the convenience list as edited lists (Move up, Move
 * down, Remove, Add), posted as `{prefix}clauses[n].title` and
 * `{prefix}conveniences[n]`: the site-wide terms screen and a package's own
 * terms share them (ADR 044).
 */
export function TermsClausesList({ initial, prefix = "", onChange }: { initial: PackageTerm[]; prefix?: string; onChange: () => void }) {
  return (
    <ListEditor
      initial={initial}
      blank={() => ({ title: "", text: "" })}
      addLabel="Add a clause"
      itemLabel={(index) => `clause ${index + 1}`}
      onChange={onChange}
      renderRow={(item, index) => (
        <>
          <EditorInput name={`${prefix}clauses[${index}].title`} label={`Clause ${index + 1}: title`} maxLength={120} defaultValue={item.title} />
          <EditorTextArea name={`${prefix}clauses[${index}].text`} label={`Clause ${index + 1}: text`} rows={3} maxLength={2000} defaultValue={item.text} />
        </>
      )}
    />
  );
}

export function ConveniencesList({ initial, prefix = "", onChange }: { initial: string[]; prefix?: string; onChange: () => void }) {
  return (
    <ListEditor
      initial={initial}
      blank={() => ""}
      addLabel="Add a line"
      itemLabel={(index) => `line ${index + 1}`}
      onChange={onChange}
      renderRow={(item, index) => <EditorInput name={`${prefix}conveniences[${index}]`} label={`Line ${index + 1}`} maxLength={200} defaultValue={item} />}
    />
  );
}
