import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AMOUNT_MESSAGES, MAX_AMOUNT_PAISE, paiseToDecimalRupees, parseRupees, rupeeAmountSchema } from "./money";
import { formatPaise } from "./price";

describe("parseRupees", () => {
  it.each([
    ["1,04,500.50", 1_04_500_50],
    ["104500.5", 1_04_500_50],
    ["104500", 1_04_500_00],
    ["104,500", 1_04_500_00],
    ["₹1,04,500", 1_04_500_00],
    ["₹ 1,04,500/-", 1_04_500_00],
    ["Rs. 52,250.00", 52_250_00],
    ["INR 999", 999_00],
    ["  22440 ", 22_440_00],
    ["0.01", 1],
    [".5", 50],
    ["1.", 100],
    ["007", 700],
    ["1,00,00,000", 1_00_00_000_00],
    ["10,000,000.00", 1_00_00_000_00],
    ["１２３", 123_00], // full-width digits from a phone keyboard
  ])("reads %j as %i paise", (typed, paise) => {
    expect(parseRupees(typed)).toEqual({ ok: true, paise });
  });

  it.each([
    ["", AMOUNT_MESSAGES.empty],
    ["   ", AMOUNT_MESSAGES.empty],
    ["0", AMOUNT_MESSAGES.notPositive],
    ["0.00", AMOUNT_MESSAGES.notPositive],
    ["-500", AMOUNT_MESSAGES.notPositive],
    ["−1,000", AMOUNT_MESSAGES.notPositive],
    ["104500.505", AMOUNT_MESSAGES.tooPrecise],
    ["0.001", AMOUNT_MESSAGES.tooPrecise],
    ["1,00,00,000.01", AMOUNT_MESSAGES.tooLarge],
    ["10000001", AMOUNT_MESSAGES.tooLarge],
    ["99999999999999999999", AMOUNT_MESSAGES.tooLarge],
    ["1,0,4500", AMOUNT_MESSAGES.notAnAmount],
    ["10,45,00", AMOUNT_MESSAGES.notAnAmount],
    ["1 04 500", AMOUNT_MESSAGES.notAnAmount],
    ["1e5", AMOUNT_MESSAGES.notAnAmount],
    ["12abc", AMOUNT_MESSAGES.notAnAmount],
    ["१०४५००", AMOUNT_MESSAGES.notAnAmount],
    [".", AMOUNT_MESSAGES.notAnAmount],
    ["-", AMOUNT_MESSAGES.notAnAmount],
    ["NaN", AMOUNT_MESSAGES.notAnAmount],
  ])("refuses %j: %s", (typed, message) => {
    expect(parseRupees(typed)).toEqual({ ok: false, message });
  });

  it("says the limit in Indian grouping", () => {
    expect(AMOUNT_MESSAGES.tooLarge).toBe("An amount can be at most ₹1,00,00,000 (₹1 crore).");
  });

  it("gives back every amount it formats, to the paisa", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_AMOUNT_PAISE }), (paise) => {
        expect(parseRupees(paiseToDecimalRupees(paise))).toEqual({ ok: true, paise });
        expect(parseRupees(formatPaise(paise))).toEqual({ ok: true, paise });
      }),
      { seed: 46, numRuns: 2000 },
    );
  });
});

describe("rupeeAmountSchema", () => {
  it("turns a form's text or an API's number into paise", () => {
    expect(rupeeAmountSchema.parse("1,04,500.50")).toBe(1_04_500_50);
    expect(rupeeAmountSchema.parse(52250.5)).toBe(52_250_50);
  });

  it("refuses with the message the form shows beside the field", () => {
    const result = rupeeAmountSchema.safeParse("0");
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([AMOUNT_MESSAGES.notPositive]);
    expect(rupeeAmountSchema.safeParse(0.1 + 0.2).error?.issues[0]?.message).toBe(AMOUNT_MESSAGES.tooPrecise);
    expect(rupeeAmountSchema.safeParse(-1).error?.issues[0]?.message).toBe(AMOUNT_MESSAGES.notPositive);
    expect(rupeeAmountSchema.safeParse(null).error?.issues[0]?.message).toBe(AMOUNT_MESSAGES.empty);
  });
});

describe("paiseToDecimalRupees", () => {
  it("always writes two decimals", () => {
    expect(paiseToDecimalRupees(1_04_500_50)).toBe("104500.50");
    expect(paiseToDecimalRupees(1_04_500_00)).toBe("104500.00");
    expect(paiseToDecimalRupees(5)).toBe("0.05");
    expect(paiseToDecimalRupees(0)).toBe("0.00");
    expect(paiseToDecimalRupees(-2_500_75)).toBe("-2500.75");
    expect(() => paiseToDecimalRupees(10.5)).toThrow(RangeError);
  });
});

describe("formatPaise", () => {
  it("groups the Indian way and shows paise only when there are some", () => {
    expect(formatPaise(1_04_500_00)).toBe("₹1,04,500");
    expect(formatPaise(1_04_500_50)).toBe("₹1,04,500.50");
    expect(formatPaise(3_40_000_00)).toBe("₹3,40,000");
    expect(formatPaise(1_00_00_000_00)).toBe("₹1,00,00,000");
    expect(formatPaise(1)).toBe("₹0.01");
    expect(formatPaise(0)).toBe("₹0");
    expect(formatPaise(-5_000_00)).toBe("-₹5,000");
    expect(formatPaise(-5_000_05)).toBe("-₹5,000.05");
  });

  it("is exact for every amount up to ₹1 crore", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_AMOUNT_PAISE }), (paise) => {
        const rupees = String(Math.floor(paise / 100));
        // Indian grouping by hand: the last three digits, then pairs.
        const grouped = rupees.length <= 3 ? rupees : `${rupees.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",")},${rupees.slice(-3)}`;
        expect(formatPaise(paise)).toBe(`₹${grouped}${paise % 100 ? `.${String(paise % 100).padStart(2, "0")}` : ""}`);
      }),
      { seed: 46, numRuns: 2000 },
    );
  });
});
