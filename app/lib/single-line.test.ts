import { describe, expect, it } from "vitest";
import { singleLine } from "./single-line";

describe("singleLine", () => {
  it("folds every kind of line break and control character into one space", () => {
    expect(singleLine("Asha\r\nRao")).toBe("Asha Rao");
    expect(singleLine("Asha\n\nPhone: 000\u2028E-mail: x\u2029y\u0085z\u000bw\fv")).toBe("Asha Phone: 000 E-mail: x y z w v");
    expect(singleLine("  Asha\t Rao \u0000 ")).toBe("Asha Rao");
  });

  it("leaves ordinary text alone", () => {
    expect(singleLine("Asha Rao — Bali 7D/6N")).toBe("Asha Rao — Bali 7D/6N");
  });
});
