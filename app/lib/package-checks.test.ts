import { describe, expect, it } from "vitest";
import { formOf } from "../../tests/support/form-data";
import { formatIsoDay, packageWarnings as warningsOn, sectionBadges, sectionOfField, statedPrices, withCurrentPrice } from "./package-checks";
import { EMPTY_PACKAGE, type PackageEditorValues } from "./package-editor-values";
import { durationWords, generatedSeoDescription, SEO_DESCRIPTION_LENGTH } from "./package-seo-description";
import { snapshotFromForm, snapshotFromValues } from "./package-snapshot";
import { formatDuration, formatTourDate } from "./tour-format";

const TODAY = "2026-11-24";

const day = (title: string) => ({ title, description: "", photo: "" });

/** A Bali-like package: 7 days / 6 nights, seven itinerary days, a hand-written SEO description. */
const bali: PackageEditorValues = {
  ...EMPTY_PACKAGE,
  title: "Bali Group Tour",
  description: "Seven days across Bali's beaches, temples and volcano country.",
  days: "7",
  nights: "6",
  priceKind: "adultChild",
  priceAdult: "99500",
  priceChildWithBed: "85000",
  priceChildNoBed: "77500",
  itinerary: Array.from({ length: 7 }, (_, i) => day(`Day ${i + 1}`)),
  groupDates: [{ name: "Winter", start: "2027-01-10", end: "2027-01-16", capacity: "" }],
  thumbnail: "frangipani",
  gallery: ["frangipani", "temple"],
  seoDescription: "Seven days in Bali. From ₹99,500 per adult with flights.",
  status: "published",
};
const ALTS = {
  frangipani: "A frangipani flower",
  temple: "A sea temple at sunset",
};
const TAXES = {
  gstPercent: 5,
  serviceChargeGstPercent: 18,
  gstLabel: "GST",
  tcsPercent: 5,
  tcsLabel: "TCS",
};
const packageWarnings = (snapshot: Parameters<typeof warningsOn>[0], today: string, taxes = TAXES) => warningsOn(snapshot, today, taxes);

