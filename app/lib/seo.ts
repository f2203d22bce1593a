/** Page metadata: title, description, canonical URL, Open Graph and Twitter cards. */
type SeoInput = {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/packages/dubai". */
  path: string;
  siteUrl: string;
  /** Absolute or site-relative URL of the share image. */
  image?: string | null;
  imageAlt?: string;
  type?: "website" | "article";
  noindex?: boolean;
};

type MetaDescriptor = Record<string, string>;

export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, siteUrl.endsWith("/") ? siteUrl : `${siteUrl}/`).href;
}

export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const url = absoluteUrl(input.siteUrl, input.path);
  const meta: MetaDescriptor[] = [
    { title: input.title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: "Pravas" },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:locale", content: "en_IN" },
    { name: "twitter:card", content: input.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: input.description },
  ];
  if (input.image) {
    const image = absoluteUrl(input.siteUrl, input.image);
    meta.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
    if (input.imageAlt) {
      meta.push({ property: "og:image:alt", content: input.imageAlt }, { name: "twitter:image:alt", content: input.imageAlt });
    }
  }
  if (input.noindex) meta.push({ name: "robots", content: "noindex" });
  return meta;
}

/** A JSON-LD block as a meta descriptor (React Router renders it as a script tag). */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor & { "script:ld+json": Record<string, unknown> } {
  return { "script:ld+json": data } as MetaDescriptor & { "script:ld+json": Record<string, unknown> };
}

/** BreadcrumbList JSON-LD from (name, path) pairs. */
export function breadcrumbJsonLd(siteUrl: string, crumbs: { name: string; path: string }[]) {
  return jsonLd({
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  });
}

/** The site URL the root loader exposes, read from a meta function's matches. */
export function siteUrlFrom(matches: readonly ({ id: string; data?: unknown } | undefined)[]): string {
  const root = matches.find((match) => match?.id === "root")?.data as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "http://localhost:3000";
}
