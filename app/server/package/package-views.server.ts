import { recordView } from "~/server/views/view-counter.server";

/**
 * Counts a view of a published package page, once per visitor per day and
 * never for bots (ADR 014, 030). The one place package views are counted: the
 * page's loader calls it (and so must any cached path that skips the loader).
 */
export function recordPackageView(packageId: number, request: Request, clientIp: string, now?: Date) {
  return recordView("package", packageId, request, clientIp, now);
}