describe("packageWarnings", () => {
  it("finds nothing wrong with a consistent package", () => {
    expect(packageWarnings(snapshotFromValues(bali, ALTS), TODAY)).toEqual([]);
  });

  it("warns when the days no longer match the itinerary, and points at the days field", () => {
    const eightDays = {
      ...bali,
      itinerary: [...bali.itinerary, day("Extra day")],
    };
    const warnings = packageWarnings(snapshotFromValues(eightDays, ALTS), TODAY);
    expect(warnings).toEqual([
      {
        id: "days-itinerary",
        section: "basics",
        field: "days",
        message: "The package says 7 days, but the itinerary has 8 days.",
      },
    ]);
  });

  it("warns about nights that cannot go with the days", () => {
    const warnings = packageWarnings(snapshotFromValues({ ...bali, nights: "9" }, ALTS), TODAY);
    expect(warnings.map((w) => [w.id, w.field])).toEqual([["nights-days", "nights"]]);
    expect(packageWarnings(snapshotFromValues({ ...bali, nights: "5" }, ALTS), TODAY)).toEqual([]);
  });

  it("warns when a hand-written SEO description states a price the package no longer has", () => {
    const raised = { ...bali, priceAdult: "104500" };
    const [warning] = packageWarnings(snapshotFromValues(raised, ALTS), TODAY);
    expect(warning).toMatchObject({
      id: "seo-price",
      section: "seo",
      field: "seoDescription",
    });
    expect(warning!.message).toContain("₹99,500");
    // A generated description (stored empty) always follows the price.
    expect(packageWarnings(snapshotFromValues({ ...raised, seoDescription: "" }, ALTS), TODAY)).toEqual([]);
  });

  it("warns about a tax rate written in the package's text that the settings no longer have (issue 49)", () => {
    const values = {
      ...bali,
      excluded: ["Travel insurance", "5% GST and 5% TCS"],
      itinerary: [
        {
          title: "Arrival",
          description: "GST @ 18% on the visa fee",
          photo: "",
        },
      ],
    };
    expect(packageWarnings(snapshotFromValues({ ...values, itinerary: bali.itinerary }, ALTS), TODAY)).toEqual([]);
    const warnings = packageWarnings(
      snapshotFromValues(
        {
          ...values,
          itinerary: [...values.itinerary, ...bali.itinerary.slice(1)],
        },
        ALTS,
      ),
      TODAY,
      {
        ...TAXES,
        tcsPercent: 2,
      },
    );
    expect(warnings).toEqual([
      {
        id: "tax-rate-excluded[1]",
        section: "highlights",
        field: "excluded[1]",
        message: "Not included line 2 says “5% TCS”, but the settings say 5% GST and 2% TCS: write {gst} or {tcs} to show the current rate.",
      },
      {
        id: "tax-rate-itinerary[0].description",
        section: "itinerary",
        field: "itinerary[0].description",
        message: "Day 1's description says “GST @ 18%”, but the settings say 5% GST and 2% TCS: write {gst} or {tcs} to show the current rate.",
      },
    ]);
    const badges = sectionBadges(snapshotFromValues(values, ALTS), warnings, TODAY);
    expect(badges.highlights).toEqual({ text: "Old tax rate", warning: true });
    // The placeholders always say the current rate.
    expect(packageWarnings(snapshotFromValues({ ...bali, excluded: ["{gst} and {tcs}"] }, ALTS), TODAY, { ...TAXES, tcsPercent: 2 })).toEqual([]);
  });

  it("puts the current from price in place of a stale one: “Update the price in it” (issue 49)", () => {
    const prices = [104_500, 85_000, 77_500];
    expect(withCurrentPrice("Seven days in Bali. From ₹99,500 per adult with flights.", prices, 104_500)).toBe(
      "Seven days in Bali. From ₹1,04,500 per adult with flights.",
    );
    expect(withCurrentPrice("Adults Rs. 99500, children ₹77,500.", prices, 104_500)).toBe("Adults Rs. 1,04,500, children ₹77,500.");
    expect(withCurrentPrice("From {price}.", prices, 104_500)).toBe("From {price}.");
  });

  it("warns about departures in the past and points at the first one's start", () => {
    const values = {
      ...bali,
      groupDates: [
        {
          name: "Winter",
          start: "2027-01-10",
          end: "2027-01-16",
          capacity: "",
        },
        {
          name: "Diwali",
          start: "2026-10-20",
          end: "2026-10-26",
          capacity: "",
        },
      ],
    };
    const [warning] = packageWarnings(snapshotFromValues(values, ALTS), TODAY);
    expect(warning).toMatchObject({
      id: "departures-past",
      section: "departures",
      field: "groupDates[1].start",
    });
    expect(warning!.message).toBe("Departure 2 (Diwali) started on 20 Oct 2026, in the past: the website no longer shows it.");
  });

  it("counts photos without alt text once per file, and points at the first one's alt text", () => {
    const [warning] = packageWarnings(snapshotFromValues(bali, { frangipani: "" }), TODAY);
    expect(warning).toMatchObject({
      id: "photos-alt",
      section: "photos",
      field: "thumbnail-alt",
    });
    expect(warning!.message).toMatch(/^2 photos without alt text/);
  });
});

describe("sectionBadges", () => {
  it("counts what each section holds, and says what needs a look", () => {
    const badges = sectionBadges(snapshotFromValues(bali, ALTS), [], TODAY);
    expect(badges.itinerary).toEqual({ text: "7 days", warning: false });
    // The adult price, as the public card says it (issue 49), not the child-without-bed one.
    expect(badges.prices.text).toBe("From ₹99,500");
    expect(badges.photos.text).toBe("2 photos");
    expect(badges.seo.text).toBe("Published");

    const snapshot = snapshotFromValues({ ...bali, gallery: ["frangipani", "temple", "new-upload"] }, ALTS);
    const warned = sectionBadges(snapshot, packageWarnings(snapshot, TODAY), TODAY);
    expect(warned.photos).toEqual({
      text: "1 without alt text",
      warning: true,
    });
  });
});

