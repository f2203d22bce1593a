import { describe, expect, it } from "vitest";
import { NOTICE_COOKIE, noticeCookie, redirectWithNotice, takeNotice } from "./notice.server";

function requestWith(cookie: string) {
  return new Request("http://localhost/admin/users", { headers: { cookie } });
}

describe("flash notices", () => {
  it("round-trips a notice through its cookie and clears it when read", () => {
    const setCookie = noticeCookie({ kind: "success", message: "User added." });
    expect(setCookie).toContain("Path=/admin");
    expect(setCookie).toContain("HttpOnly");
    const { notice, headers } = takeNotice(requestWith(`a=1; ${setCookie.split(";")[0]}`));
    expect(notice).toEqual({ kind: "success", message: "User added." });
    expect(headers.get("Set-Cookie")).toMatch(new RegExp(`^${NOTICE_COOKIE}=; .*Max-Age=0`));
  });

  it("ignores a missing or forged cookie", () => {
    expect(takeNotice(requestWith("a=1")).notice).toBeNull();
    expect(takeNotice(requestWith("a=1")).headers.get("Set-Cookie")).toBeNull();
    const forged = Buffer.from(JSON.stringify({ kind: "html", message: 1 })).toString("base64url");
    expect(takeNotice(requestWith(`${NOTICE_COOKIE}=${forged}`)).notice).toBeNull();
    expect(takeNotice(requestWith(`${NOTICE_COOKIE}=%%%`)).notice).toBeNull();
  });

  it("redirects with 303 and the cookie", () => {
    const response = redirectWithNotice("/admin/users", { kind: "error", message: "No." });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/admin/users");
    expect(response.headers.get("Set-Cookie")).toContain(`${NOTICE_COOKIE}=`);
  });
});
