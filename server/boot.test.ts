import { describe, expect, it } from "vitest";
import { e2eFixturesFrom } from "./boot";

describe("the Playwright fixture route (/__e2e, arbitrary SQL)", () => {
  it("exists only in a test run that set the token: a token alone is not enough", () => {
    expect(e2eFixturesFrom({ NODE_ENV: "test", E2E_FIXTURE_TOKEN: "t0ken" })).toEqual({ token: "t0ken" });
    expect(e2eFixturesFrom({ NODE_ENV: "production", E2E_FIXTURE_TOKEN: "t0ken" })).toBeUndefined();
    expect(e2eFixturesFrom({ NODE_ENV: "development", E2E_FIXTURE_TOKEN: "t0ken" })).toBeUndefined();
    expect(e2eFixturesFrom({ NODE_ENV: "test", E2E_FIXTURE_TOKEN: undefined })).toBeUndefined();
  });
});
