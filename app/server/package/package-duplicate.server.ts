import type { ContentWriteContext } from "~/server/content/content-write.server";
import { getPackageInput } from "./package-input.server";
import { createPackage, type PackageWriteResult } from "./package-mutations.server";

/** What a copy's title ends with. */
const COPY_SUFFIX = " (copy)";

/**
 * "Duplicate package": a draft copy of the stored package, "(copy)" after its
 * title, an address made from that title (free, -2, -3… when taken), off the
 * home carousel. It goes through createPackage, so through writeContent
 * (activity, content version) like any new package. Null when there is no such package.
 */
export async function duplicatePackage(id: number, ctx: ContentWriteContext): Promise<PackageWriteResult | null> {
  const stored = await getPackageInput(id);
  if (!stored) return null;
  const title = `${stored.input.title.slice(0, 200 - COPY_SUFFIX.length)}${COPY_SUFFIX}`;
  return createPackage({ ...stored.input, title, slug: undefined, status: "draft", featured: false }, ctx);
}
