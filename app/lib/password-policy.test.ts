import { describe, expect, it } from "vitest";
import { countedLength, passwordProblem } from "./password-policy";

const owner = { email: "asha.rao@pravas.travel", name: "Asha Rao" };

describe("the password policy", () => {
  it.each([
    ["aaaaaaaaaa", /at least 12/],
    ["1234567890", /at least 12/],
    ["password12", /at least 12/],
    ["          ", /at least 12/],
    ["aaaaaaaaaaaa", /too easy to guess/],
    ["            ", /only spaces/],
    ["password1234", /too easy to guess/],
    ["PASSWORD1234!", /too easy to guess/],
    ["qwertyuiop12", /too easy to guess/],
    ["123456789012", /too easy to guess/],
    ["abcabcabcabc", /too easy to guess/],
    ["Iloveyou  2024", /too easy to guess/],
    ["asha.rao@pravas.travel", /name or e-mail/],
    ["my asha.rao password", /name or e-mail/],
    ["AshaRao-travels-2026", /name or e-mail/],
    ["x".repeat(129), /at most 128/],
  ])("refuses %j", (password, reason) => {
    expect(passwordProblem(password, owner)).toMatch(reason);
  });

  // Issue 44 finding 4: passwords padded with spaces or repeats, and the site's own name.
  it.each([
    [`x${" ".repeat(11)}`, /at least 12 characters \(spaces in a row count as one\)/],
    [`${" ".repeat(12)}b`, /at least 12 characters/],
    ["a    b    c    d", /at least 12 characters/],
    ["passwordpassword", /repeats itself/],
    ["abcdefabcdef", /repeats itself/],
    ["monsoonmonsoon", /repeats itself/],
    ["goa! goa! goa! goa!", /repeats itself/],
    ["x!!!!!!!!!!!!!!!!", /repeats itself/],
    ["Pravas2026!!", /this site's name/],
    ["pravas travel", /this site's name/],
  ])("refuses the padded or repeated %j", (password, reason) => {
    expect(passwordProblem(password, { email: "kiran@example.com", name: "Kiran" })).toMatch(reason);
  });

  it.each([
    "correct horse battery",
    "Tea in Munnar at dawn",
    "ghat-road-switchbacks",
    "passage to the hills",
    "z7!Kq2#vLm9@",
    "banana bread at noon",
    "Mississippi steamboat",
    "Coffee at 9am",
    "my pravas trip to goa",
  ])("accepts %j (spaces and any letters allowed, no composition rules)", (password) => {
    expect(passwordProblem(password, owner)).toBeNull();
  });

  it("counts a run of spaces as one and ignores them at the ends", () => {
    expect(countedLength("  a   b  ")).toBe(3);
    expect(countedLength("tea in munnar")).toBe(13);
  });

  it("does not hold a short e-mail part against a password", () => {
    expect(passwordProblem("bob's mountain trip", { email: "bo@example.com", name: "Bo" })).toBeNull();
  });

  it("refuses “Ravi Kumar travels” for Ravi Kumar, on both sides: the meter runs this very function (issue 49)", () => {
    expect(passwordProblem("Ravi Kumar travels", { name: "Ravi Kumar", email: "ravi@pravas.travel" })).toBe(
      "Do not use your name or e-mail address in your password.",
    );
    expect(passwordProblem("Ravi Kumar travels", { name: "Nisha Editor", email: "nisha@pravas.travel" })).toBeNull();
  });
});
