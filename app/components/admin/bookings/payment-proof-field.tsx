import { useState } from "react";
import { UploadField, type UploadedFile } from "~/components/admin/upload";
import styles from "./booking-money.module.css";

/**
 * "Proof (optional)" of Record payment (issue 46): a photo of the bank's
 * message or a PDF receipt, through the site's uploads (checked by their
 * bytes; a PDF with scripts is refused). Its address goes with the form as
 * proofKey, and the ledger links it.
 */
export function PaymentProofField({ initial, error }: { initial: string; error?: string }) {
  const [kind, setKind] = useState<"image" | "brochure">(initial.endsWith(".pdf") ? "brochure" : "image");
  const [files, setFiles] = useState<UploadedFile[]>(initial ? [{ key: initial, url: initial, name: initial.split("/").pop() }] : []);
  return (
    <div className={styles.wide}>
      <fieldset className={styles.proofKind}>
        <legend>Proof (optional)</legend>
        {(
          [
            ["image", "A photo or screenshot"],
            ["brochure", "A PDF"],
          ] as const
        ).map(([value, label]) => (
          <label key={value}>
            <input type="radio" name="proofKind" value={value} checked={kind === value} onChange={() => setKind(value)} /> {label}
          </label>
        ))}
      </fieldset>
      <UploadField
        key={kind}
        label={kind === "image" ? "Proof: an image" : "Proof: a PDF"}
        kind={kind}
        value={files}
        onChange={setFiles}
        withAlt={false}
        withLibrary={false}
        error={error}
        description={kind === "image" ? "The bank's message or the app's screen: JPEG, PNG or WebP, at most 25 MB." : "A receipt or statement, at most 10 MB."}
      />
      <input type="hidden" name="proofKey" value={files[0]?.url ?? ""} />
    </div>
  );
}
