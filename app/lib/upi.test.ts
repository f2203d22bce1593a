import { describe, expect, it } from "vitest";
import { readUpiUri, upiIdSchema, upiNote, upiPaymentUri, upiReference } from "./upi";

const agency = { vpa: "pravas.travel@okhdfcbank", payeeName: "Pravas Holidays" };

describe("upiPaymentUri", () => {
  it("builds the issue's URI: two decimals, INR, the note and the reference", () => {
    const uri = upiPaymentUri({ ...agency, amountPaise: 1_56_750_00, note: upiNote("PRV-7KQ2M", "Balance"), reference: upiReference("PRV-7KQ2M", "BAL") });
    expect(uri).toBe("upi://pay?pa=pravas.travel@okhdfcbank&pn=Pravas%20Holidays&am=156750.00&cu=INR&tn=PRV-7KQ2M%20balance&tr=PRV-7KQ2M-BAL");
    expect(upiPaymentUri({ ...agency, amountPaise: 100, note: "x", reference: "A" })).toContain("&am=1.00&");
    expect(upiPaymentUri({ ...agency, amountPaise: 26_125_05, note: "x", reference: "A" })).toContain("&am=26125.05&");
  });

  it("percent-encodes every value from its UTF-8 bytes: a space is %20, never +", () => {
    const uri = upiPaymentUri({
      ...agency,
      payeeName: "Pravas & Co (Tours)",
      amountPaise: 1_00_00_000_00,
      note: "यात्रा #2 + 5% = ok!*'",
      reference: "PRV-7KQ2M-I2",
    });
    // यात्रा is य ा त ् र ा: U+092F U+093E U+0924 U+094D U+0930 U+093E, three bytes each.
    expect(uri).toBe(
      "upi://pay?pa=pravas.travel@okhdfcbank&pn=Pravas%20%26%20Co%20%28Tours%29&am=10000000.00&cu=INR" +
        "&tn=%E0%A4%AF%E0%A4%BE%E0%A4%A4%E0%A5%8D%E0%A4%B0%E0%A4%BE%20%232%20%2B%205%25%20%3D%20ok%21%2A%27&tr=PRV-7KQ2M-I2",
    );
    expect(uri).not.toMatch(/[ +#]/);
    expect(readUpiUri(uri)).toEqual({
      pa: agency.vpa,
      pn: "Pravas & Co (Tours)",
      am: "10000000.00",
      cu: "INR",
      tn: "यात्रा #2 + 5% = ok!*'",
      tr: "PRV-7KQ2M-I2",
    });
  });

  it("refuses what no UPI app would take", () => {
    const good = { ...agency, amountPaise: 100, note: "PRV-7KQ2M deposit", reference: "PRV-7KQ2M-DEP" };
    expect(() => upiPaymentUri({ ...good, vpa: "pravas" })).toThrow(RangeError);
    expect(() => upiPaymentUri({ ...good, vpa: "pravas@ok hdfc" })).toThrow(RangeError);
    expect(() => upiPaymentUri({ ...good, amountPaise: 0 })).toThrow(RangeError);
    expect(() => upiPaymentUri({ ...good, amountPaise: 1_00_00_000_01 })).toThrow(RangeError);
    expect(() => upiPaymentUri({ ...good, amountPaise: 10.5 })).toThrow(RangeError);
    expect(() => upiPaymentUri({ ...good, note: "न".repeat(51) })).toThrow(RangeError);
    expect(() => upiPaymentUri({ ...good, note: "न".repeat(50) })).not.toThrow();
    expect(() => upiPaymentUri({ ...good, reference: "PRV 7KQ2M" })).toThrow(RangeError);
    expect(() => upiPaymentUri({ ...good, reference: "P".repeat(36) })).toThrow(RangeError);
    expect(() => upiPaymentUri({ ...good, payeeName: " " })).toThrow(RangeError);
  });
});

describe("readUpiUri", () => {
  it("reads strictly: a + is a plus, a repeated or broken parameter is nothing", () => {
    expect(readUpiUri("upi://pay?pa=a@b&tn=a+b")).toEqual({ pa: "a@b", tn: "a+b" });
    expect(readUpiUri("upi://pay?pa=a@b&pa=c@d")).toBeNull();
    expect(readUpiUri("upi://pay?pa=a@b&tn=%E0%A4")).toBeNull();
    expect(readUpiUri("upi://pay?pa")).toBeNull();
    expect(readUpiUri("https://pay?pa=a@b")).toBeNull();
  });
});

describe("upiIdSchema", () => {
  it("takes a UPI ID as typed, in lower case", () => {
    expect(upiIdSchema.parse("  Pravas.Travel@OKHDFCBANK ")).toBe("pravas.travel@okhdfcbank");
    expect(upiIdSchema.parse("9845012345@ybl")).toBe("9845012345@ybl");
    expect(upiIdSchema.safeParse("pravas@").error?.issues[0]?.message).toBe("Enter a UPI ID like pravas@okhdfcbank: a name, @ and the bank or app's handle.");
    expect(upiIdSchema.safeParse("pravas@ok.hdfc").success).toBe(false);
  });
});
