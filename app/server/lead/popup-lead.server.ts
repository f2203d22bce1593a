import { GroupCommit } from "~/server/db/group-commit.server";
import { getDb } from "~/server/db/db.server";
import { leads } from "~/server/db/schema.server";
import { enqueueManyEnquiryNotifications, type NewEnquiry } from "~/server/notify/enquiry-notification.server";
import { nudgeJobs } from "~/server/jobs/jobs.server";
import { teamAddress } from "~/server/settings/settings.server";
import type { PopupLeadInput } from "./lead-schema";
import { leadsOfRequests } from "./lead-of-request.server";

/**
 * Stores a popup lead and, in the same transaction, the team's e-mail about it
 * (NOTIFY_EMAIL, else the agency's e-mail) in the notification outbox. The
 * outbox worker sends it (ADR 050): a mail outage or a crash never loses it.
 * Resolves once the lead is committed. Leads posted at the same moment share
 * one transaction (group commit), which is what keeps a burst fast on the
 * embedded database. With the balancer's `requestId`, a request already
 * stored (retried here after another server stored it, ADR 093) stores
 * nothing new and resolves with the lead it stored.
 */
export function createPopupLead(input: PopupLeadInput, requestId: string | null = null): Promise<{ id: number }> {
  return popupLeadWrites.submit({ input, requestId });
}

type PopupLeadPost = { input: PopupLeadInput; requestId: string | null };

const popupLeadWrites = new GroupCommit(storePopupLeads);

/** One transaction: the leads in one statement, then the e-mails of the new ones in another. */
async function storePopupLeads(posts: PopupLeadPost[]): Promise<{ id: number }[]> {
  const to = await teamAddress();
  // The same request twice in one batch is stored once; both get its lead.
  const firstOf = new Map<string, PopupLeadPost>();
  const firsts = posts.filter((post) => {
    if (!post.requestId) return true;
    if (firstOf.has(post.requestId)) return false;
    firstOf.set(post.requestId, post);
    return true;
  });
  const idOf = await getDb().transaction(async (tx) => {
    const inserted = await tx
      .insert(leads)
      .values(firsts.map(({ input, requestId }) => ({ source: "popup" as const, name: input.name, phone: input.phone, requestId })))
      .onConflictDoNothing({ target: [leads.source, leads.requestId] })
      .returning({ id: leads.id, createdAt: leads.createdAt, requestId: leads.requestId });
    // Serial ids are drawn in the order of the VALUES list (a skipped row's too): sorted, the
    // stored rows line up with their posts. A post without its row was stored before (ADR 093).
    inserted.sort((a, b) => a.id - b.id);
    const idOf = new Map<PopupLeadPost, number>();
    const fresh: { post: PopupLeadPost; row: (typeof inserted)[number] }[] = [];
    for (const post of firsts) {
      const row = inserted[fresh.length];
      if (row && row.requestId === post.requestId) {
        fresh.push({ post, row });
        idOf.set(post, row.id);
      } else if (!post.requestId) throw new Error("The leads were not stored.");
    }
    const storedBefore = firsts.filter((post) => !idOf.has(post));
    if (storedBefore.length) {
      const found = await leadsOfRequests(
        tx,
        "popup",
        storedBefore.map((post) => post.requestId!),
      );
      for (const post of storedBefore) {
        const row = found.find((candidate) => candidate.requestId === post.requestId);
        if (!row) throw new Error("The leads were not stored.");
        idOf.set(post, row.id);
      }
    }
    await enqueueManyEnquiryNotifications(
      tx,
      fresh.map(({ post, row }) => popupLeadNotification(to, post.input, row)),
    );
    return idOf;
  });
  nudgeJobs();
  return posts.map((post) => ({ id: idOf.get(post.requestId ? firstOf.get(post.requestId)! : post)! }));
}

function popupLeadNotification(to: string, input: PopupLeadInput, row: { id: number; createdAt: Date }) {
  const enquiry: NewEnquiry = { subject: { type: "lead", id: row.id }, source: "popup", receivedAt: row.createdAt, name: input.name, phone: input.phone };
  const text = ["A visitor asked to be called back (website popup).", "", `Name: ${input.name}`, `Phone: ${input.phone}`].join("\n");
  return { enquiry, email: { to, text } };
}
