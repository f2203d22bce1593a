import { describe, expect, it } from "vitest";
import type { PackageDetail } from "~/lib/package-view-model";
import { formatInr } from "~/lib/price";
import { brochureContent, brochureFileName, brochurePackageUrl, brochureTaxNote, ratingText, splitRefundRule, whatsappText } from "./brochure-content.server";
import { canMakeBrochure, isUploadedBrochure } from "~/server/package/brochure-link.server";
import { balancedSplit } from "./brochure-pdf.server";

const pkg: PackageDetail = {
  id: 1,
  slug: "dubai",
  title: "Dubai – City of Gold",
  country: "UAE",
  region: "international",
  draft: false,
  duration: "6 Days / 5 Nights",
  description: "Desert and skyline.",
  paragraphs: ["Desert and skyline."],
  rating: { stars: 4.8, reviews: 120 },
  thumbnail: null,
  gallery: [],
  itinerary: [
    { day: 3, title: "Desert safari", description: "Dunes.", photo: null },
    { day: 1, title: "Arrival", description: "Welcome.", photo: null },
    { day: 2, title: "City tour", description: "Burj Khalifa.", photo: null },
  ],
  departures: [
    {
      id: null,
      name: "Diwali group",
      start: "12 Mar 2027",
      end: "17 Mar 2027",
      dates: "12 Mar 2027 – 17 Mar 2027",
      seats: null,
      seatsLeft: null,
      requestable: false,
    },
  ],
  nextDate: null,
  features: [],
  highlights: ["Burj Khalifa", " "],
  included: ["Hotels"],
  excluded: [],
  price: { taxNote: "+ 5% GST + 5% TCS", from: formatInr(104500), lines: [{ label: "Adult", amount: formatInr(104500), unit: "per adult" }], options: [] },
  brochureUrl: null,
  reviews: [],
  seo: { title: "", description: "", image: null, imageAlt: "", offers: [] },
};

const agency = { brandName: "Pravas", tagline: "", phone: "+91 98765 43210", email: "hello@pravas.travel", whatsappNumber: "+919876543210", address: "Pune" };
const terms = [
  { title: "Booking confirmation", text: "Confirmed after full payment." },
  { title: "Cancellation and refunds", text: "90% refunded more than 30 days before departure." },
];

describe("brochure wording", () => {
  it("writes rupees with Indian grouping and the ₹ sign", () => {
    expect(formatInr(104500)).toBe("₹1,04,500");
    expect(formatInr(27400)).toBe("₹27,400");
  });

  it("says the rating with its star, or nothing without reviews", () => {
    expect(ratingText(4.8, 120)).toBe("★ 4.8 · 120 reviews");
    expect(ratingText(5, 1)).toBe("★ 5 · 1 review");
    expect(ratingText(4.5, 0)).toBeNull();
  });

  it("puts the site's tax note in a sentence", () => {
    expect(brochureTaxNote("+ 5% GST + 5% TCS")).toBe("All prices in Indian rupees, + 5% GST + 5% TCS.");
    expect(brochureTaxNote("")).toBe("All prices in Indian rupees.");
  });

  it("names the file safely and tags the package link", () => {
    expect(brochureFileName("Pravas", "bangalore-mysore-ooty")).toBe("pravas-bangalore-mysore-ooty-brochure.pdf");
    expect(brochureFileName('Travel & Co. "Ltd"', "bali")).toBe("travel-co-ltd-bali-brochure.pdf");
    expect(brochurePackageUrl("https://pravas.travel", "bali")).toBe("https://pravas.travel/packages/bali?utm_source=brochure&utm_medium=pdf");
  });

  it("writes the WhatsApp number as a phone number", () => {
    expect(whatsappText("919876543210")).toBe("+91 98765 43210");
    expect(whatsappText("+919876543210")).toBe("+91 98765 43210");
    expect(whatsappText("")).toBe("");
  });

  it("prints the refund rule once, in its box, under its clause's title", () => {
    const rule = "90% refunded more than 30 days before departure.";
    expect(splitRefundRule(terms, rule)).toEqual({ refundRule: terms[1], others: [terms[0]] });
    // A package's own clause on refunds is what its box says.
    const own = [terms[0]!, { title: "Refunds", text: "No refunds on this charter." }];
    expect(splitRefundRule(own, rule)).toEqual({ refundRule: own[1], others: [terms[0]] });
    // Terms without one: the site's rule.
    expect(splitRefundRule([terms[0]!], rule)).toEqual({ refundRule: { title: "Cancellation and refunds", text: rule }, others: [terms[0]] });
    expect(splitRefundRule([{ title: "Other", text: "Nothing." }], undefined)).toEqual({ refundRule: null, others: [{ title: "Other", text: "Nothing." }] });
  });

  it("needs a title and a price; only an uploaded PDF overrides", () => {
    expect(canMakeBrochure({ title: "Bali", priceFrom: 99500 })).toBe(true);
    expect(canMakeBrochure({ title: " ", priceFrom: 99500 })).toBe(false);
    expect(canMakeBrochure({ title: "Bali", priceFrom: 0 })).toBe(false);
    expect(isUploadedBrochure("/media/brochures/kerala-1a2b.pdf")).toBe(true);
    expect(isUploadedBrochure("/brochures/bali.pdf")).toBe(false);
    expect(isUploadedBrochure(null)).toBe(false);
  });

  it("sorts the days, says 'Dates Coming Soon', lists the contacts and the metadata", () => {
    const content = brochureContent({ pkg, terms, agency, siteUrl: "https://pravas.travel" });
    expect(content.days.map((day) => day.label)).toEqual(["Day 1", "Day 2", "Day 3"]);
    expect(content.nextDeparture).toBe("Dates Coming Soon");
    expect(content.highlights).toEqual(["Burj Khalifa"]);
    expect(content.departures).toEqual([{ name: "Diwali group", dates: "12 Mar 2027 – 17 Mar 2027" }]);
    expect(content.contacts.map((contact) => `${contact.label}: ${contact.value}`)).toEqual([
      "Phone: +91 98765 43210",
      "WhatsApp: +91 98765 43210",
      "E-mail: hello@pravas.travel",
    ]);
    expect(content.metadata).toMatchObject({ title: "Dubai – City of Gold (6 Days / 5 Nights) | Pravas", author: "Pravas" });
    expect(content.metadata.subject).toContain("from ₹1,04,500");
    expect(content.fileName).toBe("pravas-dubai-brochure.pdf");
  });
});

describe("balancedSplit (the terms' two columns)", () => {
  const items = (...heights: number[]) => heights.map((height) => ({ height }));
  it("breaks where the taller column is shortest, if both fit", () => {
    expect(balancedSplit(items(10, 10, 10, 10), 100)).toBe(2);
    expect(balancedSplit(items(30, 10, 10, 10), 100)).toBe(1);
    expect(balancedSplit(items(30, 30, 30), 50)).toBe(0);
    expect(balancedSplit(items(30, 30, 30), 60)).toBe(1);
  });
});
