import { describe, expect, it } from "vitest";
import { absoluteUrl, breadcrumbJsonLd, seoMeta, siteUrlFrom } from "./seo";

describe("seoMeta", () => {
  it("gives a title, description, canonical URL and social cards", () => {
    const meta = seoMeta({
      title: "Dubai Tour | Pravas",
      description: "Six days in Dubai.",
      path: "/packages/dubai",
      siteUrl: "https://pravas.travel",
      image: "/media/dubai-800.webp",
    });
    expect(meta).toContainEqual({ title: "Dubai Tour | Pravas" });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://pravas.travel/packages/dubai" });
    expect(meta).toContainEqual({ property: "og:image", content: "https://pravas.travel/media/dubai-800.webp" });
    expect(meta).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });

  it("resolves URLs against the site URL and reads it from the root match", () => {
    expect(absoluteUrl("http://localhost:3000", "/blogs/1")).toBe("http://localhost:3000/blogs/1");
    expect(siteUrlFrom([{ id: "root", data: { siteUrl: "https://x.in" } }])).toBe("https://x.in");
  });

  it("numbers breadcrumbs from one", () => {
    const ld = breadcrumbJsonLd("https://x.in", [
      { name: "Home", path: "/" },
      { name: "Packages", path: "/packages" },
    ])["script:ld+json"] as { itemListElement: { position: number; item: string }[] };
    expect(ld.itemListElement.map((item) => [item.position, item.item])).toEqual([
      [1, "https://x.in/"],
      [2, "https://x.in/packages"],
    ]);
  });
});
