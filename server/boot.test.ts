import { describe, expect, it } from "vitest";
import { e2eFixturesFrom } from "./boot";

describe("the Playwright fixture route (/__e2e, arbitrary SQL)", () => {
  it("exists only when a test run turned it on and set the token: a token alone is not enough", () => {
    expect(e2eFixturesFrom({ E2E_FIXTURES: true, E2E_FIXTURE_TOKEN: "t0ken" })).toEqual({ token: "t0ken" });
    expect(e2eFixturesFrom({ E2E_FIXTURES: false, E2E_FIXTURE_TOKEN: "t0ken" })).toBeUndefined();
    expect(e2eFixturesFrom({ E2E_FIXTURES: true, E2E_FIXTURE_TOKEN: undefined })).toBeUndefined();
  });
});
