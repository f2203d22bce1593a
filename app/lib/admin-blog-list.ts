import type { MediaView } from "./media";
import type { PublishStatus } from "./content-types";

/** The list's filters, both in the URL (?q=&status=). */
export type AdminBlogFilters = { q: string; status: PublishStatus | "" };

/** One row of /admin/blogs. */
export type AdminBlogCard = {
  id: number;
  slug: string;
  title: string;
  status: PublishStatus;
  views: number;
  /** ISO timestamp; shown as the viewer's local date. */
  createdAt: string;
  /** yyyy-mm-dd, the date the public pages show. */
  uploadDate: string;
  /** The head image when it is a media item… */
  headImage: MediaView | null;
  /** …or a site path (seeded posts); null when there is none. */
  headImageUrl: string | null;
  /** When it will be published (ISO): it, or its draft changes (ADR 037); null when nothing is scheduled. */
  scheduledFor: string | null;
  /** Draft changes wait beside the live version. */
  hasDraftChanges: boolean;
};

/** Reads the filters from the URL, ignoring anything unknown. */
export function parseAdminBlogFilters(url: URL): AdminBlogFilters {
  const status = url.searchParams.get("status");
  return {
    q: (url.searchParams.get("q") ?? "").trim().slice(0, 100),
    status: status === "draft" || status === "published" ? status : "",
  };
}
