import { blogDescriptor } from "~/server/blog/blog-descriptor.server";
import { contentRegistryOf } from "~/server/content/content-descriptor.server";
import { homeDescriptors } from "~/server/home/home-descriptors.server";
import { legalPageDescriptor } from "~/server/legal/legal-descriptor.server";
import { packageDescriptor, siteTermsDescriptor } from "~/server/package/package-descriptors.server";
import { replyTemplatesDescriptor } from "~/server/reply-templates/reply-templates-descriptor.server";
import { siteSettingsDescriptor } from "~/server/settings/settings-descriptor.server";

/**
 * Every content type with a History (ADR 080), as Payload's config lists its
 * collections. A new type exports a ContentTypeDescriptor from its own folder
 * and is added here; content/ is handed this registry and never imports a type.
 * Types with revisions but no History screen (the home carousel, media) are
 * not listed: their revisions open nowhere.
 */
export const contentRegistry = contentRegistryOf([
  packageDescriptor,
  blogDescriptor,
  siteSettingsDescriptor,
  ...homeDescriptors,
  siteTermsDescriptor,
  legalPageDescriptor,
  replyTemplatesDescriptor,
]);
