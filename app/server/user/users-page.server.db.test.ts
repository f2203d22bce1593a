import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listActivity } from "~/server/activity/activity.server";
import { NOTICE_COOKIE } from "~/server/admin/notice.server";
import { getAuth, resetAuthForTests } from "~/server/auth/auth.server";
import type { Viewer } from "~/server/auth/guard.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { quickPasswordHasher } from "../../../tests/support/quick-password-hasher";
import { listStaff, setPasswordWithToken } from "./user-admin.server";
import { handleUsersAction } from "./users-page.server";

/** The Users page's actions with SMTP configured: invitations and reset links go by e-mail. */
const inbox: { to: string; body: string }[] = [];
let smtp: SMTPServer;
let admin: Viewer;

function post(fields: Record<string, string>) {
  return new Request("http://localhost:3000/admin/users", { method: "POST", body: new URLSearchParams(fields) });
}

function noticeOf(response: Response): { kind: string; message: string } | null {
  const cookie = response.headers.get("Set-Cookie") ?? "";
  const value = new RegExp(`${NOTICE_COOKIE}=([^;]+)`).exec(cookie)?.[1];
  return value ? JSON.parse(Buffer.from(value, "base64url").toString("utf8")) : null;
}

/** The link's token from a message body (quoted-printable decoded). */
function tokenIn(text: string): string {
  const decoded = text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return /reset-password\/([\w-]+)/.exec(decoded)?.[1] ?? "";
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let body = "";
      stream.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      stream.on("end", () => {
        inbox.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(","), body });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const address = smtp.server.address();
  process.env.SMTP_URL = `smtp://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  // Passwords are checked at a test's cost: these tests are about who may do what, not the hashing (quick-password-hasher.ts).
  resetAuthForTests({ passwordHasher: quickPasswordHasher });
  await openTestDatabase();
  const { user } = await getAuth().api.createUser({
    body: { email: "chief@example.com", password: "chief-password-1", name: "Chief Admin", role: "admin" },
  });
  admin = { id: user.id, email: user.email, name: user.name, role: "admin" };
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  resetAuthForTests();
  await closeTestDatabase();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe("Users page actions", () => {
  it("keeps typed values and names each bad field", async () => {
    const result = (await handleUsersAction(post({ intent: "create", name: "Nia", email: "nope", role: "editor" }), admin, "10.0.0.9")) as {
      data: { add: { errors: Record<string, string>; values: Record<string, string> } };
      init: { status: number };
    };
    expect(result.init.status).toBe(400);
    expect(result.data.add.values).toEqual({ name: "Nia", email: "nope", role: "editor" });
    expect(Object.keys(result.data.add.errors).sort()).toEqual(["email", "password"]);
  });

  it("'Send invite' adds the user and e-mails a set-password link that works once", async () => {
    const response = (await handleUsersAction(
      post({ intent: "invite", name: "Ina Invite", email: "ina@example.com", role: "editor" }),
      admin,
      "10.0.0.9",
    )) as Response;
    expect(response.status).toBe(303);
    expect(noticeOf(response)).toEqual({ kind: "success", message: "Ina Invite was added and an invitation was e-mailed to ina@example.com." });
    const mail = inbox.find((message) => message.to === "ina@example.com");
    expect(mail?.body).toContain("Your Pravas back-office account");
    const token = tokenIn(mail!.body);
    expect(token.length).toBeGreaterThan(20);
    expect(await setPasswordWithToken(token, "ina-password-1")).toMatchObject({ ok: true });
    await expect(getAuth().api.signInEmail({ body: { email: "ina@example.com", password: "ina-password-1" } })).resolves.toBeTruthy();
    expect((await listActivity({ kind: "user.invited" }))[0]).toMatchObject({ subjectLabel: "ina@example.com", ip: "10.0.0.9" });
  });

  it("'Reset password' e-mails the link when SMTP is configured", async () => {
    const ina = (await listStaff()).find((user) => user.email === "ina@example.com")!;
    inbox.length = 0;
    const response = (await handleUsersAction(post({ intent: "reset-link", userId: ina.id }), admin, "10.0.0.9")) as Response;
    expect(noticeOf(response)).toEqual({ kind: "success", message: "A password reset link was e-mailed to ina@example.com." });
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.body).toContain("Reset your Pravas back-office password");
  });

  it("refuses an unknown role with a notice", async () => {
    const ina = (await listStaff()).find((user) => user.email === "ina@example.com")!;
    const response = (await handleUsersAction(post({ intent: "role", userId: ina.id, role: "owner" }), admin, "10.0.0.9")) as Response;
    expect(noticeOf(response)).toEqual({ kind: "error", message: "Choose admin or editor." });
    expect((await listStaff()).find((user) => user.id === ina.id)?.role).toBe("editor");
  });
});
