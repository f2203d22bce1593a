import { data } from "react-router";
import type { AdminNotice } from "~/lib/admin-notice";
import { redirectWithNotice } from "~/server/admin/notice.server";
import type { Viewer } from "~/server/auth/guard.server";
import { resetTwoFactorFor, setTwoFactorRequired } from "~/server/auth/two-factor.server";
import { fieldErrors } from "~/server/forms/form-input.server";
import { isStaffMailConfigured, sendStaffMail } from "./staff-mail.server";
import { changeRole, createPasswordLink, createStaff, deactivateStaff, reactivateStaff, type ActorContext, type PasswordLink } from "./user-admin.server";
import { addUserSchema, changeRoleSchema, formValues, inviteUserSchema, renameUserSchema, userIdSchema } from "./user-schemas.server";
import { renameStaff } from "./user-name.server";

/** The Users page's form posts, one `intent` each (the route module stays thin). */

const USERS_PAGE = "/admin/users";
const done = (notice: AdminNotice) => redirectWithNotice(USERS_PAGE, notice);
const failed = (message: string) => done({ kind: "error", message });

function linkData(link: PasswordLink, reason?: string) {
  return {
    link: { name: link.user.name, email: link.user.email, url: link.url, expiresAt: link.expiresAt.toISOString(), reason },
  };
}

function mailText(kind: "invite" | "reset", name: string, link: PasswordLink) {
  const intro =
    kind === "invite"
      ? `Hello ${name},\n\nYou have been given access to the Pravas back office. Choose your password here:`
      : `Hello ${name},\n\nAn admin has reset your Pravas back-office password. Choose a new one here:`;
  return `${intro}\n\n${link.url}\n\nThe link works once and expires on ${link.expiresAt.toUTCString()}.\n`;
}

export async function handleUsersAction(request: Request, viewer: Viewer, ip: string) {
  const form = await request.formData();
  const intent = form.get("intent");
  const context: ActorContext = { actor: viewer, ip };
  const body = Object.fromEntries([...form].filter(([, value]) => typeof value === "string"));

  if (intent === "create" || intent === "invite") {
    const values = formValues(form, ["name", "email", "role"]);
    const invite = intent === "invite" && isStaffMailConfigured();
    const parsed = (invite ? inviteUserSchema : addUserSchema).safeParse(body);
    if (!parsed.success) return data({ add: { errors: fieldErrors(parsed.error), values } }, { status: 400 });
    const created = await createStaff(parsed.data, context);
    if (!created.ok) {
      return data({ add: { errors: { [created.field ?? "form"]: created.message }, values } }, { status: 400 });
    }
    const user = created.value;
    if (!invite) return done({ kind: "success", message: `${user.name} was added as ${user.role}.` });
    const link = await createPasswordLink(user.id, "invite", context);
    if (!link.ok) return failed(link.message);
    const sent = await sendStaffMail({ to: user.email, subject: "Your Pravas back-office account", text: mailText("invite", user.name, link.value) });
    if (sent) return done({ kind: "success", message: `${user.name} was added and an invitation was e-mailed to ${user.email}.` });
    return data(linkData(link.value, `${user.name} was added, but the invitation e-mail could not be sent.`));
  }

  if (intent === "role") {
    const parsed = changeRoleSchema.safeParse(body);
    if (!parsed.success) return failed("Choose admin or editor.");
    const changed = await changeRole(parsed.data.userId, parsed.data.role, context);
    if (!changed.ok) return failed(changed.message);
    return done({ kind: "success", message: `${changed.value.name} is now ${parsed.data.role === "admin" ? "an admin" : "an editor"}.` });
  }

  if (intent === "rename") {
    const parsed = renameUserSchema.safeParse(body);
    if (!parsed.success) return failed(fieldErrors(parsed.error).name ?? "Which user? Reload the page and try again.");
    const renamed = await renameStaff(parsed.data.userId, parsed.data.name, context);
    if (!renamed.ok) return failed(renamed.message);
    const { from, to } = renamed.value;
    return done({ kind: "success", message: from === to ? `${to}'s name is unchanged.` : `${from} is now ${to}.` });
  }

  if (intent === "require-two-factor") {
    const required = form.get("required") === "on";
    // Requiring it would send the admin straight to set it up: they set it up first.
    if (required && !viewer.twoFactorEnabled)
      return failed("Turn on two-step sign-in for your own account first (on your account page), then require it for everyone.");
    await setTwoFactorRequired(required, viewer, ip);
    return done({
      kind: "success",
      message: required ? "Two-step sign-in is now required: staff without it set it up at their next page." : "Two-step sign-in is now optional.",
    });
  }

  const parsed = userIdSchema.safeParse(body);
  if (!parsed.success) return failed("Which user? Reload the page and try again.");
  const { userId } = parsed.data;

  if (intent === "reset-two-factor") {
    const reset = await resetTwoFactorFor(userId, viewer, ip);
    if (!reset.ok) return failed(reset.message);
    return done({ kind: "success", message: `${reset.value.name}'s two-step sign-in was reset and they were signed out.` });
  }

  if (intent === "deactivate") {
    const changed = await deactivateStaff(userId, context);
    if (!changed.ok) return failed(changed.message);
    return done({ kind: "success", message: `${changed.value.name} was deactivated and signed out.` });
  }
  if (intent === "reactivate") {
    const changed = await reactivateStaff(userId, context);
    if (!changed.ok) return failed(changed.message);
    return done({ kind: "success", message: `${changed.value.name} was reactivated.` });
  }
  if (intent === "reset-link") {
    const link = await createPasswordLink(userId, "reset", context);
    if (!link.ok) return failed(link.message);
    if (!isStaffMailConfigured()) return data(linkData(link.value));
    const { user } = link.value;
    const sent = await sendStaffMail({ to: user.email, subject: "Reset your Pravas back-office password", text: mailText("reset", user.name, link.value) });
    if (sent) return done({ kind: "success", message: `A password reset link was e-mailed to ${user.email}.` });
    return data(linkData(link.value, "The e-mail could not be sent."));
  }
  return failed("Unknown action. Reload the page and try again.");
}
