import { describe, expect, it } from "vitest";
import { introReveal, introWords, toggleHighlight } from "./intro-highlights";

describe("introWords", () => {
  it("reads ==word== as a highlighted word without its marks", () => {
    expect(introWords("==Travel== is not just, it is about ==stories==.")).toEqual([
      { word: "Travel", highlighted: true },
      { word: "is", highlighted: false },
      { word: "not", highlighted: false },
      { word: "just,", highlighted: false },
      { word: "it", highlighted: false },
      { word: "is", highlighted: false },
      { word: "about", highlighted: false },
      { word: "stories.", highlighted: true },
    ]);
  });

  it("highlights every word inside one pair of marks", () => {
    expect(introWords("a ==very calm== day").map((w) => w.highlighted)).toEqual([false, true, true, false]);
  });
});

describe("introReveal", () => {
  it("gives the public page the words without marks and the highlighted words' positions", () => {
    expect(introReveal("  We make ==travel==\n easy, ==truly memorable==. ")).toEqual({
      text: "We make travel easy, truly memorable.",
      highlighted: [2, 4, 5],
    });
  });
});

describe("toggleHighlight", () => {
  it("marks the selected word, widened to the whole word", () => {
    const text = "Travel is effortless and memorable";
    const at = text.indexOf("ffort");
    expect(toggleHighlight(text, at, at + 3)).toEqual({ text: "Travel is ==effortless== and memorable", start: 10, end: 24 });
  });

  it("unmarks a highlighted word when it is selected again", () => {
    const text = "Travel is ==effortless== and memorable";
    expect(toggleHighlight(text, 10, 24).text).toBe("Travel is effortless and memorable");
  });

  it("leaves the text alone when nothing but spaces is selected", () => {
    expect(toggleHighlight("a  b", 2, 2).text).toBe("a  b");
  });
});
