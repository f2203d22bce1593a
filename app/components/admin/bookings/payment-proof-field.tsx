import { useState } from "react";
import { UploadField, type UploadedFile } from "~/components/admin/upload";
import styles from "./booking-money.module.css";

/**
 * "Proof (optional)" of Record payment (issue 46): a photo of the bank's
 * message or a PDF receipt, through the site's uploads as kind `proof`
 * (checked by its bytes; a PDF with scripts is refused). It is kept private
 * (ADR 114): its key goes with the form as proofKey, and the ledger links it
 * through the proof route, never a /media address.
 */
export function PaymentProofField({ initial, error }: { initial: string; error?: string }) {
  const [files, setFiles] = useState<UploadedFile[]>(initial ? [{ key: initial, url: "", name: initial.split("/").pop() }] : []);
  return (
    <div className={styles.wide}>
      <UploadField
        label="Proof (optional)"
        kind="proof"
        value={files}
        onChange={setFiles}
        withAlt={false}
        withLibrary={false}
        error={error}
        description="The bank's message or the app's screen (JPEG, PNG, WebP or HEIC), or a PDF receipt; at most 25 MB. Only the team sees it."
      />
      <input type="hidden" name="proofKey" value={files[0]?.key ?? ""} />
    </div>
  );
}
