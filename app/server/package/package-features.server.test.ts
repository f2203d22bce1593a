import { describe, expect, it } from "vitest";
import { seedPackages } from "~/server/seed/data/packages";
import { packageFeatures } from "./package-features.server";

const included = (slug: string) => seedPackages().find((pkg) => pkg.slug === slug)!.included;

describe("packageFeatures", () => {
  it("lists the five features in the spec's order", () => {
    expect(packageFeatures([]).map((feature) => feature.label)).toEqual(["Accommodation", "Flights", "Tour Guide", "Meals", "Activities"]);
    expect(packageFeatures([]).every((feature) => !feature.included)).toBe(true);
  });

  it("marks flights only where the inclusions have them", () => {
    const flights = (slug: string) => packageFeatures(included(slug)).find((f) => f.key === "flights")!.included;
    expect(flights("bali")).toBe(true);
    expect(flights("vietnam")).toBe(true);
    expect(flights("golden-triangle")).toBe(false);
    expect(flights("hampi")).toBe(false);
  });

  it("finds hotels, guides, meals and sightseeing in every seeded package", () => {
    for (const slug of ["bali", "dubai", "sri-lanka", "vietnam", "golden-triangle", "hampi"]) {
      const others = packageFeatures(included(slug)).filter((feature) => feature.key !== "flights");
      expect(others.filter((feature) => !feature.included).map((f) => `${slug}: ${f.label}`)).toEqual([]);
    }
  });
});
