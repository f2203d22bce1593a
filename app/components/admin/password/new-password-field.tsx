import { useEffect, useId, useRef, useState } from "react";
import type { PasswordOwner } from "~/lib/password-policy";
import styles from "./new-password-field.module.css";

/** `refused`: the policy's own reason, the very one the server will give. */
type Strength = { score: 0 | 1 | 2 | 3 | 4; refused: string | null; warning: string; suggestion: string };

const WORDS = ["Very weak", "Weak", "Fair", "Good", "Strong"] as const;

/**
 * zxcvbn-ts and its dictionaries (~400 KB), and the password policy with its
 * list, load only when someone types a new password. The policy is the
 * server's own module (app/lib/password-policy.ts): what it refuses the meter
 * calls "Not allowed" with the same reason; zxcvbn only grades the rest.
 */
let estimator: Promise<(password: string, owner: PasswordOwner) => Strength> | undefined;
function loadEstimator() {
  estimator ??= Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    // Only its English messages; the English dictionaries are left out of the chunk.
    import("@zxcvbn-ts/language-en").then(({ translations }) => translations),
    import("~/lib/password-policy"),
  ]).then(([core, common, translations, policy]) => {
    const zxcvbn = new core.ZxcvbnFactory({ graphs: common.adjacencyGraphs, dictionary: { ...common.dictionary }, translations });
    return (password, owner) => {
      const refused = policy.passwordProblem(password, owner);
      if (refused) return { score: 0, refused, warning: "", suggestion: "" };
      const result = zxcvbn.check(password, [owner.name ?? "", owner.email ?? ""].filter(Boolean));
      return { score: result.score, refused: null, warning: result.feedback.warning ?? "", suggestion: result.feedback.suggestions[0] ?? "" };
    };
  });
  return estimator;
}

type NewPasswordFieldProps = {
  name: string;
  label: string;
  /** The server's verdict (the policy), shown under the field. */
  error?: string;
  /** The rules in a sentence, always shown. */
  hint: string;
  /** The person's name and e-mail: the policy refuses a password built on them. */
  owner?: PasswordOwner;
  autoComplete?: "new-password";
  required?: boolean;
};

/**
 * A new password: a show/hide toggle, the rules, and a strength meter that
 * names what is weak. The meter only advises; the server's policy decides
 * (ADR 032). Without JavaScript it is a plain password field with its rules.
 */
export function NewPasswordField({ name, label, error, hint, owner = {}, required }: NewPasswordFieldProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const meterId = `${id}-meter`;
  const [shown, setShown] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const [value, setValue] = useState("");
  const [strength, setStrength] = useState<Strength | null>(null);
  const latest = useRef(0);
  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (!value) {
      setStrength(null);
      return;
    }
    const ticket = ++latest.current;
    void loadEstimator().then((estimate) => {
      if (ticket === latest.current) setStrength(estimate(value, owner));
    });
    // owner is a fresh object each render: its name and e-mail are what matter
    // (typed beside the password on the Users page, so the verdict follows them).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, owner.name, owner.email]);

  const describedBy = [hintId, error ? errorId : null, strength ? meterId : null].filter(Boolean).join(" ");
  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <div className={styles.row}>
        <input
          id={inputId}
          name={name}
          type={shown ? "text" : "password"}
          className={styles.input}
          autoComplete="new-password"
          spellCheck={false}
          autoCapitalize="off"
          required={required}
          maxLength={128}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => setValue(event.target.value)}
        />
        {hydrated ? (
          <button type="button" className={styles.toggle} aria-pressed={shown} aria-controls={inputId} onClick={() => setShown((now) => !now)}>
            {/* A toggle keeps its name; its pressed state says whether the password is shown. */}
            Show<span className="visually-hidden"> password</span>
          </button>
        ) : null}
      </div>
      <p id={hintId} className={styles.hint}>
        {hint}
      </p>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
      <div id={meterId} className={styles.meter} aria-live="polite" hidden={!strength}>
        {strength ? (
          <>
            <span className={styles.bar} data-score={strength.score} aria-hidden="true">
              <span />
            </span>
            <span>
              Strength: <strong>{strength.refused ? "Not allowed" : WORDS[strength.score]}</strong>
              {strength.refused ? `. ${strength.refused}` : strength.warning || strength.suggestion ? `. ${strength.warning || strength.suggestion}` : ""}
            </span>
          </>
        ) : null}
      </div>
    </div>
  );
}
