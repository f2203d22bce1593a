import { recordView } from "~/server/views/view-counter.server";

export { isCountableView, MAX_VIEWS_PER_ADDRESS_PER_DAY } from "~/server/views/view-counter.server";

/** Counts a view of a published post (ADR 014) and returns its count afterwards. */
export function recordBlogView(blogId: number, request: Request, clientIp: string, now?: Date) {
  return recordView("blog", blogId, request, clientIp, now);
}
