import { toE164 } from "~/lib/phone";
import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/server/db/db.server";
import * as t from "~/server/db/schema.server";
import { processImage } from "~/server/media/process-image.server";
import type { MediaStorage } from "~/server/media/storage.server";
import { getAuth } from "~/server/auth/auth.server";
import { generatePassword } from "~/server/auth/password.server";
import { blogs } from "./data/blogs";
import { replyTemplates } from "./data/reply-templates";
import { faqs, introParagraph, processSteps, siteSettings, testimonials, whatsappGeneralMessage, whyChooseUs } from "./data/home";
import { legalPages } from "./data/legal";
import { parsePackageInput } from "~/server/package/package-input.server";
import { seedPackages } from "./data/packages";
import { withDepartureIds } from "~/server/package/departure-ids.server";
import { photos } from "./data/photos";
import type { SeedPhoto } from "./types";
import { fromPrice } from "~/lib/price";
import { TAX_RULES_SEED } from "~/server/tax/tax-rules-seed.server";
import { seedTaxRuleRows } from "~/server/tax/tax-store.server";
import { TCS_WORD_FIXES } from "./tcs-words";
import { addTaxesToEarlierBookings } from "~/server/payment-ledger/booking-taxes-backfill.server";

const storedPhone = (phone: string) => toE164(phone) ?? phone;

type SeedOptions = {
  /** A directory (local disk) or the configured media storage (MEDIA_STORE=s3 seeds into the bucket). */
  mediaDir: string | MediaStorage;
  photosDir?: string;
  /** Without a name, the first admin is "Administrator" until they give theirs (the back office asks first). */
  admin: { email: string; password?: string; name?: string };
  contact?: { phone?: string; phoneSecondary?: string; email?: string; whatsapp?: string };
  today?: Date;
  log?: (message: string) => void;
};

export type SeedResult = {
  inserted: Record<string, number>;
  /** Set only when the first admin was created with a generated password. */
  generatedAdminPassword?: string;
  adminCreated: boolean;
};

/**
 * Makes a seed photo's image files in mediaDir. They are named by a hash of
 * the source, so a file already there is reused (scripts/process-seed-photos.ts
 * makes them once for every test database and e2e server; ADR 036).
 */
export async function processSeedPhoto(photo: SeedPhoto, mediaDir: string | MediaStorage, photosDir = path.resolve("content/photos")) {
  return processImage(await fs.readFile(path.join(photosDir, photo.file)), photo.key, mediaDir);
}

