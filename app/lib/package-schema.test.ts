import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { formOf } from "../../tests/support/form-data";
import {
  adminPayloadToInput,
  adminPackagePayloadSchema,
  groupDateSchema,
  issuesToFields,
  missingForPublish,
  packageInputSchema,
  slugify,
} from "./package-schema";

const publishable = {
  title: "Kerala Backwaters",
  country: "India",
  region: "national",
  days: 5,
  nights: 4,
  description: "Houseboats and tea hills.",
  price: { kind: "single", amount: 32000 },
  thumbnail: "houseboat",
  status: "published",
} as const;

describe("package input schema", () => {
  it("accepts a title alone as a draft, with every default filled", () => {
    const parsed = packageInputSchema.parse({ title: "  Kerala  " });
    expect(parsed).toMatchObject({ title: "Kerala", status: "draft", highlights: [], gallery: [], featured: false, thumbnail: "" });
  });

  it("refuses to publish without the publishing fields, naming each one", () => {
    const result = packageInputSchema.safeParse({ title: "Kerala", status: "published" });
    expect(result.success).toBe(false);
    const fields = issuesToFields(result.error!.issues);
    expect(Object.keys(fields).sort()).toEqual(["country", "days", "description", "nights", "price", "region", "thumbnail"]);
    expect(fields.price).toBe("Needed to publish: a price.");
    expect(packageInputSchema.safeParse(publishable).success).toBe(true);
    expect(missingForPublish({ ...publishable, price: { kind: "single", amount: 0, unit: "per person" } }).map((m) => m.field)).toEqual(["price"]);
  });

  it("refuses a group departure that ends before it starts, on the end field", () => {
    const result = groupDateSchema.safeParse({ name: "May", start: "2026-05-10", end: "2026-05-09" });
    expect(issuesToFields(result.error!.issues)).toEqual({ end: "The end date must not be before the start date." });
    expect(groupDateSchema.safeParse({ name: "May", start: "2026-05-10", end: "2026-05-10" }).success).toBe(true);
  });

  it("names nested errors as the form names its fields", () => {
    const result = packageInputSchema.safeParse({ title: "X", itinerary: [{ day: 1, title: "" }], slug: "Not A Slug" });
    const fields = issuesToFields(result.error!.issues);
    expect(fields["itinerary[0].title"]).toBe("Day title is required.");
    expect(fields.slug).toMatch(/lower-case/);
  });

  it("parses a submitted form: nested names, numbers as strings, empty fields missing", () => {
    const form = formOf({
      title: "Kerala Backwaters",
      country: "India",
      region: "national",
      days: "5",
      nights: "4",
      description: "Houseboats.",
      "price.kind": "adultChild",
      "price.adult": "30000",
      "price.childWithBed": "25000",
      "price.childNoBed": "20000",
      "itinerary[0].day": "1",
      "itinerary[0].title": "Arrive in Kochi",
      "itinerary[0].description": "",
      "groupDates[0].name": "Diwali",
      "groupDates[0].start": "2026-11-01",
      "groupDates[0].end": "2026-11-05",
      "highlights[0]": "Houseboat night",
      ratingStars: "4.5",
      featured: "on",
      thumbnail: "houseboat",
      status: "published",
      seoTitle: "",
    });
    const submission = parseWithZod(form, { schema: packageInputSchema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      days: 5,
      price: { kind: "adultChild", adult: 30000, childWithBed: 25000, childNoBed: 20000 },
      itinerary: [{ day: 1, title: "Arrive in Kochi", description: "", photo: "" }],
      groupDates: [{ name: "Diwali", start: "2026-11-01", end: "2026-11-05" }],
      highlights: ["Houseboat night"],
      ratingStars: 4.5,
      featured: true,
      seoTitle: "",
    });
  });

  it("reports a form's publishing gaps on their fields", () => {
    const form = formOf({ title: "Kerala", status: "published", days: "" });
    const submission = parseWithZod(form, { schema: packageInputSchema });
    expect(submission.status).toBe("error");
    if (submission.status !== "error") return;
    expect(submission.error?.days).toEqual(["Needed to publish: the number of days."]);
  });

  it("reports every field to fix in one save, also beside a mistyped one (issue 49)", () => {
    const form = formOf({
      title: "Kerala",
      status: "published",
      "price.kind": "single",
      "price.amount": "fifty thousand",
      "groupDates[0].name": "Onam",
      "groupDates[0].start": "2027-09-10",
      "groupDates[0].end": "2027-09-01",
      "groupDates[0].capacity": "twenty",
    });
    const submission = parseWithZod(form, { schema: packageInputSchema });
    expect(submission.status).toBe("error");
    if (submission.status !== "error") return;
    expect(Object.keys(submission.error ?? {}).sort()).toEqual(
      ["country", "days", "description", "groupDates[0].capacity", "groupDates[0].end", "nights", "price", "price.amount", "region", "thumbnail"].sort(),
    );
  });

  it("reads the payment terms the editor posts, and refuses bad ones beside their fields", () => {
    const terms = (fields: Record<string, string>) => parseWithZod(formOf({ title: "Kerala", ...fields }), { schema: packageInputSchema });
    const perPerson = terms({ "paymentTerms.depositKind": "perPerson", "paymentTerms.depositPerPerson": "10,000", "paymentTerms.balanceDaysBefore": "45" });
    expect(perPerson.status === "success" && perPerson.value.paymentTerms).toEqual({
      deposit: { kind: "perPerson", amountPaise: 10_000_00 },
      balanceDaysBefore: 45,
    });
    expect(packageInputSchema.parse({ title: "Kerala" }).paymentTerms).toBeNull();
    // A package's document is the parsed input, parsed again when a revision is restored or a draft merged: the same terms.
    const parsed = perPerson.status === "success" ? perPerson.value : null;
    expect(packageInputSchema.parse(JSON.parse(JSON.stringify(parsed))).paymentTerms).toEqual(parsed?.paymentTerms);
    const bad = terms({ "paymentTerms.depositKind": "percent", "paymentTerms.depositPercent": "12.5", "paymentTerms.balanceDaysBefore": "-1" });
    expect(bad.status === "error" && bad.error).toEqual({
      "paymentTerms.depositPercent": ["Enter a whole percentage, from 1 to 100."],
      "paymentTerms.balanceDaysBefore": ["Enter a number of days from 0 to 365."],
    });
    const tooMuch = terms({ "paymentTerms.depositKind": "perPerson", "paymentTerms.depositPerPerson": "0", "paymentTerms.balanceDaysBefore": "30" });
    expect(tooMuch.status === "error" && Object.keys(tooMuch.error ?? {})).toEqual(["paymentTerms.depositPerPerson"]);
  });
});

describe("admin payload", () => {
  it("maps the spec's payload onto the full model", () => {
    const payload = adminPackagePayloadSchema.parse({
      title: "Goa",
      description: "Beaches",
      longDescription: "Long",
      price: 15000,
      duration: 4,
      category: "Beach",
      thumbnail: "/media/goa-800.webp",
      images: ["/media/a.webp"],
    });
    expect(adminPayloadToInput(payload)).toEqual({
      title: "Goa",
      description: "Beaches",
      longDescription: "Long",
      category: "Beach",
      price: { kind: "single", amount: 15000, unit: "per person" },
      days: 4,
      nights: 3,
      thumbnail: "/media/goa-800.webp",
      gallery: ["/media/a.webp"],
    });
  });

  it("refuses a negative price or a non-integer duration", () => {
    const result = adminPackagePayloadSchema.safeParse({ title: "Goa", price: -1, duration: 2.5 });
    expect(Object.keys(issuesToFields(result.error!.issues)).sort()).toEqual(["duration", "price"]);
  });
});

describe("slugify", () => {
  it("makes an address from a title", () => {
    expect(slugify("Bali Group Tour!")).toBe("bali-group-tour");
    expect(slugify("Café  Crème – Paris")).toBe("cafe-creme-paris");
  });
});
