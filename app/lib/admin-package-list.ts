import type { MediaView } from "./media";
import type { PublishStatus, Region } from "./content-types";

/** The list's filters, all in the URL (?q=&region=&status=). */
export type AdminPackageFilters = { q: string; region: Region | ""; status: PublishStatus | "" };

/** One card of /admin/packages. */
export type AdminPackageCard = {
  id: number;
  title: string;
  description: string;
  category: string;
  region: Region;
  status: PublishStatus;
  days: number;
  nights: number;
  /** Lowest price in whole rupees. */
  price: number;
  thumbnail: MediaView | null;
  /** When it will be published (ISO): it, or its draft changes (ADR 037); null when nothing is scheduled. */
  scheduledFor: string | null;
  /** Draft changes wait beside the live version. */
  hasDraftChanges: boolean;
};

/** Reads the filters from the URL, ignoring anything unknown. */
export function parseAdminPackageFilters(url: URL): AdminPackageFilters {
  const region = url.searchParams.get("region");
  const status = url.searchParams.get("status");
  return {
    q: (url.searchParams.get("q") ?? "").trim().slice(0, 100),
    region: region === "international" || region === "national" ? region : "",
    status: status === "draft" || status === "published" ? status : "",
  };
}
