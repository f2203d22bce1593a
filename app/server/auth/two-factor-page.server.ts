import { data } from "react-router";
import { redirectWithNotice } from "~/server/admin/notice.server";
import type { Viewer } from "./guard.server";
import { beginEnrolment, confirmEnrolment, enrolmentView, regenerateRecoveryCodes, turnOffTwoFactor, type Enrolment } from "./two-factor.server";

/** What the account page's two-step panel shows after a post: an enrolment in progress, new codes, or an error. */
type TwoStepActionData = {
  twoStep: { enrolment?: Enrolment; recoveryCodes?: string[]; errors: Record<string, string> };
};

const ACCOUNT = "/admin/account";
const text = (form: FormData, name: string, max = 200) => String(form.get(name) ?? "").slice(0, max);

/** The enrolment the form carried, shown again after a wrong code (the check itself uses the stored secret). */
function postedEnrolment(form: FormData): Promise<Enrolment> {
  const codes = form
    .getAll("recoveryCode")
    .map(String)
    .filter((code) => /^[\w-]{1,20}$/.test(code))
    .slice(0, 20);
  return enrolmentView(text(form, "otpauthUrl", 500), codes);
}

/** The account page's two-step intents ("2fa-…"); null for any other intent. */
export async function handleTwoStepAction(request: Request, form: FormData, viewer: Viewer, ip: string) {
  const intent = form.get("intent");
  const fail = (errors: Record<string, string>, enrolment?: Enrolment) => data<TwoStepActionData>({ twoStep: { errors, enrolment } }, { status: 400 });
  if (intent === "2fa-begin") {
    const begun = await beginEnrolment(request, text(form, "password", 128));
    if (!begun.ok) return fail({ [begun.field === "password" ? "twoStepPassword" : "twoStep"]: begun.message });
    return data<TwoStepActionData>({ twoStep: { enrolment: begun.value, errors: {} } });
  }
  if (intent === "2fa-confirm") {
    const confirmed = await confirmEnrolment(request, viewer, text(form, "code", 12).replace(/\s+/g, ""), ip);
    if (!confirmed.ok) return fail({ [confirmed.field ?? "twoStep"]: confirmed.message }, await postedEnrolment(form));
    return redirectWithNotice(
      `${ACCOUNT}#two-step`,
      { kind: "success", message: "Two-step sign-in is on. Keep your recovery codes somewhere safe." },
      confirmed.value.headers,
    );
  }
  if (intent === "2fa-off") {
    const off = await turnOffTwoFactor(request, viewer, text(form, "password", 128), ip);
    if (!off.ok) return fail({ [off.field === "password" ? "twoStepPassword" : "twoStep"]: off.message });
    return redirectWithNotice(`${ACCOUNT}#two-step`, { kind: "success", message: "Two-step sign-in is off." }, off.value.headers);
  }
  if (intent === "2fa-codes") {
    const codes = await regenerateRecoveryCodes(request, viewer, text(form, "password", 128), ip);
    if (!codes.ok) return fail({ [codes.field === "password" ? "codesPassword" : "twoStep"]: codes.message });
    return data<TwoStepActionData>({ twoStep: { recoveryCodes: codes.value, errors: {} } });
  }
  return null;
}
