import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * React Router's default client entry, with one change (ADR 078): hydration
 * starts in an idle period of its own, not in the task that evaluates this
 * module and React DOM with it, so the two are not one long task. It runs in a
 * transition, which React renders in slices of about 5 ms.
 */
function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

if (typeof requestIdleCallback === "function") requestIdleCallback(hydrate, { timeout: 500 });
else setTimeout(hydrate, 0);
