import { useEffect, useState } from "react";
import { formatWhen } from "~/lib/admin-format";
import { PRESENCE_HEARTBEAT_MS, type EditorPresence } from "~/lib/revisions";
import styles from "./history.module.css";

/**
 * Tells the server every 30 s that this editor is open (POST /admin/presence)
 * and says who else has it open: "Asha is editing this package (since
 * 10:40 am)". It blocks no one (ADR 037). Leaving the editor says so too.
 */
export function PresenceNotice({ type, id, noun, initial }: { type: string; id: number; noun: string; initial: EditorPresence[] }) {
  const [editors, setEditors] = useState(initial);
  useEffect(() => {
    let active = true;
    const beat = async (leaving = false) => {
      const body = new URLSearchParams({ entityType: type, entityId: String(id) });
      if (leaving) body.set("leaving", "1");
      try {
        const response = await fetch("/admin/presence", { method: "POST", body, keepalive: leaving, headers: { Accept: "application/json" } });
        if (leaving || !active || !response.ok || !response.headers.get("content-type")?.includes("json")) return;
        const answer = (await response.json()) as { editors?: EditorPresence[] };
        if (active && Array.isArray(answer.editors)) setEditors(answer.editors);
      } catch {
        // Offline for a moment: the next heartbeat tries again.
      }
    };
    void beat();
    const timer = setInterval(() => void beat(), PRESENCE_HEARTBEAT_MS);
    return () => {
      active = false;
      clearInterval(timer);
      void beat(true);
    };
  }, [type, id]);

  return (
    <div role="status" aria-live="polite">
      {editors.length > 0 ? (
        <div className={`${styles.notice} ${styles.warning}`}>
          {editors.map((editor) => (
            <p key={`${editor.name}-${editor.since}`}>
              {editor.name} is editing this {noun} (since {formatWhen(editor.since)}).
            </p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
