import { describe, expect, it } from "vitest";
import { cleanReviewText, hasLink, REVIEW_NO_LINKS, reviewerName, travelledLabel } from "./review";
import { reviewInputSchema } from "./review-schema";

describe("a review's text (ADR 116)", () => {
  it("keeps plain words and drops scripts, styles, tags, control and direction-override characters", () => {
    expect(cleanReviewText("<script>alert(1)</script>Great <b>trip</b>!<style>p{}</style>")).toBe("Great trip!");
    expect(cleanReviewText('<img src=x onerror="alert(1)">Hampi at dawn\u202E\u0007')).toBe("Hampi at dawn");
    expect(cleanReviewText("Day one.\r\n\r\n\r\n\r\nDay two.")).toBe("Day one.\n\nDay two.");
    expect(cleanReviewText("<script>never closed")).toBe("");
    expect(cleanReviewText("Rates 4 < 5 > 3")).toBe("Rates 4  5  3");
  });

  it("finds web addresses but not sentences", () => {
    expect(hasLink("see https://spam.example")).toBe(true);
    expect(hasLink("book at www.cheap.example now")).toBe(true);
    expect(hasLink("cheaptrips.com is better")).toBe(true);
    expect(hasLink("We loved it. The guide was great.")).toBe(false);
    expect(hasLink("Two days in Goa.In the morning we flew on.")).toBe(false);
  });

  it("refuses no stars, a link and a text over 5,000 characters, and cleans the rest", () => {
    const refused = reviewInputSchema.safeParse({ stars: "6", title: "x", body: `Visit http://a.example ${"a".repeat(30)}` });
    expect(refused.success).toBe(false);
    const messages = refused.error!.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(messages).toEqual([
      ["stars", "Choose from 1 to 5 stars."],
      ["body", REVIEW_NO_LINKS],
    ]);
    expect(reviewInputSchema.safeParse({ stars: "5", title: "Long", body: "a".repeat(5001) }).error!.issues[0]!.message).toBe(
      "Keep the review to 5,000 characters.",
    );
    expect(reviewInputSchema.parse({ stars: "4", title: " <i>Good</i> ", body: "A good week, <b>well</b> organised by the team." })).toEqual({
      stars: 4,
      title: "Good",
      body: "A good week, well organised by the team.",
    });
  });

  it("names the traveller by first name and initial, and the month they travelled", () => {
    expect(reviewerName("Meera  Rao")).toBe("Meera R.");
    expect(reviewerName("Arjun")).toBe("Arjun");
    expect(reviewerName(" ")).toBe("Traveller");
    expect(travelledLabel("2027-03-14")).toBe("Travelled March 2027");
  });
});
