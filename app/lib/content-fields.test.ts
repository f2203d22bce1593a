import { describe, expect, it } from "vitest";
import { activityChanges } from "./activity-labels";
import { changedFields, describeChange, htmlToText } from "./content-fields";

describe("the content field registry", () => {
  const bali = {
    title: "Bali Group Tour",
    status: "published",
    price: { kind: "adultChild", adult: 99500, childWithBed: 85000, childNoBed: 77500 },
    longDescription: "Six nights.",
    featured: false,
  };

  it("names changed fields in people's words, with values formatted (₹ in Indian digit groups)", () => {
    const after = { ...bali, price: { ...bali.price, adult: 104500 }, longDescription: "Seven nights.", featured: true };
    expect(changedFields("package", bali, after)).toEqual([
      { field: "longDescription", label: "long description" },
      { field: "price.adult", label: "price (adult)", from: "₹99,500", to: "₹1,04,500" },
      { field: "featured", label: "featured on home", from: "no", to: "yes" },
    ]);
    expect(describeChange({ field: "price.adult", label: "price (adult)", from: "₹99,500", to: "₹1,04,500" })).toBe(
      "changed price (adult) from ₹99,500 to ₹1,04,500",
    );
    expect(describeChange({ field: "seoTitle", label: "SEO title", from: "", to: "Bali" })).toBe("set SEO title to “Bali”");
    expect(changedFields("package", bali, { ...bali })).toEqual([]);
    // Keys in another order, or an absent value against undefined, are no change.
    expect(
      changedFields(
        "package",
        { ...bali, category: undefined },
        { featured: false, longDescription: "Six nights.", price: { ...bali.price }, status: "published", title: "Bali Group Tour" },
      ),
    ).toEqual([]);
  });

  it("the activity log's sentences come from what the entry stored", () => {
    expect(activityChanges({ changes: [{ label: "price (adult)", from: "₹99,500", to: "₹1,04,500" }, { label: "itinerary" }], changeCount: 4 })).toEqual([
      "changed price (adult) from ₹99,500 to ₹1,04,500",
      "changed itinerary",
      "and 2 more",
    ]);
    expect(activityChanges({ slug: "bali" })).toEqual([]);
  });

  it("reads blog HTML as text, one block a line, images by their alt", () => {
    expect(htmlToText('<h2>Where</h2><p>Go <strong>early</strong> &amp; eat.</p><p><img src="/media/a.webp" alt="Chaat stall"></p>')).toBe(
      "Where\nGo early & eat.\n[image: Chaat stall]",
    );
  });
});