/**
 * Inserts the seed content that was never inserted before (see seedLedger):
 * idempotent, and it never overwrites or revives what an admin changed.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedResult> {
  const log = options.log ?? (() => {});
  const photosDir = options.photosDir ?? path.resolve("content/photos");
  const inserted: Record<string, number> = {};
  const count = (kind: string) => (inserted[kind] = (inserted[kind] ?? 0) + 1);

  const seeded = new Set((await db.select().from(t.seedLedger)).map((row) => `${row.kind}:${row.key}`));
  /** Runs `insert` inside a transaction with its ledger row, once per (kind, key). */
  async function once(kind: string, key: string, insert: (tx: Db) => Promise<unknown>) {
    if (seeded.has(`${kind}:${key}`)) return;
    await db.transaction(async (tx) => {
      await insert(tx as unknown as Db);
      await tx.insert(t.seedLedger).values({ kind, key }).onConflictDoNothing();
    });
    seeded.add(`${kind}:${key}`);
    count(kind);
  }

  for (const photo of photos) {
    const [existing] = await db.select({ id: t.media.id }).from(t.media).where(eq(t.media.key, photo.key));
    await once("media", photo.key, async (tx) => {
      if (existing) return;
      log(`processing ${photo.file}`);
      const processed = await processSeedPhoto(photo, options.mediaDir, photosDir);
      await tx.insert(t.media).values({
        key: photo.key,
        originalName: photo.file,
        alt: photo.alt,
        author: photo.author,
        license: photo.license,
        source: photo.source,
        ...processed,
      });
    });
  }

  for (const pkg of seedPackages(options.today)) {
    // The seed passes the same schema as the editor and the API, published rules included.
    const checked = parsePackageInput({
      ...pkg,
      rating: undefined,
      ratingStars: pkg.rating.stars,
      ratingCount: pkg.rating.reviews,
      brochureUrl: pkg.brochureUrl ?? undefined,
      status: "published",
    });
    if (!checked.ok) throw new Error(`seed package ${pkg.slug} is invalid: ${JSON.stringify(checked.fields)}`);
    await once("package", pkg.slug, async (tx) => {
      const { rating, ...fields } = pkg;
      const [row] = await tx
        .insert(t.packages)
        .values({
          ...fields,
          groupDates: withDepartureIds(pkg.groupDates),
          priceOptions: pkg.priceOptions ?? [],
          excluded: pkg.excluded ?? [],
          priceFrom: fromPrice(pkg.price, pkg.priceOptions ?? []),
          ratingStars: rating.stars,
          ratingCount: rating.reviews,
          status: "published",
        })
        .onConflictDoNothing()
        .returning({ id: t.packages.id });
      if (row) await tx.insert(t.topDestinations).values({ packageId: row.id, sortOrder: pkg.sortOrder });
    });
  }

  for (const blog of blogs) {
    await once("blog", blog.slug, (tx) =>
      tx
        .insert(t.blogs)
        .values({ ...blog, status: "published" })
        .onConflictDoNothing(),
    );
  }

  for (const [index, item] of testimonials.entries()) {
    await once("testimonial", `${item.name}`, (tx) => tx.insert(t.testimonials).values({ ...item, sortOrder: index + 1 }));
  }
  for (const [index, item] of faqs.entries()) {
    await once("faq", item.question, (tx) => tx.insert(t.faqs).values({ ...item, sortOrder: index + 1 }));
  }
  const cards = [
    ...whyChooseUs.map((card) => ({ ...card, section: "why-choose-us" as const })),
    ...processSteps.map((card) => ({ ...card, section: "process" as const })),
  ];
  for (const [index, card] of cards.entries()) {
    await once(`home-card:${card.section}`, card.title, (tx) => tx.insert(t.homeCards).values({ ...card, sortOrder: index + 1 }));
  }
  for (const [index, template] of replyTemplates.entries()) {
    await once("reply-template", template.name, (tx) =>
      tx
        .insert(t.replyTemplates)
        .values({ ...template, sortOrder: index + 1 })
        .onConflictDoNothing(),
    );
  }
  for (const page of legalPages) {
    await once("legal", page.slug, (tx) => tx.insert(t.legalPages).values(page).onConflictDoNothing());
  }

  // Every tax rule once (ADR 092): a rule the accountant withdrew stays withdrawn; a rule added to the seed later is added.
  for (const rule of seedTaxRuleRows(TAX_RULES_SEED)) {
    await once("tax-rule", rule.id, (tx) => tx.insert(t.taxRules).values(rule).onConflictDoNothing());
  }

  // The TCS words of a database seeded before 1 April 2026's rule (ADR 115): each old sentence, where it is still there, once.
  await once("text-fix", "tcs-2026", async (tx) => {
    const { faq, terms, termsDescription } = TCS_WORD_FIXES;
    const faqs = await tx
      .update(t.faqs)
      .set({ answer: sql`replace(${t.faqs.answer}, ${faq.from}, ${faq.to})` })
      .where(and(eq(t.faqs.question, faq.question), sql`position(${faq.from} in ${t.faqs.answer}) > 0`))
      .returning({ id: t.faqs.id });
    const pages = await tx
      .update(t.legalPages)
      .set({
        body: sql`replace(${t.legalPages.body}, ${terms.from}, ${terms.to})`,
        seoDescription: sql`replace(${t.legalPages.seoDescription}, ${termsDescription.from}, ${termsDescription.to})`,
      })
      .where(
        and(
          eq(t.legalPages.slug, terms.slug),
          sql`(position(${terms.from} in ${t.legalPages.body}) > 0 or position(${termsDescription.from} in ${t.legalPages.seoDescription}) > 0)`,
        ),
      )
      .returning({ id: t.legalPages.id });
    // Public pages are cached by the content version (ADR 003): a changed text is a new version.
    if (faqs.length + pages.length > 0) await tx.update(t.contentVersion).set({ version: sql`${t.contentVersion.version} + 1` });
  });

  const contact = options.contact ?? {};
  await once("settings", "site", (tx) =>
    tx
      .insert(t.siteSettings)
      .values({
        id: 1,
        ...siteSettings,
        introParagraph,
        whatsappMessage: whatsappGeneralMessage,
        // Stored in E.164 (ADR 041); a number the settings cannot read is kept as written.
        phonePrimary: storedPhone(contact.phone ?? siteSettings.phonePrimary),
        phoneSecondary: storedPhone(contact.phoneSecondary ?? siteSettings.phoneSecondary),
        email: contact.email ?? siteSettings.email,
        whatsappNumber: contact.whatsapp ?? siteSettings.whatsappNumber,
      })
      .onConflictDoNothing(),
  );

  // Bookings made before the schedule asked for the taxes (ADR 115): their balance absorbs them, once.
  await once("booking-taxes", "adr-115", (tx) => addTaxesToEarlierBookings(tx, options.today ?? new Date()));

  const admin = await seedFirstAdmin(db, options.admin);
  if (Object.keys(inserted).length) log(`seeded ${JSON.stringify(inserted)}`);
  return { inserted, ...admin };
}

/** The first admin, created through better-auth (user + credential account) when there is no user. */
async function seedFirstAdmin(db: Db, admin: SeedOptions["admin"]) {
  const [{ users } = { users: 0 }] = await db.select({ users: sql<number>`count(*)::int` }).from(t.users);
  if (users > 0) return { adminCreated: false };
  const password = admin.password ?? generatePassword();
  const created = await getAuth().api.createUser({
    body: { email: admin.email.toLowerCase(), name: admin.name ?? "Administrator", password, role: "admin" },
  });
  // Replies to customers say "this is {agent}": a nameless admin is asked for a name at the first sign-in (issue 49).
  if (!admin.name) await db.update(t.users).set({ mustSetName: true }).where(eq(t.users.id, created.user.id));
  return {
    adminCreated: true,
    generatedAdminPassword: admin.password ? undefined : password,
  };
}
