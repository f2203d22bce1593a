import { describe, expect, it } from "vitest";
import { activitySentence } from "./activity-labels";

describe("activitySentence: an entry as the dashboard says it after the person's name", () => {
  it("keeps the label's capitals and does not name the subject twice (issue 49)", () => {
    expect(activitySentence("home.faqs-updated", "FAQ")).toBe("changed the FAQ");
    expect(activitySentence("home.cards-updated", "Why Choose Us and the process")).toBe("changed Why Choose Us or the process steps");
    expect(activitySentence("settings.updated", "Site settings")).toBe("changed the site settings");
  });

  it("names the item a change was about", () => {
    expect(activitySentence("package.updated", "Bali Group Tour")).toBe("updated a package: Bali Group Tour");
    expect(activitySentence("auth.sign-in", "")).toBe("signed in");
    expect(activitySentence("unknown.kind", "X")).toBe("unknown.kind: X");
  });
});
