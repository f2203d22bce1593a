import { ConfirmAction } from "../confirm-dialog";

/**
 * "Duplicate package": a draft copy of the saved package, "(copy)" in its
 * title and a new address, made through the same create path as any package
 * (writeContent), then opened. A plain form post in the shared dialog, so it
 * works without JavaScript too.
 */
export function DuplicatePackage({ title, dirty, disabled }: { title: string; dirty: boolean; disabled: boolean }) {
  return (
    <ConfirmAction
      triggerLabel="Duplicate package"
      title="Duplicate this package?"
      description={
        <>
          <p>
            A draft copy, <strong>{title} (copy)</strong>, is made from the saved package with its own address, and opens for editing. Only staff see it until
            it is published.
          </p>
          {dirty ? <p>Your unsaved changes here are not copied: save first to include them.</p> : null}
        </>
      }
      confirmLabel="Make a draft copy"
      disabled={disabled}
    >
      <input type="hidden" name="intent" value="duplicate" />
    </ConfirmAction>
  );
}
