import { describe, expect, it } from "vitest";
import { structuredFields } from "./form-fields";
import { packageValuesFromFields } from "./package-editor-values";

describe("structuredFields", () => {
  it("builds objects and lists from conform's field names", () => {
    expect(
      structuredFields([
        ["title", "Bali"],
        ["price.kind", "adultChild"],
        ["price.adult", "104500"],
        ["itinerary[1].title", "Ubud"],
        ["itinerary[0].title", "Arrival"],
        ["highlights[0]", "Temples"],
        ["priceOptions[0].hotels[0].name", "Alila"],
      ]),
    ).toEqual({
      title: "Bali",
      price: { kind: "adultChild", adult: "104500" },
      itinerary: [{ title: "Arrival" }, { title: "Ubud" }],
      highlights: ["Temples"],
      priceOptions: [{ hotels: [{ name: "Alila" }] }],
    });
  });
});

describe("packageValuesFromFields", () => {
  it("gives the editor back what a browser copy of its form kept", () => {
    const values = packageValuesFromFields([
      ["title", "Bali Escape"],
      ["days", "8"],
      ["nights", "7"],
      ["price.kind", "adultChild"],
      ["price.adult", "104500"],
      ["itinerary[0].title", "Arrival"],
      ["itinerary[0].description", "Check in."],
      ["featured", "on"],
      ["status", "published"],
    ]);
    expect(values).toMatchObject({
      title: "Bali Escape",
      days: "8",
      nights: "7",
      priceKind: "adultChild",
      priceAdult: "104500",
      itinerary: [{ title: "Arrival", description: "Check in.", photo: "" }],
      featured: true,
      status: "published",
    });
  });
});
