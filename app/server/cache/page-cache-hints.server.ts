import { recordBlogView } from "~/server/blog/blog-views.server";
import { recordPackageView } from "~/server/package/package-views.server";

/**
 * What a page tells the page cache (server/page-cache) about itself through
 * the load context. Loaders of public pages that count views say so here, so a
 * cached copy counts the view again on every hit (ADR 003).
 */
export type CountedView = { kind: ViewKind; id: number };
export type PageCacheHints = { views: CountedView[] };

/**
 * How each kind of view is counted; the same function the page's loader
 * calls, given the hit's request (method, user agent, prefetch headers) and
 * client address. A new kind: add it here, and call `countViewOnCacheHits`
 * in the loader next to the counting itself.
 */
export const VIEW_RECORDERS = {
  blog: (id: number, request: Request, clientIp: string) => recordBlogView(id, request, clientIp),
  package: (id: number, request: Request, clientIp: string) => recordPackageView(id, request, clientIp),
} satisfies Record<string, (id: number, request: Request, clientIp: string) => Promise<unknown>>;

export type ViewKind = keyof typeof VIEW_RECORDERS;

/** In a loader that counted a view of `kind` `id`: a cached copy of this page counts it on each hit too. */
export function countViewOnCacheHits(context: { pageCache?: PageCacheHints }, kind: ViewKind, id: number) {
  context.pageCache?.views.push({ kind, id });
}

/** On a cache hit: counts the page's views as its loader would have. */
export async function recordCachedViews(views: readonly CountedView[], request: Request, clientIp: string) {
  for (const view of views) await VIEW_RECORDERS[view.kind](view.id, request, clientIp);
}
