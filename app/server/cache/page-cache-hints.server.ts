import { recordView, type CountedPage } from "~/server/views/view-counter.server";

/**
 * What a page tells the page cache (server/page-cache) about itself through
 * the load context. Loaders of public pages that count views say so here, so a
 * cached copy counts the view again on every hit (ADR 003).
 */
export type CountedView = { kind: ViewKind; id: number };
export type PageCacheHints = { views: CountedView[] };

/**
 * The kinds of page whose views are counted (blog, package): a cached copy is
 * counted by the same `recordView` the page's loader calls (through
 * recordBlogView / recordPackageView), given the hit's request (method, user
 * agent, prefetch headers) and client address.
 */
export type ViewKind = CountedPage;

/** In a loader that counted a view of `kind` `id`: a cached copy of this page counts it on each hit too. */
export function countViewOnCacheHits(context: { pageCache?: PageCacheHints }, kind: ViewKind, id: number) {
  context.pageCache?.views.push({ kind, id });
}

/** On a cache hit: counts the page's views as its loader would have. */
export async function recordCachedViews(views: readonly CountedView[], request: Request, clientIp: string) {
  for (const view of views) await recordView(view.kind, view.id, request, clientIp);
}
