import type { Db } from "~/server/db/db.server";
import { contactMessages, leads, packages, users } from "~/server/db/schema.server";

/** Rows for the enquiry db tests, inserted directly (no outbox, no seed). */

export async function insertStaff(db: Db, name: string, role: "admin" | "editor" = "editor") {
  const id = `staff-${name.toLowerCase().replace(/\W+/g, "-")}-${Math.random().toString(36).slice(2, 8)}`;
  await db.insert(users).values({ id, name, email: `${id}@example.com`, role });
  return { id, name, email: `${id}@example.com`, role };
}

export async function insertPackage(db: Db, title: string) {
  const [row] = await db
    .insert(packages)
    .values({
      slug: title.toLowerCase().replace(/\W+/g, "-"),
      title,
      country: "India",
      region: "national",
      days: 4,
      nights: 3,
      description: "A test package.",
      priceFrom: 10000,
      price: { kind: "single", amount: 10000, unit: "per person" },
      thumbnail: "",
    })
    .returning();
  return row!;
}

export async function insertLead(db: Db, values: Partial<typeof leads.$inferInsert> & { name: string }) {
  const [row] = await db
    .insert(leads)
    .values({ phone: "+91 90000 00000", ...values })
    .returning();
  return row!;
}

export async function insertContact(db: Db, values: Partial<typeof contactMessages.$inferInsert> & { firstName: string }) {
  const [row] = await db
    .insert(contactMessages)
    .values({ lastName: "Test", email: "someone@example.com", phone: "+91 90000 00001", message: "Hello", ...values })
    .returning();
  return row!;
}

export const at = (iso: string) => new Date(iso);
