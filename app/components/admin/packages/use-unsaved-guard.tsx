import { useEffect } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "../confirm-dialog";

/**
 * Leaving with unsaved changes asks first: in-app navigation through the
 * shared confirm dialog (useBlocker), closing or reloading the tab through the
 * browser's own prompt (beforeunload). Submitting the form is not leaving.
 */
export function UnsavedChangesGuard({ dirty, what = "package" }: { dirty: boolean; what?: string }) {
  const blocker = useBlocker(({ currentLocation, nextLocation, historyAction }) => {
    if (!dirty) return false;
    // The save itself (post, then redirect back here) is not leaving.
    if (historyAction === "REPLACE" && currentLocation.pathname === nextLocation.pathname) return false;
    return currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search;
  });
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      title="Leave without saving?"
      description={`You have unsaved changes to this ${what}. If you leave now, they are lost.`}
      confirmLabel="Leave without saving"
      cancelLabel="Stay on this page"
      tone="danger"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
