import { isAPIError } from "better-auth/api";
import { authHeaders, getAuth } from "~/server/auth/auth.server";
import type { Viewer } from "~/server/auth/guard.server";
import { forgetCheckedSessions } from "~/server/auth/session-check-cache.server";
import { passwordProblem } from "~/lib/password-policy";
import { recordWithSecurityNotice } from "~/server/auth/security-notice.server";
import { afterPasswordChange, type Outcome } from "./user-admin.server";

const WRONG_CURRENT_PASSWORD = "Your current password is not correct.";

/**
 * Changes the signed-in user's own password. Their other sessions end; this
 * browser gets a fresh session cookie (in the returned headers).
 */
export async function changeOwnPassword(
  request: Request,
  viewer: Viewer,
  input: { currentPassword: string; newPassword: string },
  ip?: string | null,
): Promise<Outcome<{ headers: Headers }>> {
  const problem = passwordProblem(input.newPassword, viewer);
  if (problem) return { ok: false, message: problem, field: "newPassword" };
  try {
    const { headers } = await getAuth().api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: authHeaders(request, ip ?? undefined),
      returnHeaders: true,
    });
    forgetCheckedSessions();
    await afterPasswordChange(viewer.id);
    await recordWithSecurityNotice(
      {
        kind: "user.password-changed",
        actor: { id: viewer.id, email: viewer.email, name: viewer.name },
        subject: { type: "user", id: viewer.id, label: viewer.email },
        ip: ip ?? null,
      },
      { change: "password-changed", to: viewer.email },
    );
    const cookies = new Headers();
    for (const cookie of headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
    return { ok: true, value: { headers: cookies } };
  } catch (error) {
    if (isAPIError(error) && (error.body as { code?: string } | undefined)?.code === "INVALID_PASSWORD") {
      return { ok: false, message: WRONG_CURRENT_PASSWORD, field: "currentPassword" };
    }
    throw error;
  }
}
