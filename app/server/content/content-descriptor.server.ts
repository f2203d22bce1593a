import type { ContentDocument, ContentEntityType } from "~/lib/content-fields";
import type { Viewer } from "~/server/auth/guard.server";
import type { ContentRevisionRow } from "~/server/db/schema.server";
import type { ContentWriteContext } from "./content-write.server";
import type { RestoreResult } from "./restore.server";
import type { ScheduledPublishHandler } from "./schedule.server";

/** A document as it is now: what a revision is compared with, its version and its name. */
export type LiveDocument = { document: ContentDocument; version: number; label: string };

/**
 * What the generic History, "Recently deleted" and scheduled publishing need
 * to know of one content type (ADR 080). Each type's own folder exports its
 * descriptor; `app/server/registry/content-registry.server.ts` lists them, as
 * Payload's config lists collections. content/ never imports a type: it is
 * handed the registry.
 */
export type ContentTypeDescriptor = {
  type: ContentEntityType;
  /** The admin screen that edits one document of this type; History links there. */
  editorPath(id: string): string;
  /** The document as it is now; null when there is none (deleted, or a page never made). */
  liveDocument(id: string): Promise<LiveDocument | null>;
  /** Who may open its revisions: the people who may edit it. */
  canSee(viewer: Viewer | null): boolean;
  /** Types listed in Recently deleted: brings a document back from its deletion revision. */
  restoreDeleted?(revision: ContentRevisionRow, ctx: ContentWriteContext): Promise<RestoreResult>;
  /** With restoreDeleted: a restored document's public address, from its slug. */
  publicPath?(slug: string): string;
  /** Types that can be scheduled: publishes one due row (the scheduled-publishing worker calls it). */
  publishScheduled?: ScheduledPublishHandler;
};

/** The content types the app has, by type (app/server/registry/content-registry.server.ts builds the one the app uses). */
export type ContentRegistry = ReadonlyMap<string, ContentTypeDescriptor>;

/** A registry of these descriptors; a type listed twice is a mistake, caught at start. */
export function contentRegistryOf(descriptors: readonly ContentTypeDescriptor[]): ContentRegistry {
  const registry = new Map<string, ContentTypeDescriptor>();
  for (const descriptor of descriptors) {
    if (registry.has(descriptor.type)) throw new Error(`content type "${descriptor.type}" is registered twice`);
    registry.set(descriptor.type, descriptor);
  }
  return registry;
}

/** The scheduled-publishing worker's handlers: one per type that can be scheduled. */
export function scheduledPublishHandlers(registry: ContentRegistry): Partial<Record<ContentEntityType, ScheduledPublishHandler>> {
  return Object.fromEntries([...registry.values()].flatMap((d) => (d.publishScheduled ? [[d.type, d.publishScheduled]] : [])));
}

/** The types listed in Recently deleted (those that can be restored). */
export function restorableTypes(registry: ContentRegistry): ContentEntityType[] {
  return [...registry.values()].filter((d) => d.restoreDeleted).map((d) => d.type);
}
