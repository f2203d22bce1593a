import { asc, eq, inArray } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { faqs, homeCards, testimonials } from "~/server/db/schema.server";

export function listTestimonials() {
  return getDb().select().from(testimonials).orderBy(asc(testimonials.sortOrder), asc(testimonials.id));
}

/** The FAQ of one page (ADR 041: each question shows on the home page, the contact page or both), in order. */
export function listFaqs(page: "home" | "contact") {
  return getDb()
    .select()
    .from(faqs)
    .where(inArray(faqs.pages, [page, "both"]))
    .orderBy(asc(faqs.sortOrder), asc(faqs.id));
}

export function listHomeCards(section: "why-choose-us" | "process") {
  return getDb().select().from(homeCards).where(eq(homeCards.section, section)).orderBy(asc(homeCards.sortOrder), asc(homeCards.id));
}
