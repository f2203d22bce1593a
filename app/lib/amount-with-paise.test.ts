import { describe, expect, it } from "vitest";
import { formatWithPaise } from "./amount-with-paise";

describe("formatWithPaise", () => {
  it.each([
    [10450050, "₹1,04,500.50"],
    [10450000, "₹1,04,500.00"],
    [0, "₹0.00"],
    [5, "₹0.05"],
    [-200000, "-₹2,000.00"],
    [123456789010123, "₹12,34,56,78,90,101.23"],
  ])("%i paise: %s", (paise, text) => expect(formatWithPaise(paise)).toBe(text));

  it("refuses a fraction of a paisa", () => expect(() => formatWithPaise(1.5)).toThrow(RangeError));
});
