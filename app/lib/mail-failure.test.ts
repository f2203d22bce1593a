import { describe, expect, it } from "vitest";
import { mailFailureMessage, plainMailError } from "./mail-failure";

describe("e-mail failures in plain words (issue 49)", () => {
  it("says the issue's sentence for a refused connection, in Indian time", () => {
    // 09:03 UTC is 2:33 pm in India.
    const failure = { since: new Date("2026-11-28T09:03:00Z"), lastError: "Error: connect ECONNREFUSED 127.0.0.1:2525" };
    expect(mailFailureMessage(failure, new Date("2026-11-28T10:00:00Z"))).toBe(
      "E-mails to the team are failing since 2:33 pm: the mail server refuses connections.",
    );
    expect(mailFailureMessage(failure, new Date("2026-11-29T10:00:00Z"))).toBe(
      "E-mails to the team are failing since 28 Nov, 2:33 pm: the mail server refuses connections.",
    );
  });

  it.each([
    ["Error: Connection timeout", "the mail server does not answer"],
    ["Error: getaddrinfo ENOTFOUND smtp.example.com", "the mail server's address cannot be found"],
    ["Error: Invalid login: 535 5.7.8 Username and Password not accepted", "the mail server refuses our user name or password (SMTP_URL)"],
    ["Error: Can't send mail - all recipients were rejected: 550 5.1.1 No such user", "the mail server refuses an address or the message"],
    ["Error: 421 Too many connections", "the mail server asks us to try later"],
    ["Error: something else", "the mail server reports an error"],
  ])("%s: %s", (error, words) => {
    expect(plainMailError(error)).toBe(words);
  });
});
