import { asc, eq } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { faqs, homeCards, testimonials } from "~/server/db/schema.server";

export function listTestimonials() {
  return getDb().select().from(testimonials).orderBy(asc(testimonials.sortOrder), asc(testimonials.id));
}

export function listFaqs() {
  return getDb().select().from(faqs).orderBy(asc(faqs.sortOrder), asc(faqs.id));
}

export function listHomeCards(section: "why-choose-us" | "process") {
  return getDb()
    .select()
    .from(homeCards)
    .where(eq(homeCards.section, section))
    .orderBy(asc(homeCards.sortOrder), asc(homeCards.id));
}
