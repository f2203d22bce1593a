import { describe, expect, it } from "vitest";
import { amountInWords } from "./amount-in-words";

describe("amountInWords", () => {
  it.each([
    [10450000, "Rupees One Lakh Four Thousand Five Hundred Only"],
    [10450050, "Rupees One Lakh Four Thousand Five Hundred and Fifty Paise Only"],
    [0, "Rupees Zero Only"],
    [1, "One Paisa Only"],
    [50, "Fifty Paise Only"],
    [100, "Rupees One Only"],
    [101, "Rupees One and One Paisa Only"],
    [1999, "Rupees Nineteen and Ninety Nine Paise Only"],
    [2000, "Rupees Twenty Only"],
    [4200, "Rupees Forty Two Only"],
    [10000, "Rupees One Hundred Only"],
    [11100, "Rupees One Hundred Eleven Only"],
    [99900, "Rupees Nine Hundred Ninety Nine Only"],
    [100000, "Rupees One Thousand Only"],
    [100100, "Rupees One Thousand One Only"],
    [1000000, "Rupees Ten Thousand Only"],
    [9999999, "Rupees Ninety Nine Thousand Nine Hundred Ninety Nine and Ninety Nine Paise Only"],
    [10000000, "Rupees One Lakh Only"],
    [10972500, "Rupees One Lakh Nine Thousand Seven Hundred Twenty Five Only"],
    [21945000, "Rupees Two Lakh Nineteen Thousand Four Hundred Fifty Only"],
    [13201814, "Rupees One Lakh Thirty Two Thousand Eighteen and Fourteen Paise Only"],
    [99999999, "Rupees Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine and Ninety Nine Paise Only"],
    [100000000, "Rupees Ten Lakh Only"],
    [1000000000, "Rupees One Crore Only"],
    [1005000000, "Rupees One Crore Fifty Thousand Only"],
    [123456789000, "Rupees One Hundred Twenty Three Crore Forty Five Lakh Sixty Seven Thousand Eight Hundred Ninety Only"],
    [
      123456789010123,
      "Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six Crore Seventy Eight Lakh Ninety Thousand One Hundred One and Twenty Three Paise Only",
    ],
  ])("%i paise: %s", (paise, words) => expect(amountInWords(paise)).toBe(words));

  it.each([-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])("refuses %s", (paise) => expect(() => amountInWords(paise)).toThrow(RangeError));
});
