import { describe, expect, it } from "vitest";
import { fillTermText, siteTermsInputSchema } from "./package-terms-schema";

const taxes = {
  gstPercent: 5,
  serviceChargeGstPercent: 18,
  gstLabel: "GST",
  tcsPercent: 20,
  tcsLabel: "TCS",
};

describe("fillTermText", () => {
  it("puts in the refund rule and the tax settings", () => {
    expect(fillTermText("{refund} Then {gst}, and {tcs} abroad.", "Refunds: 90% until 30 days before.", taxes)).toBe(
      "Refunds: 90% until 30 days before. Then 5% GST, and 20% TCS abroad.",
    );
  });

  it("writes a fractional rate as people do", () => {
    expect(fillTermText("{tcs}", "", { ...taxes, tcsPercent: 0.5 })).toBe("0.5% TCS");
  });
});

describe("siteTermsInputSchema", () => {
  it("asks for a title and text on every clause and a refund rule", () => {
    const result = siteTermsInputSchema.safeParse({
      refundRule: " ",
      clauses: [{ title: "", text: "x" }],
      conveniences: ["ok"],
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(messages).toEqual(["refundRule: Enter the refund rule.", "clauses.0.title: Enter the clause's title."]);
  });
});
