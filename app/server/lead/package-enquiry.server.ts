import { z } from "zod";
import { toSingleLine } from "~/lib/single-line";
import { ENQUIRY_LIMITS as LIMITS, ENQUIRY_SENT_MESSAGE } from "~/lib/enquiry-limits";
import { formatMonth } from "~/lib/tour-format";
import { getDb } from "~/server/db/db.server";
import { leads, type PackageRow } from "~/server/db/schema.server";
import { leadOfRequest } from "./lead-of-request.server";
import { getEnv } from "~/server/env.server";
import { enqueueEnquiryNotifications } from "~/server/notify/enquiry-notification.server";
import { nudgeJobs } from "~/server/jobs/jobs.server";
import { teamAddress } from "~/server/settings/settings.server";
import { getPackage } from "~/server/package/package-queries.server";

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const digitCount = (phone: string) => phone.replace(/\D/g, "").length;

/** The package enquiry form (spec §2): one schema for the page's form action and POST /api/enquiries. */
export const enquirySchema = z.object({
  name: z.preprocess(
    toSingleLine,
    z
      .string({ error: "Please enter your name." })
      .trim()
      .min(2, "Please enter your name.")
      .max(LIMITS.nameMax, `Please keep your name under ${LIMITS.nameMax} characters.`),
  ),
  phone: z.preprocess(
    toSingleLine,
    z
      .string({ error: "Please enter your phone number." })
      .trim()
      .min(1, "Please enter your phone number.")
      .max(LIMITS.phoneMax, "Please enter a valid phone number, e.g. +91 98765 43210.")
      .regex(/^\+?[\d\s()-]+$/, "Please enter a valid phone number, e.g. +91 98765 43210.")
      .refine((phone) => digitCount(phone) >= 8 && digitCount(phone) <= 15, {
        error: "Please enter a valid phone number, e.g. +91 98765 43210.",
      }),
  ),
  email: z.preprocess(
    blankToUndefined,
    z.email({ error: "Please enter a valid e-mail address, or leave it empty." }).max(LIMITS.emailMax, "Please enter a shorter e-mail address.").optional(),
  ),
  travellers: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: "Please tell us how many people are travelling." })
      .int("Please enter a whole number of travellers.")
      .min(LIMITS.travellersMin, `Please enter between ${LIMITS.travellersMin} and ${LIMITS.travellersMax} travellers.`)
      .max(LIMITS.travellersMax, `Please enter between ${LIMITS.travellersMin} and ${LIMITS.travellersMax} travellers.`),
  ),
  preferredMonth: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Please choose a month from the list.")
      .optional(),
  ),
  message: z.preprocess(
    blankToUndefined,
    z.string().trim().max(LIMITS.messageMax, `Please keep your message under ${LIMITS.messageMax} characters.`).optional(),
  ),
});

/** The API names the package by id or by slug; the page form takes it from the URL. */
export const apiEnquirySchema = enquirySchema.extend({
  packageId: z.preprocess(blankToUndefined, z.coerce.number().int().positive().optional()),
  packageSlug: z.preprocess(blankToUndefined, z.string().max(100).optional()),
});

type EnquiryInput = z.infer<typeof enquirySchema>;

export { ENQUIRY_SENT_MESSAGE };

/** The published package an API enquiry names, or null. */
export async function findEnquiryPackage(input: { packageId?: number; packageSlug?: string }) {
  const ref = input.packageId ? String(input.packageId) : input.packageSlug;
  return ref ? getPackage(ref) : null;
}

/**
 * Stores the enquiry and, in the same transaction, the team's e-mail about it
 * in the notification outbox; the outbox worker sends it (ADR 050). With the
 * balancer's `requestId`, a request already stored (its retry on this server
 * after the first server stored it, ADR 093) stores nothing new and no e-mail,
 * and answers with the lead it stored; one still being stored is waited for.
 */
export async function createEnquiry(input: EnquiryInput, pkg: Pick<PackageRow, "id" | "title" | "slug">, requestId: string | null = null) {
  const to = await teamAddress();
  const site = getEnv().SITE_URL;
  const lead = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(leads)
      .values({
        source: "package-enquiry",
        name: input.name,
        phone: input.phone,
        email: input.email ?? null,
        packageId: pkg.id,
        packageTitle: pkg.title,
        travellers: input.travellers,
        preferredMonth: input.preferredMonth ?? null,
        message: input.message ?? null,
        requestId,
      })
      .onConflictDoNothing({ target: [leads.source, leads.requestId] })
      .returning({ id: leads.id, createdAt: leads.createdAt });
    if (!row) return { id: await leadOfRequest(tx, "package-enquiry", requestId) };
    const enquiry = {
      subject: { type: "lead", id: row.id },
      source: "package-enquiry",
      receivedAt: row.createdAt,
      name: input.name,
      phone: input.phone,
      email: input.email,
      message: input.message,
      package: pkg,
      travellers: input.travellers,
      preferredMonth: input.preferredMonth,
    } as const;
    await enqueueEnquiryNotifications(tx, enquiry, {
      to,
      text: [
        `Package: ${pkg.title} (${site.replace(/\/$/, "")}/packages/${pkg.slug})`,
        `Name: ${input.name}`,
        `Phone: ${input.phone}`,
        `E-mail: ${input.email ?? "not given"}`,
        `Travellers: ${input.travellers}`,
        `Preferred month: ${input.preferredMonth ? formatMonth(input.preferredMonth) : "flexible"}`,
        "",
        input.message ?? "(no message)",
      ].join("\n"),
    });
    return { id: row.id };
  });
  nudgeJobs();
  return lead;
}
