import { z } from "zod";
import { PASSWORD_MAX, passwordProblem, type PasswordOwner } from "~/lib/password-policy";

/**
 * Inputs of the Users page, the account page and the set-password page. One
 * schema per input, used by the form's action (the forms name their fields
 * after these keys) and by the domain functions' tests.
 */

const text = (message: string, max: number) =>
  z.preprocess((value) => (typeof value === "string" ? value : ""), z.string().trim().min(1, message).max(max, `Please keep this under ${max} characters.`));

/** A new password: present, then the policy (length, not common); who it belongs to is checked where that is known. */
const password = (message: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value : ""),
    z
      .string()
      .min(1, message)
      .superRefine((value, ctx) => {
        const problem = passwordProblem(value);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
  );

/** The policy's check against the person's own e-mail and name, as a schema refinement. */
function refinePasswordOwner<T>(field: keyof T & string, ownerOf: (input: T) => PasswordOwner) {
  return (input: T, ctx: z.RefinementCtx) => {
    const value = input[field];
    if (typeof value !== "string") return;
    const problem = passwordProblem(value, ownerOf(input));
    if (problem) ctx.addIssue({ code: "custom", path: [field], message: problem });
  };
}

const roleSchema = z.enum(["admin", "editor"], { error: "Choose admin or editor." });

const email = text("Please enter an e-mail address.", 254).pipe(z.email("Please enter a valid e-mail address.").transform((value) => value.toLowerCase()));

const newUserFields = z.object({
  name: text("Please enter a name.", 100),
  email,
  role: roleSchema,
  password: password("Please enter an initial password."),
});

/** Add user with an initial password the admin types (which may not hold the new user's name or e-mail). */
export const addUserSchema = newUserFields.superRefine(refinePasswordOwner("password", (input) => input));

/** Add user and e-mail them a set-password link (only when SMTP is configured). */
export const inviteUserSchema = newUserFields.omit({ password: true });

export const userIdSchema = z.object({ userId: text("Which user?", 100) });

/** A person's name as replies to customers sign it ("this is Asha from Pravas"): one line. */
const staffName = z.preprocess(
  (value) => (typeof value === "string" ? value.replace(/\s+/g, " ") : ""),
  z.string().trim().min(1, "Please enter a name.").max(100, "Please keep this under 100 characters."),
);

/** The account page: one's own name (issue 49). */
export const ownNameSchema = z.object({ name: staffName });

/** The Users page: an admin changes anyone's name. */
export const renameUserSchema = userIdSchema.extend({ name: staffName });

export const changeRoleSchema = userIdSchema.extend({ role: roleSchema });

/** The set-password page (reset and invite links). */
export const setPasswordSchema = z
  .object({
    token: text("This link is incomplete.", 200),
    password: password("Please enter a new password."),
    confirmPassword: z.preprocess((value) => (typeof value === "string" ? value : ""), z.string()),
  })
  .refine((input) => input.password === input.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two passwords do not match.",
  });

/** The account page: change one's own password. */
export const changeOwnPasswordSchema = z
  .object({
    currentPassword: z.preprocess(
      (value) => (typeof value === "string" ? value : ""),
      z.string().min(1, "Please enter your current password.").max(PASSWORD_MAX),
    ),
    newPassword: password("Please enter a new password."),
    confirmPassword: z.preprocess((value) => (typeof value === "string" ? value : ""), z.string()),
  })
  .refine((input) => input.newPassword === input.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two passwords do not match.",
  })
  .refine((input) => input.newPassword !== input.currentPassword, {
    path: ["newPassword"],
    message: "Choose a password different from the current one.",
  });

export type AddUserInput = z.infer<typeof addUserSchema>;
export type InviteUserInput = z.infer<typeof inviteUserSchema>;

/** Form fields as strings, for showing typed values again after an error. */
export function formValues(form: FormData, names: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value.slice(0, 500) : "";
  }
  return values;
}