describe("sectionOfField", () => {
  it("finds the section of a field by its form name", () => {
    expect(sectionOfField("title")).toBe("basics");
    expect(sectionOfField("price.adult")).toBe("prices");
    expect(sectionOfField("priceOptions[0].hotels[1].hotel")).toBe("prices");
    expect(sectionOfField("itinerary[2].title")).toBe("itinerary");
    expect(sectionOfField("groupDates[0].end")).toBe("departures");
    expect(sectionOfField("gallery")).toBe("photos");
    expect(sectionOfField("brochureUrl")).toBe("brochure");
    expect(sectionOfField("reviews[0].review")).toBe("reviews");
    expect(sectionOfField("status")).toBe("seo");
  });
});

describe("statedPrices", () => {
  it("reads rupee amounts in Indian and plain grouping", () => {
    expect(statedPrices("From ₹1,04,500 per adult, or Rs. 85000 for a child; INR 77,500.")).toEqual([104500, 85000, 77500]);
    expect(statedPrices("Seven days, 6 nights.")).toEqual([]);
  });
});

describe("snapshotFromForm", () => {
  it("reads the editor's form fields by their names", () => {
    const form = formOf({
      title: "Bali",
      days: "8",
      nights: "7",
      "price.kind": "single",
      "price.amount": "50000",
      "priceOptions[0].amount": "42000",
      ...Object.fromEntries([1, 2, 3].map((day, i) => [`itinerary[${i}].day`, String(day)])),
      "highlights[0]": "Sunset",
      "groupDates[0].name": "Winter",
      "groupDates[0].start": "2026-01-01",
      thumbnail: "a",
      "gallery[0]": "b",
      "imageAlts[0].key": "a",
      "imageAlts[0].alt": "A beach",
      status: "draft",
      seoDescription: "",
    });
    const snapshot = snapshotFromForm(form);
    expect(snapshot).toMatchObject({
      days: 8,
      nights: 7,
      prices: [50000, 42000],
      itineraryDays: 3,
      highlights: 1,
      status: "draft",
    });
    expect(snapshot.photos).toEqual([
      { key: "a", field: "thumbnail", label: "Thumbnail", alt: "A beach" },
      { key: "b", field: "gallery[0]", label: "Gallery image 1", alt: "" },
    ]);
    expect(packageWarnings(snapshot, TODAY).map((w) => w.id)).toEqual(["days-itinerary", "departures-past", "photos-alt"]);
  });
});

describe("generatedSeoDescription", () => {
  it("is the short description with the duration and from-price, within what search engines show", () => {
    const text = generatedSeoDescription({
      title: "Bali",
      description: "Beaches, temples and a volcano.",
      days: 7,
      nights: 6,
      fromPrice: 99500,
    });
    expect(text).toBe("Beaches, temples and a volcano. 7 Days / 6 Nights from ₹99,500.");
    const long = generatedSeoDescription({
      title: "Bali",
      description: "word ".repeat(80),
      days: 7,
      nights: 6,
      fromPrice: 99500,
    });
    expect(long.length).toBeLessThanOrEqual(SEO_DESCRIPTION_LENGTH);
    expect(long).toMatch(/… 7 Days \/ 6 Nights from ₹99,500\.$/);
  });

  it("falls back to the title, and leaves out what is not known", () => {
    expect(
      generatedSeoDescription({
        title: "Spiti Valley",
        description: "",
        days: null,
        nights: null,
        fromPrice: 0,
      }),
    ).toBe("Spiti Valley");
  });
});

describe("the editor's copies of the public formatters", () => {
  it("say the same as tour-format", () => {
    for (const iso of ["2027-03-12", "2026-01-01", "2026-12-31", "not a date", "2026-13-01"]) expect(formatIsoDay(iso)).toBe(formatTourDate(iso));
    for (const [days, nights] of [
      [1, 0],
      [1, 1],
      [7, 6],
      [2, 1],
    ] as const)
      expect(durationWords(days, nights)).toBe(formatDuration(days, nights));
  });
});
