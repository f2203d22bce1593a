import { asc } from "drizzle-orm";
import type { ContentDocument } from "~/lib/content-fields";
import type { ReplyTemplate, ReplyTemplateInput } from "~/lib/reply-templates";
import type { EditConflict } from "~/lib/revisions";
import { describeConflict } from "~/server/content/conflicts.server";
import { ContentWriteAbort, writeContent, type ContentWriteContext } from "~/server/content/content-write.server";
import { lastRevision } from "~/server/content/revisions.server";
import { getDb, type Db } from "~/server/db/db.server";
import { replyTemplates } from "~/server/db/schema.server";

/** The reply templates (issue 23, ADR 046): one list, saved whole, with a revision per save. */

export const REPLY_TEMPLATES_LABEL = "Reply templates";
export const REPLY_TEMPLATES_ID = "all";

type ReplyTemplatesWriteResult = { ok: true; version: number } | { ok: false; conflict: EditConflict };

/** Every template in the admins' order. */
export async function listReplyTemplates(db: Db = getDb()): Promise<ReplyTemplate[]> {
  const rows = await db.select().from(replyTemplates).orderBy(asc(replyTemplates.sortOrder), asc(replyTemplates.id));
  return rows.map(({ id, name, channel, subject, body }) => ({ id, name, channel, subject, body }));
}

/** The list as its revisions store it. */
export async function replyTemplatesDocument(db: Db): Promise<ContentDocument> {
  return { templates: (await listReplyTemplates(db)).map(({ name, channel, subject, body }) => ({ name, channel, subject, body })) };
}

/** The list's version: its last revision's (1 before the first recorded save). */
export async function replyTemplatesVersion(db: Db): Promise<number> {
  return (await lastRevision(db, "reply-templates", REPLY_TEMPLATES_ID))?.version ?? 1;
}

/**
 * Replaces the whole list in one content write: the rows in the order sent,
 * a revision, activity. A save based on an older version is refused with
 * what changed (the conflict notice), as on every content screen.
 */
export async function saveReplyTemplates(items: ReplyTemplateInput[], ctx: ContentWriteContext, options: { expectedVersion?: number } = {}) {
  const mine = { templates: items.map(({ name, channel, subject, body }) => ({ name, channel, subject: channel === "email" ? subject : "", body })) };
  return writeContent<ReplyTemplatesWriteResult>(ctx, async (tx) => {
    await tx.execute("lock table reply_templates in share row exclusive mode");
    const version = await replyTemplatesVersion(tx);
    const previous = await replyTemplatesDocument(tx);
    if (options.expectedVersion !== undefined && options.expectedVersion !== version) {
      const last = await lastRevision(tx, "reply-templates", REPLY_TEMPLATES_ID);
      const at = {
        type: "reply-templates" as const,
        id: REPLY_TEMPLATES_ID,
        baseVersion: options.expectedVersion,
        version,
        updatedAt: last?.createdAt ?? new Date(),
      };
      throw new ContentWriteAbort<ReplyTemplatesWriteResult>({ ok: false, conflict: await describeConflict(tx, at, previous, mine) });
    }
    await tx.delete(replyTemplates);
    if (mine.templates.length) await tx.insert(replyTemplates).values(mine.templates.map((item, index) => ({ ...item, sortOrder: index + 1 })));
    return {
      result: { ok: true, version: version + 1 },
      revisions: [
        {
          type: "reply-templates",
          id: REPLY_TEMPLATES_ID,
          version: version + 1,
          kind: "updated",
          label: REPLY_TEMPLATES_LABEL,
          document: await replyTemplatesDocument(tx),
          previous,
        },
      ],
      activity: [{ kind: "reply-templates.updated", subject: { type: "reply-templates", id: REPLY_TEMPLATES_ID, label: REPLY_TEMPLATES_LABEL } }],
    };
  });
}
