import { useEffect } from "react";

/**
 * Ctrl+S (Cmd+S on a Mac) saves: it presses the form's save button, so the
 * post is the same as a click (and waits while a save or an upload runs).
 * The browser's own "Save page" never opens here. Inside an open dialog it
 * does nothing: the dialog has its own buttons.
 */
export function useSaveShortcut(formId: string, buttonId: string) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== "s") return;
      event.preventDefault();
      if (document.querySelector("dialog[open]")) return;
      const form = document.getElementById(formId);
      const button = document.getElementById(buttonId);
      if (!(form instanceof HTMLFormElement) || !(button instanceof HTMLButtonElement) || button.disabled) return;
      form.requestSubmit(button);
    };
    window.addEventListener("keydown", onKeyDown, true);
    return () => window.removeEventListener("keydown", onKeyDown, true);
  }, [formId, buttonId]);
}
