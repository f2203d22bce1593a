import { useEffect, useRef } from "react";

/** After a refused post, moves focus to the first invalid field (its error is read with it). */
export function useFocusFirstError(errors: Record<string, string> | undefined) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!errors || Object.keys(errors).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  return formRef;
}
