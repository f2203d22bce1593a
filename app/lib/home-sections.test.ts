import { describe, expect, it } from "vitest";
import { homeRowCounts, homeSectionBadges, homeSectionOfField, homeValuesFromFields, type HomeEditorValues } from "./home-sections";

const stored: HomeEditorValues = {
  hero: { headline: "H", subheadline: "S", image: "hero.jpg", imageAlt: "A lake", imageUrl: "/media/hero-400.jpg", intro: "I" },
  cards: { whyChooseUs: [], process: [] },
  faqs: [],
  reviews: [],
};

describe("the Home page editor's sections (ADR 110)", () => {
  it("puts each posted field in its section", () => {
    expect(["intro", "imageAlt", "whyChooseUs[2].icon", "process[0].body", "faqs[3].answer", "reviews[1].rating"].map(homeSectionOfField)).toEqual([
      "hero",
      "hero",
      "cards",
      "cards",
      "faqs",
      "reviews",
    ]);
  });

  it("starts again from a browser copy's fields, rows included; the photo's preview only when the copy kept the stored photo", () => {
    const values = homeValuesFromFields(
      [
        ["headline", "Monsoon trips"],
        ["image", "hero.jpg"],
        ["faqs[0].question", "Visas?"],
        ["faqs[0].answer", "We guide you."],
        ["faqs[0].pages", "contact"],
        ["faqs[1].question", "Instalments?"],
        ["reviews[0].name", "Farah"],
        ["reviews[0].rating", "5"],
        ["whyChooseUs[0].title", "People who went"],
        ["whyChooseUs[0].icon", "plane"],
      ],
      stored,
    );
    expect(values.hero).toMatchObject({ headline: "Monsoon trips", image: "hero.jpg", imageUrl: "/media/hero-400.jpg", intro: "" });
    expect(values.faqs).toEqual([
      { question: "Visas?", answer: "We guide you.", pages: "contact" },
      { question: "Instalments?", answer: "", pages: "both" },
    ]);
    expect(values.reviews).toEqual([{ name: "Farah", location: "", comment: "", rating: "5" }]);
    expect(values.cards.whyChooseUs).toEqual([{ title: "People who went", body: "", icon: "plane" }]);
    expect(homeValuesFromFields([["image", "other.jpg"]], stored).hero.imageUrl).toBe("");
  });

  it("counts the rows for the section menu", () => {
    const counts = homeRowCounts(["faqs[0].question", "faqs[0].answer", "faqs[1].question", "reviews[0].name", "reviews[0].comment"]);
    expect(counts).toEqual({ questions: 2, reviews: 1 });
    expect(homeSectionBadges({ questions: 1, reviews: 16 })).toEqual({
      faqs: { text: "1 question", warning: false },
      reviews: { text: "16 reviews", warning: false },
    });
  });
});
