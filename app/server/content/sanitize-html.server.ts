import sanitizeHtml from "sanitize-html";

/** Link relations an author may set; anything else (e.g. `opener`) is dropped. */
const ALLOWED_REL = new Set(["nofollow", "noopener", "noreferrer", "ugc", "sponsored", "external"]);

/**
 * An image path the site serves itself: root-relative, never protocol-relative
 * (`//host`, or `/\host`, which browsers read the same way).
 */
const OWN_IMAGE_PATH = /^\/(?![/\\])/;

/**
 * Our own path of an image `src`: root-relative paths as they are, absolute
 * URLs on `siteOrigin` as their path; null for anything else (another site,
 * `data:`, a relative path).
 */
export function ownImagePath(src: string | undefined, siteOrigin?: string): string | null {
  const value = (src ?? "").trim();
  if (OWN_IMAGE_PATH.test(value)) return value;
  if (!siteOrigin || !/^https?:\/\//i.test(value)) return null;
  try {
    const url = new URL(value);
    return url.origin === new URL(siteOrigin).origin ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

/** An absolute or protocol-relative URL: an image on another site. */
const EXTERNAL_URL = /^\s*(?:https?:)?[/\\]{2}/i;

type SanitizeOptions = {
  /** Absolute image URLs on this origin are kept (as paths); others are dropped. */
  siteOrigin?: string;
  /** Told about each image dropped because another site serves it (the save path reports them). */
  onForeignImage?: (src: string) => void;
};

function linkAttributes(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const { target, rel, ...rest } = attribs;
  const tokens = new Set(
    (rel ?? "")
      .toLowerCase()
      .split(/\s+/)
      .filter((token) => ALLOWED_REL.has(token)),
  );
  const out: sanitizeHtml.Attributes = { ...rest };
  // Any other target (a named window) would open a new context that keeps
  // window.opener; only _blank is kept, in any letter case, and always with noopener.
  if (target?.trim().toLowerCase() === "_blank") {
    out.target = "_blank";
    tokens.add("noopener").add("noreferrer");
  }
  if (tokens.size > 0) out.rel = [...tokens].join(" ");
  return out;
}

/**
 * Allow-list sanitizer for rich-text HTML (blogs, legal pages): even seeded or
 * staff-written HTML is cleaned on the server before any page renders it, and
 * blog HTML is cleaned before it is stored (ADR 027). Images must be served by
 * the site itself (the CSP blocks others anyway): any other `<img>` is dropped.
 */
export function sanitizeRichHtml(html: string, options: SanitizeOptions = {}): string {
  return sanitizeHtml(html, {
    allowedTags: [
      "h2",
      "h3",
      "h4",
      "p",
      "br",
      "hr",
      "ul",
      "ol",
      "li",
      "strong",
      "b",
      "em",
      "i",
      "u",
      "s",
      "blockquote",
      "a",
      "code",
      "pre",
      "figure",
      "figcaption",
      "img",
      "table",
      "thead",
      "tbody",
      "tr",
      "th",
      "td",
    ],
    allowedAttributes: {
      a: ["href", "title", "rel", "target"],
      img: ["src", "alt", "width", "height", "loading"],
      th: ["scope"],
    },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesAppliedToAttributes: ["href", "src"],
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: linkAttributes(attribs) }),
      img: (tagName, attribs) => {
        const src = ownImagePath(attribs.src, options.siteOrigin);
        if (src === null && EXTERNAL_URL.test(attribs.src ?? "")) options.onForeignImage?.(attribs.src!);
        if (src !== null) return { tagName, attribs: { ...attribs, src, loading: "lazy" } };
        const { src: _dropped, ...rest } = attribs;
        return { tagName, attribs: rest };
      },
    },
    // An image left without a source (foreign, data: or script URL) is removed whole.
    exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
  });
}

/**
 * The HTML a blog stores: sanitized, our absolute image URLs made relative,
 * and the sources of the images other sites serve (the save refuses those
 * with a message rather than dropping them silently). Images with a `data:`,
 * script or relative source are dropped without a word: no editor makes them.
 */
export function sanitizeForSave(html: string, siteOrigin: string): { html: string; foreignImages: string[] } {
  const foreignImages: string[] = [];
  const clean = sanitizeRichHtml(html, { siteOrigin, onForeignImage: (src) => foreignImages.push(src) });
  return { html: clean, foreignImages: [...new Set(foreignImages)] };
}
