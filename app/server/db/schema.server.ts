import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { GroupDate, ItineraryDay, PackagePrice, PackageReview, PriceOption, PublishStatus, Region } from "~/lib/content-types";
import type { MediaKind, MediaVariant } from "~/lib/media";
import type { PackageTerm, PackageTermsOverride } from "~/lib/package-terms-schema";
import type { EnquirySource, EnquiryStatus } from "~/lib/enquiry-status";
import type { BookingPrice, BookingState, RoomSharing, TravellerKind } from "~/lib/booking";
import type { PaymentMethod } from "~/lib/payment-ledger";
import type { PaymentTerms, ScheduleLineKind } from "~/lib/payment-schedule";
import type { GstScheme } from "~/server/tax/tax-rules.server";
import type { DocumentKind } from "~/server/document/document-number.server";
import type { DocumentSnapshot } from "~/server/document/document-snapshot.server";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** Images processed by sharp into responsive variants (see docs/decisions). */
export const media = pgTable(
  "media",
  {
    id: serial("id").primaryKey(),
    key: text("key").notNull().unique(),
    originalName: text("original_name").notNull(),
    alt: text("alt").notNull().default(""),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Tiny blurred WebP as a data URI, painted while the real image loads. */
    placeholder: text("placeholder").notNull(),
    variants: jsonb("variants").$type<MediaVariant[]>().notNull(),
    author: text("author"),
    license: text("license"),
    source: text("source"),
    /** "image" (variants above) or "brochure" (a PDF at `url`, no variants). */
    kind: text("kind").$type<MediaKind>().notNull().default("image"),
    /** Public URL of a document (brochure); null for images, which are served by their variants. */
    url: text("url"),
    /** Size of the uploaded original in bytes; null for seeded photos. */
    bytes: integer("bytes"),
    /** The staff member who uploaded it; null for seeded media (never deleted as unused). */
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [check("media_kind_check", sql`${t.kind} in ('image', 'brochure')`)],
);

export const packages = pgTable(
  "packages",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    country: text("country").notNull(),
    region: text("region").$type<Region>().notNull(),
    status: text("status").$type<PublishStatus>().notNull().default("draft"),
    sortOrder: integer("sort_order").notNull().default(0),
    category: text("category").notNull().default(""),
    days: integer("days").notNull(),
    nights: integer("nights").notNull(),
    description: text("description").notNull(),
    longDescription: text("long_description").notNull().default(""),
    /** The "from" price in whole rupees (price.ts fromPrice: adult or per person, or the cheapest option; issue 49). */
    priceFrom: integer("price_from").notNull(),
    price: jsonb("price").$type<PackagePrice>().notNull(),
    priceOptions: jsonb("price_options").$type<PriceOption[]>().notNull().default([]),
    thumbnail: text("thumbnail").notNull(),
    gallery: jsonb("gallery").$type<string[]>().notNull().default([]),
    highlights: jsonb("highlights").$type<string[]>().notNull().default([]),
    included: jsonb("included").$type<string[]>().notNull().default([]),
    excluded: jsonb("excluded").$type<string[]>().notNull().default([]),
    itinerary: jsonb("itinerary").$type<ItineraryDay[]>().notNull().default([]),
    groupDates: jsonb("group_dates").$type<GroupDate[]>().notNull().default([]),
    brochureUrl: text("brochure_url"),
    /** This package's own terms clauses and convenience list; null: the site-wide ones (ADR 044). */
    termsOverride: jsonb("terms_override").$type<PackageTermsOverride | null>(),
    /** The deposit and balance a booking copies into its schedule (issue 46, ADR 090); null: DEFAULT_PAYMENT_TERMS (25%, 30 days). */
    paymentTerms: jsonb("payment_terms").$type<PaymentTerms | null>(),
    /** How its GST is worked out (ADR 092): 5% on the whole package, or 18% on a separate service charge. */
    taxScheme: text("tax_scheme").$type<GstScheme>().notNull().default("package"),
    /** An overseas tour programme package: TCS on every amount received (ADR 092); null: the region decides (international). */
    overseas: boolean("overseas"),
    ratingStars: real("rating_stars").notNull().default(5),
    ratingCount: integer("rating_count").notNull().default(0),
    reviews: jsonb("reviews").$type<PackageReview[]>().notNull().default([]),
    seoTitle: text("seo_title").notNull().default(""),
    seoDescription: text("seo_description").notNull().default(""),
    /** Page views, counted like blog views: once per visitor per day (ADR 014, 030). */
    views: integer("views").notNull().default(0),
    /** The document's version: bumped by every write (ADR 037); editors and If-Match send it back. */
    revision: integer("revision").notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index("packages_status_sort_idx").on(t.status, t.sortOrder),
    check("packages_region_check", sql`${t.region} in ('international', 'national')`),
    check("packages_status_check", sql`${t.status} in ('draft', 'published')`),
    check("packages_price_from_check", sql`${t.priceFrom} >= 0`),
    check("packages_tax_scheme_check", sql`${t.taxScheme} in ('package', 'service-charge')`),
  ],
);

export const blogs = pgTable(
  "blogs",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    durationMinutes: integer("duration_minutes").notNull().default(5),
    views: integer("views").notNull().default(0),
    uploadDate: date("upload_date", { mode: "string" }).notNull(),
    /** Media key or URL of the head image/thumbnail; null when none. */
    headImage: text("head_image"),
    content: text("content").notNull(),
    status: text("status").$type<PublishStatus>().notNull().default("draft"),
    seoTitle: text("seo_title").notNull().default(""),
    seoDescription: text("seo_description").notNull().default(""),
    /** The document's version: bumped by every write (ADR 037); editors and If-Match send it back. */
    revision: integer("revision").notNull().default(1),
    ...timestamps,
  },
  (t) => [index("blogs_status_date_idx").on(t.status, t.uploadDate), check("blogs_status_check", sql`${t.status} in ('draft', 'published')`)],
);

/** One row per visitor per day, so views count people, not requests. */
export const blogViews = pgTable(
  "blog_views",
  {
    blogId: integer("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    visitorHash: text("visitor_hash").notNull(),
    /** HMAC of the client's address alone (never the raw IP): caps what one address adds per day. */
    ipHash: text("ip_hash").notNull().default(""),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.blogId, t.visitorHash, t.day] }), index("blog_views_ip_idx").on(t.blogId, t.day, t.ipHash)],
);

/** The package page's views: one row per visitor per day, like blog_views (ADR 030). */
export const packageViews = pgTable(
  "package_views",
  {
    packageId: integer("package_id")
      .notNull()
      .references(() => packages.id, { onDelete: "cascade" }),
    visitorHash: text("visitor_hash").notNull(),
    ipHash: text("ip_hash").notNull(),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.visitorHash, t.day] }), index("package_views_ip_idx").on(t.packageId, t.day, t.ipHash)],
);

export const testimonials = pgTable("testimonials", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  location: text("location").notNull().default(""),
  comment: text("comment").notNull(),
  rating: integer("rating").notNull().default(5),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const faqs = pgTable(
  "faqs",
  {
    id: serial("id").primaryKey(),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    /** Which pages list it (ADR 041): the home page, the contact page, or both. */
    pages: text("pages").$type<"home" | "contact" | "both">().notNull().default("both"),
  },
  (t) => [check("faqs_pages_check", sql`${t.pages} in ('home', 'contact', 'both')`)],
);

/** Why-choose-us cards and process steps share one shape, told apart by `section`. */
export const homeCards = pgTable(
  "home_cards",
  {
    id: serial("id").primaryKey(),
    section: text("section").$type<"why-choose-us" | "process">().notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    icon: text("icon").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [check("home_cards_section_check", sql`${t.section} in ('why-choose-us', 'process')`)],
);

/**
 * Old public paths answering a permanent redirect (308) to their new path: a
 * renamed package slug gets a row, so links and search results keep working.
 * Chains are collapsed when written (a → b, then b → c makes a → c).
 */
export const redirects = pgTable("redirects", {
  id: serial("id").primaryKey(),
  fromPath: text("from_path").notNull().unique(),
  toPath: text("to_path").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type RedirectRow = typeof redirects.$inferSelect;

/** Featured packages of the home carousel, in order. */
export const topDestinations = pgTable("top_destinations", {
  packageId: integer("package_id")
    .primaryKey()
    .references(() => packages.id, { onDelete: "cascade" }),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const legalPages = pgTable("legal_pages", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  lastUpdated: text("last_updated").notNull(),
  body: text("body").notNull(),
  seoDescription: text("seo_description").notNull().default(""),
  updatedAt: timestamps.updatedAt,
});

/** Single row (id = 1) of agency-wide settings. */
export const siteSettings = pgTable("site_settings", {
  id: integer("id").primaryKey().default(1),
  brandName: text("brand_name").notNull(),
  tagline: text("tagline").notNull().default(""),
  footerDescription: text("footer_description").notNull().default(""),
  introParagraph: text("intro_paragraph").notNull().default(""),
  phonePrimary: text("phone_primary").notNull(),
  phoneSecondary: text("phone_secondary"),
  email: text("email").notNull(),
  whatsappNumber: text("whatsapp_number").notNull(),
  whatsappMessage: text("whatsapp_message").notNull().default(""),
  instagramUrl: text("instagram_url"),
  linkedinUrl: text("linkedin_url"),
  websiteUrl: text("website_url"),
  address: text("address").notNull().default(""),
  /** Every staff account must use two-step sign-in (an admin's setting, ADR 033). */
  requireTwoFactor: boolean("require_two_factor").notNull().default(false),
  /** The WhatsApp message on a package page; `{package}` becomes its title (ADR 041). */
  whatsappPackageMessage: text("whatsapp_package_message")
    .notNull()
    .default("Hi Pravas, I'm interested in the {package} package. Could you share the details?"),
  /** Where the team's enquiry e-mails go; null: NOTIFY_EMAIL, else `email`. */
  notifyEmail: text("notify_email"),
  /** Taxes on every price note, JSON-LD offer and brochure: GST on all trips, TCS on international ones. */
  gstPercent: real("gst_percent").notNull().default(5),
  gstLabel: text("gst_label").notNull().default("GST"),
  tcsPercent: real("tcs_percent").notNull().default(5),
  tcsLabel: text("tcs_label").notNull().default("TCS"),
  leadPopupEnabled: boolean("lead_popup_enabled").notNull().default(true),
  /** How long a booking's held seats are kept before the hold expires (ADR 088). */
  bookingHoldHours: integer("booking_hold_hours").notNull().default(48),
  /** The agency's UPI ID (VPA) and the name on the account, for the QR of every amount due (ADR 090); null: no QR. */
  upiId: text("upi_id"),
  upiPayeeName: text("upi_payee_name"),
  /** Days before each due date the balance-due e-mail goes out (issue 46), at 9:00 Indian time. */
  paymentReminderDays: integer("payment_reminder_days")
    .array()
    .notNull()
    .default(sql`'{7,1}'::integer[]`),
  /** The home page's hero words (spec §1 at first start), edited on the home content screen (ADR 041). */
  heroHeadline: text("hero_headline").notNull().default("Best Place to find Your Inner Peace"),
  heroSubheadline: text("hero_subheadline").notNull().default("Feeling relaxed? Connect with us to plan your journey and explore the world!"),
  /** The hero photo's media key; its alt text is the media row's (ADR 044). */
  heroMediaKey: text("hero_media_key").notNull().default("hero"),
  /** Every package's terms clauses and convenience list, and the refund rule; null: the first-start wording in code (ADR 044). */
  packageTerms: jsonb("package_terms").$type<PackageTerm[] | null>(),
  bookingConveniences: jsonb("booking_conveniences").$type<string[] | null>(),
  refundRule: text("refund_rule"),
  /** Business and tax (ADR 092): what every tax document prints about the agency; "" / null until the admin fills them in. */
  businessLegalName: text("business_legal_name").notNull().default(""),
  businessAddress: text("business_address").notNull().default(""),
  /** The address's GST state code ("29"); a GSTIN's first two characters must equal it. */
  businessStateCode: text("business_state_code"),
  gstin: text("gstin"),
  pan: text("pan"),
  /** Each numbered series' prefix, 1–4 capital letters or digits (document-number.server.ts). */
  invoicePrefix: text("invoice_prefix").notNull().default("PRV"),
  receiptVoucherPrefix: text("receipt_voucher_prefix").notNull().default("RV"),
  paymentReceiptPrefix: text("payment_receipt_prefix").notNull().default("RC"),
  refundVoucherPrefix: text("refund_voucher_prefix").notNull().default("RF"),
  creditNotePrefix: text("credit_note_prefix").notNull().default("CN"),
  /** The place of supply of an overseas package: the traveller's state (default) or the agency's (accountants differ). */
  overseasPlaceOfSupply: text("overseas_place_of_supply").$type<"traveller" | "agency">().notNull().default("traveller"),
  /** Issue a receipt voucher by itself when a payment before the invoice is recorded. */
  autoReceiptVouchers: boolean("auto_receipt_vouchers").notNull().default(true),
  /** Unused since ADR 117: the trip page's notice is the legal page `trip-page-notice` (never written; kept so no migration drops a column). */
  travellerDetailsNotice: text("traveller_details_notice"),
  /** Bumped by every write: the version an editor loaded (ADR 037). */
  revision: integer("revision").notNull().default(1),
  updatedAt: timestamps.updatedAt,
});

/** Popup leads and package enquiries: every visitor enquiry the team follows up. */
export const leads = pgTable(
  "leads",
  {
    id: serial("id").primaryKey(),
    source: text("source").$type<"popup" | "package-enquiry" | "seat-request">().notNull().default("popup"),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    email: text("email"),
    packageId: integer("package_id").references(() => packages.id, { onDelete: "set null" }),
    packageTitle: text("package_title"),
    travellers: integer("travellers"),
    preferredMonth: text("preferred_month"),
    message: text("message"),
    status: text("status").$type<EnquiryStatus>().notNull().default("new"),
    /** The team member following it up (the inbox's assignment). */
    assignedTo: text("assigned_to").references(() => users.id, { onDelete: "set null" }),
    /**
     * The load balancer's id of the request that stored it (X-Request-Id, ADR 093): the
     * same request retried on another server finds it and stores nothing new.
     */
    requestId: text("request_id"),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    // One request stores at most one lead of a kind; a retry of it waits here for the first.
    uniqueIndex("leads_source_request_idx").on(t.source, t.requestId),
    index("leads_created_idx").on(t.createdAt),
    index("leads_status_created_idx").on(t.status, t.createdAt),
    // The inbox search (ADR 047): trigram indexes for `ilike '%…%'` on what the search reads.
    index("leads_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("leads_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    index("leads_phone_trgm_idx").using("gin", t.phone.op("gin_trgm_ops")),
    index("leads_phone_digits_trgm_idx").using("gin", sql`translate(${t.phone}, ' +-().', '') gin_trgm_ops`),
    index("leads_message_trgm_idx").using("gin", t.message.op("gin_trgm_ops")),
    check("leads_status_check", sql`${t.status} in ('new', 'contacted', 'converted', 'closed', 'spam')`),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    message: text("message").notNull(),
    status: text("status").$type<EnquiryStatus>().notNull().default("new"),
    /** The team member following it up (the inbox's assignment). */
    assignedTo: text("assigned_to").references(() => users.id, { onDelete: "set null" }),
    /** The load balancer's id of the request that stored it (ADR 093), as on leads. */
    requestId: text("request_id"),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex("contact_messages_request_idx").on(t.requestId),
    index("contact_messages_created_idx").on(t.createdAt),
    index("contact_messages_status_created_idx").on(t.status, t.createdAt),
    // The same expressions as the enquiry_inbox view's, so its search uses them (ADR 047).
    index("contact_messages_name_trgm_idx").using("gin", sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    index("contact_messages_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    index("contact_messages_phone_trgm_idx").using("gin", t.phone.op("gin_trgm_ops")),
    index("contact_messages_phone_digits_trgm_idx").using("gin", sql`translate(${t.phone}, ' +-().', '') gin_trgm_ops`),
    index("contact_messages_message_trgm_idx").using("gin", t.message.op("gin_trgm_ops")),
    check("contact_messages_status_check", sql`${t.status} in ('new', 'contacted', 'converted', 'closed', 'spam')`),
  ],
);

/**
 * The team's notes on an enquiry: exactly one of lead_id / contact_message_id
 * is set; deleting the enquiry deletes its notes.
 */
export const enquiryNotes = pgTable(
  "enquiry_notes",
  {
    id: serial("id").primaryKey(),
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "cascade" }),
    contactMessageId: integer("contact_message_id").references(() => contactMessages.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    /** The author's name when written, kept when the user is deleted. */
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index("enquiry_notes_lead_idx").on(t.leadId),
    index("enquiry_notes_contact_idx").on(t.contactMessageId),
    check("enquiry_notes_one_subject_check", sql`(${t.leadId} is null) <> (${t.contactMessageId} is null)`),
  ],
);

export type EnquiryNoteRow = typeof enquiryNotes.$inferSelect;

/**
 * Reply templates (issue 23, ADR 046): named WhatsApp and e-mail replies with
 * {name}, {package}, {departure} and {agent} placeholders. Admins edit them as
 * one list (a revision per save); editors use them on the enquiry page.
 */
export const replyTemplates = pgTable(
  "reply_templates",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    channel: text("channel").$type<"whatsapp" | "email">().notNull(),
    /** The e-mail's subject; "" for WhatsApp. */
    subject: text("subject").notNull().default(""),
    body: text("body").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [uniqueIndex("reply_templates_name_idx").on(t.name), check("reply_templates_channel_check", sql`${t.channel} in ('whatsapp', 'email')`)],
);

export type ReplyTemplateRow = typeof replyTemplates.$inferSelect;

/**
 * The inbox: leads (popup, package enquiries) and contact messages as one
 * relation, so filters, sort and pagination run in the database. Keys are
 * "lead-12" / "contact-5" (app/lib/enquiry-id.ts).
 */
export const enquiryInbox = pgView("enquiry_inbox", {
  key: text("key").notNull(),
  kind: text("kind").$type<"lead" | "contact">().notNull(),
  rowId: integer("row_id").notNull(),
  source: text("source").$type<EnquirySource>().notNull(),
  name: text("name").notNull(),
  phone: text("phone").notNull(),
  /** The phone without spaces, +, -, ( and ) (translate: far cheaper than a regex per row), for searching "98765 43210" in "+91 98765-43210". */
  phoneDigits: text("phone_digits").notNull(),
  email: text("email"),
  packageId: integer("package_id"),
  packageTitle: text("package_title"),
  travellers: integer("travellers"),
  preferredMonth: text("preferred_month"),
  message: text("message"),
  status: text("status").$type<EnquiryStatus>().notNull(),
  assignedTo: text("assigned_to"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
}).as(sql`
  select 'lead-' || l.id as key, 'lead' as kind, l.id as row_id, l.source, l.name, l.phone,
    translate(l.phone, ' +-().', '') as phone_digits, l.email, l.package_id, l.package_title,
    l.travellers, l.preferred_month, l.message, l.status, l.assigned_to, l.created_at
  from leads l
  union all
  select 'contact-' || c.id, 'contact', c.id, 'contact', c.first_name || ' ' || c.last_name, c.phone,
    translate(c.phone, ' +-().', ''), c.email, null, null,
    null, null, c.message, c.status, c.assigned_to, c.created_at
  from contact_messages c
`);

export const JOB_STATUSES = ["pending", "done", "failed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JOB_LANES = ["short", "long"] as const;
export type JobLane = (typeof JOB_LANES)[number];

/**
 * The job queue (ADR 082, which renamed ADR 050's notification_outbox). A job
 * is written in the same transaction as what it is about and run by a job
 * worker (app/server/jobs/) through the handler of its `type`, in the `lane`
 * its type declares: long jobs (a backup) never hold up short ones (an
 * e-mail). `subject_type`/`subject_id` optionally name what it is about (an
 * enquiry, an activity entry, a booking). `once_key` makes an enqueue
 * happen once however often and wherever it is asked for. A claimed job
 * holds a lease (`locked_by`, `locked_until`, `lease_token`): only the
 * holder of the token may record its outcome. Jobs are kept once done
 * (at `done_at`) or failed.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: serial("id").primaryKey(),
    /** The job's type: which handler runs it. */
    type: text("type").notNull(),
    /** Which of the worker's lanes runs it; from its type, when it was queued. */
    lane: text("lane").$type<JobLane>().notNull().default("short"),
    subjectType: text("subject_type"),
    subjectId: integer("subject_id"),
    payload: jsonb("payload").$type<unknown>().notNull(),
    /** Queued at most once: a second enqueue with the same key is ignored (null: no such rule). */
    onceKey: text("once_key"),
    status: text("status").$type<JobStatus>().notNull().default("pending"),
    /** Attempts started so far; counted when a worker claims the job. */
    attempts: integer("attempts").notNull().default(0),
    /** When it runs next: when asked for at first, then after each failed try's wait. */
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    /** The claiming worker (stable across its restarts), its lease's end and the claim's token. */
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    leaseToken: text("lease_token"),
    lastError: text("last_error"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    doneAt: timestamp("done_at", { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex("jobs_once_key_idx").on(t.onceKey),
    // What a subject's jobs are (retention, personal data, an enquiry's notified time).
    index("jobs_subject_idx").on(t.subjectType, t.subjectId),
    // Each lane's claim: its pending jobs that are due, oldest first.
    index("jobs_due_idx")
      .on(t.lane, t.runAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    // The dashboard's: failed and retrying jobs.
    index("jobs_status_idx").on(t.status, t.createdAt),
    check("jobs_status_check", sql`${t.status} in ('pending', 'done', 'failed')`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;

// Staff sign-in: better-auth's tables (user, session, account, verification) with
// the admin plugin's fields. Column keys are what better-auth's Drizzle adapter
// expects; see app/server/auth/auth.server.ts and ADR 022.
const tz = { withTimezone: true } as const;

export const users = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  /** Stored lower-case (better-auth lower-cases on create and sign-in). */
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").default(false).notNull(),
  image: text("image"),
  createdAt: timestamp("created_at", tz).defaultNow().notNull(),
  updatedAt: timestamp("updated_at", tz)
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull(),
  /** "admin" or "editor" (admin plugin). */
  role: text("role"),
  /** Deactivated: sign-in refused and no session opens anything. */
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", tz),
  /** Their password predates the policy (ADR 032): the back office asks for a new one first. */
  mustChangePassword: boolean("must_change_password").default(false).notNull(),
  /** The first admin made without ADMIN_NAME is "Administrator": the back office asks their name first (issue 49). */
  mustSetName: boolean("must_set_name").default(false).notNull(),
  /** Two-step sign-in (better-auth's twoFactor plugin, ADR 033). */
  twoFactorEnabled: boolean("two_factor_enabled").default(false),
});

/** A user's authenticator secret and recovery codes (better-auth's twoFactor plugin; both encrypted). */
export const twoFactors = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", tz),
    /**
     * The last 30-second step whose code was accepted (ours, not better-auth's):
     * that step and any earlier one are refused, so a code works once (ADR 087).
     */
    lastAcceptedStep: bigint("last_accepted_step", { mode: "number" }),
  },
  (t) => [index("two_factor_user_id_idx").on(t.userId), index("two_factor_secret_idx").on(t.secret)],
);

export const sessions = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", tz).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", tz).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", tz)
      .$onUpdate(() => new Date())
      .notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
    /** "Keep me signed in" at sign-in: 30 days at most, otherwise 12 hours (ADR 032). */
    keepSignedIn: boolean("keep_signed_in").default(false).notNull(),
    /** When the session last opened a page (updated at most every few minutes). */
    lastUsedAt: timestamp("last_used_at", tz),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

/** Sign-in methods of a user; e-mail and password is providerId "credential". */
export const accounts = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", tz),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", tz),
    scope: text("scope"),
    /** Password hash (better-auth's scrypt, or our older "scrypt$salt$hash"). */
    password: text("password"),
    createdAt: timestamp("created_at", tz).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", tz)
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

/** One-time tokens (password-reset links). */
export const verifications = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", tz).notNull(),
    createdAt: timestamp("created_at", tz).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", tz)
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/**
 * What staff did, and sign-in attempts: who (id plus a snapshot of e-mail and
 * name, kept when the user is deleted), what (kind), which item, when, from where.
 */
export const activity = pgTable(
  "activity",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", tz).notNull().defaultNow(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    actorName: text("actor_name"),
    kind: text("kind").notNull(),
    subjectType: text("subject_type"),
    subjectId: text("subject_id"),
    subjectLabel: text("subject_label"),
    ip: text("ip"),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index("activity_at_idx").on(t.at),
    index("activity_user_at_idx").on(t.userId, t.at),
    index("activity_kind_at_idx").on(t.kind, t.at),
    // One item's history: an enquiry's, a booking's timeline (ADR 088).
    index("activity_subject_idx").on(t.subjectType, t.subjectId, t.at),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type ActivityRow = typeof activity.$inferSelect;

export type PackageRow = typeof packages.$inferSelect;
export type BlogRow = typeof blogs.$inferSelect;
export type MediaRow = typeof media.$inferSelect;
export type SiteSettingsRow = typeof siteSettings.$inferSelect;
export type LegalPageRow = typeof legalPages.$inferSelect;

/**
 * Which seed items were ever inserted. Seeding inserts an item only if it is not
 * here, so an item an admin edited or deleted is never overwritten or revived.
 */
export const seedLedger = pgTable(
  "seed_ledger",
  {
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    seededAt: timestamp("seeded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] })],
);

/**
 * One row (id 1): the version of everything public pages show. Every content
 * write bumps it in its own transaction, so a server that reads it before a
 * request knows whether its cached pages are still current (ADR 003).
 */
export const contentVersion = pgTable("content_version", {
  id: integer("id").primaryKey(),
  version: integer("version").notNull(),
});

/**
 * Every content write's document (ADR 037): the whole document as JSON after
 * the write (as it was, for a deletion), who, when, what kind of write and a
 * summary of the fields it changed. Written by writeContent in the write's own
 * transaction; generic over entity types ("package", "blog", …; `entity_id` is
 * text so singletons such as site settings fit). Each document keeps its last
 * 50 revisions and every revision younger than 30 days.
 */
export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: serial("id").primaryKey(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    /** The document's version after this write (packages.revision for a package). */
    version: integer("version").notNull(),
    kind: text("kind").notNull(),
    /** The document's title when written (lists of deleted items show it). */
    label: text("label").notNull().default(""),
    document: jsonb("document").$type<Record<string, unknown>>().notNull(),
    /** The changed fields: `[{ field, label, from?, to? }]` (app/lib/content-fields.ts). */
    changes: jsonb("changes").$type<unknown[]>().notNull().default([]),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name"),
    actorEmail: text("actor_email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("content_revisions_entity_idx").on(t.entityType, t.entityId, t.id), index("content_revisions_kind_idx").on(t.kind, t.createdAt)],
);

export type ContentRevisionRow = typeof contentRevisions.$inferSelect;

/**
 * Draft changes to a live document (ADR 037): saved beside the live row, which
 * they leave alone until published ("Publish changes", or on schedule).
 */
export const contentDrafts = pgTable(
  "content_drafts",
  {
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    document: jsonb("document").$type<Record<string, unknown>>().notNull(),
    /** The live document's version the draft was saved on. */
    baseVersion: integer("base_version").notNull(),
    savedBy: text("saved_by").references(() => users.id, { onDelete: "set null" }),
    savedByName: text("saved_by_name"),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.entityType, t.entityId] })],
);

export type ContentDraftRow = typeof contentDrafts.$inferSelect;

export const SCHEDULE_ACTIONS = ["publish", "publish-changes"] as const;
export type ScheduleAction = (typeof SCHEDULE_ACTIONS)[number];

/**
 * Scheduled publishing (ADR 037): at `publish_at` the worker publishes the
 * draft document ("publish") or its draft changes ("publish-changes"). The
 * worker claims a row by deleting it in the publishing transaction, so it
 * happens once however many servers or retries run.
 */
export const contentSchedule = pgTable(
  "content_schedule",
  {
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    action: text("action").$type<ScheduleAction>().notNull(),
    publishAt: timestamp("publish_at", { withTimezone: true }).notNull(),
    scheduledBy: text("scheduled_by").references(() => users.id, { onDelete: "set null" }),
    scheduledByName: text("scheduled_by_name"),
    scheduledByEmail: text("scheduled_by_email"),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityType, t.entityId] }),
    index("content_schedule_due_idx").on(t.publishAt),
    check("content_schedule_action_check", sql`${t.action} in ('publish', 'publish-changes')`),
  ],
);

export type ContentScheduleRow = typeof contentSchedule.$inferSelect;

/**
 * Who has an editor open (ADR 037): a heartbeat every 30 s; a row older than
 * 2 minutes has lapsed. Shown to others, it blocks no one.
 */
export const editorPresence = pgTable(
  "editor_presence",
  {
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userName: text("user_name").notNull(),
    /** When this stretch of editing began (kept while heartbeats keep coming). */
    since: timestamp("since", { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.entityType, t.entityId, t.userId] })],
);

/**
 * "Call back on …" (issue 23, ADR 045): at most one follow-up per enquiry, keyed
 * like the inbox ("lead-12"); exactly one of lead_id / contact_message_id is set
 * and deleting the enquiry deletes it.
 */
export const enquiryFollowUps = pgTable(
  "enquiry_follow_ups",
  {
    enquiryKey: text("enquiry_key").primaryKey(),
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "cascade" }),
    contactMessageId: integer("contact_message_id").references(() => contactMessages.id, { onDelete: "cascade" }),
    dueAt: timestamp("due_at", tz).notNull(),
    reason: text("reason"),
    setBy: text("set_by").references(() => users.id, { onDelete: "set null" }),
    /** Who set it, kept when the user is deleted. */
    setByName: text("set_by_name").notNull(),
    setAt: timestamp("set_at", tz).notNull().defaultNow(),
  },
  (t) => [
    index("enquiry_follow_ups_due_idx").on(t.dueAt),
    uniqueIndex("enquiry_follow_ups_lead_idx").on(t.leadId),
    uniqueIndex("enquiry_follow_ups_contact_idx").on(t.contactMessageId),
    check("enquiry_follow_ups_one_subject_check", sql`(${t.leadId} is null) <> (${t.contactMessageId} is null)`),
  ],
);

export type EnquiryFollowUpRow = typeof enquiryFollowUps.$inferSelect;

/**
 * The daily digest, claimed once per user and Indian date: the unique row is
 * what stops two servers sending it twice (ADR 045). `items` is how many
 * things it listed (0: nothing to tell, no e-mail).
 */
export const digestSends = pgTable(
  "digest_sends",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    claimedAt: timestamp("claimed_at", tz).notNull().defaultNow(),
    items: integer("items").notNull(),
  },
  (t) => [uniqueIndex("digest_sends_user_day_idx").on(t.userId, t.day)],
);

/** Staff who turned the daily digest off on their account page (no row: on). */
export const digestOptOuts = pgTable("digest_opt_outs", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  at: timestamp("at", tz).notNull().defaultNow(),
});

/**
 * A seat request (issue 26, ADR 059): the inbox lead (source 'seat-request')
 * it is, and what it asks for on which departure. Confirmed requests take
 * seats; `seat_status` is its own pipeline beside the lead's inbox status.
 */
export const seatRequests = pgTable(
  "seat_requests",
  {
    leadId: integer("lead_id")
      .primaryKey()
      .references(() => leads.id, { onDelete: "cascade" }),
    /** "PRV-2027-0042": the year of the request and its number in that year. */
    reference: text("reference").notNull().unique("seat_requests_reference_unique"),
    packageId: integer("package_id")
      .notNull()
      .references(() => packages.id, { onDelete: "cascade" }),
    /** The departure's stable id in the package's group_dates. */
    departureId: text("departure_id").notNull(),
    departureName: text("departure_name").notNull(),
    departureStart: text("departure_start").notNull(),
    departureEnd: text("departure_end").notNull(),
    adults: integer("adults").notNull(),
    children: integer("children").notNull().default(0),
    room: text("room").$type<"twin" | "triple" | "single">().notNull(),
    /** Requested → Booked (a booking was made from it, ADR 088) or Cancelled. Requests never take seats; bookings do. */
    seatStatus: text("seat_status").$type<"requested" | "booked" | "cancelled">().notNull().default("requested"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index("seat_requests_departure_idx").on(t.packageId, t.departureId, t.seatStatus),
    check("seat_requests_status_check", sql`${t.seatStatus} in ('requested', 'booked', 'cancelled')`),
    check("seat_requests_room_check", sql`${t.room} in ('twin', 'triple', 'single')`),
    check("seat_requests_travellers_check", sql`${t.adults} >= 1 AND ${t.children} >= 0 AND ${t.adults} + ${t.children} <= 20`),
  ],
);

export type SeatRequestRow = typeof seatRequests.$inferSelect;

/** The last reference number given out per year. */
export const seatRequestNumbers = pgTable("seat_request_numbers", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull(),
});

/**
 * Shared limits with DATABASE_URL (ADR 060): rate-limiter-flexible's
 * RateLimiterPostgres counters (its schema; the key is text), written by the
 * library through node-postgres, never through Drizzle.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    points: integer("points").notNull().default(0),
    expire: bigint("expire", { mode: "number" }),
  },
  (t) => [index("rate_limits_expire_idx").on(t.expire)],
);

/** The sign-in throttle's failures with DATABASE_URL: one row per counted key and failure, `at` in ms (ADR 060). */
export const loginFailures = pgTable(
  "login_failures",
  {
    key: text("key").notNull(),
    at: bigint("at", { mode: "number" }).notNull(),
  },
  (t) => [index("login_failures_key_at_idx").on(t.key, t.at)],
);

/**
 * A booking (issue 45, ADR 088): one package and, for a group tour, one
 * departure (a private trip has its own dates), the lead traveller, the
 * travellers by kind, the price copied at booking time in integer paise, and
 * its state. Held and confirmed bookings take seats; every change of seats
 * runs in one transaction that locks the package's row (the departure's lock).
 */
export const bookings = pgTable(
  "bookings",
  {
    id: serial("id").primaryKey(),
    /** "PRV-7KQ2M": read out on the phone; no 0/O, 1/I/L. */
    reference: text("reference").notNull(),
    /** No foreign key: a deleted package can be restored with its id (ADR 037), and the booking keeps its title. */
    packageId: integer("package_id").notNull(),
    packageTitle: text("package_title").notNull(),
    /** The departure's stable id in the package's group_dates; null for a private trip. */
    departureId: text("departure_id"),
    departureName: text("departure_name"),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    state: text("state").$type<BookingState>().notNull(),
    /** Held: when the seats go back. */
    holdUntil: timestamp("hold_until", tz),
    /** Waitlisted: the place in the queue (first come, first offered). */
    waitlistedAt: timestamp("waitlisted_at", tz),
    cancelReason: text("cancel_reason"),
    leadName: text("lead_name").notNull(),
    leadPhone: text("lead_phone").notNull(),
    leadEmail: text("lead_email"),
    /** Billing details the tax documents print (ADR 092): the lead traveller's address and GST state code, and PAN for TCS. */
    billingAddress: text("billing_address").notNull().default(""),
    billingStateCode: text("billing_state_code"),
    billingPan: text("billing_pan"),
    /** When a registered business pays: its name and GSTIN (the place of supply is then its GSTIN's state). */
    billingCompanyName: text("billing_company_name"),
    billingGstin: text("billing_gstin"),
    adults: integer("adults").notNull(),
    childrenWithBed: integer("children_with_bed").notNull().default(0),
    childrenNoBed: integer("children_no_bed").notNull().default(0),
    /** Every traveller takes a seat on the departure, a child without a bed too. */
    seats: integer("seats")
      .notNull()
      .generatedAlwaysAs(sql`adults + children_with_bed + children_no_bed`),
    room: text("room").$type<RoomSharing>().notNull(),
    /** Per-person prices copied from the package when booked, extras and a discount, in paise (app/lib/booking.ts). */
    price: jsonb("price").$type<BookingPrice>().notNull(),
    totalPaise: bigint("total_paise", { mode: "number" }).notNull(),
    /**
     * The taxes on the price that the booking asks for with it (ADR 115): GST on the supply and, on an
     * overseas package, TCS on the whole amount with GST. The schedule's lines add up to total + GST + TCS.
     */
    gstPaise: bigint("gst_paise", { mode: "number" }).notNull().default(0),
    tcsPaise: bigint("tcs_paise", { mode: "number" }).notNull().default(0),
    notes: text("notes").notNull().default(""),
    /** Where it came from: an enquiry (a lead, a seat request's lead, or a contact message), else made by staff. */
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    contactMessageId: integer("contact_message_id").references(() => contactMessages.id, { onDelete: "set null" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdByName: text("created_by_name"),
    /** Bumped by every write: the version an editor loaded (ADR 037's conflicts). */
    version: integer("version").notNull().default(1),
    ...timestamps,
    /** Soft delete (admins): hidden and seat-free, restorable for 30 days. */
    deletedAt: timestamp("deleted_at", tz),
  },
  (t) => [
    uniqueIndex("bookings_reference_idx").on(t.reference),
    // The seat count: live bookings per departure and state.
    index("bookings_departure_idx")
      .on(t.packageId, t.departureId, t.state)
      .where(sql`${t.deletedAt} is null`),
    // The Bookings list's order, live bookings only: its pages (by offset or bookmark) read this index, never sort.
    index("bookings_list_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index("bookings_state_created_idx").on(t.state, t.createdAt),
    index("bookings_start_idx").on(t.startDate),
    index("bookings_hold_idx")
      .on(t.holdUntil)
      .where(sql`${t.state} = 'held'`),
    index("bookings_lead_idx").on(t.leadId),
    index("bookings_contact_idx").on(t.contactMessageId),
    index("bookings_name_trgm_idx").using("gin", t.leadName.op("gin_trgm_ops")),
    index("bookings_phone_digits_trgm_idx").using("gin", sql`translate(${t.leadPhone}, ' +-().', '') gin_trgm_ops`),
    check("bookings_state_check", sql`${t.state} in ('held', 'confirmed', 'waitlisted', 'cancelled', 'expired', 'completed')`),
    check("bookings_room_check", sql`${t.room} in ('twin', 'triple', 'single')`),
    check("bookings_travellers_check", sql`${t.adults} >= 1 AND ${t.childrenWithBed} >= 0 AND ${t.childrenNoBed} >= 0`),
    check("bookings_total_check", sql`${t.totalPaise} >= 0`),
    check("bookings_hold_check", sql`${t.state} <> 'held' OR ${t.holdUntil} IS NOT NULL`),
    check("bookings_dates_check", sql`${t.endDate} >= ${t.startDate}`),
  ],
);

export type BookingRow = typeof bookings.$inferSelect;

/** A booking's travellers, one row each (issue 48 adds their details by id); the counts on the booking follow them. */
export const bookingTravellers = pgTable(
  "booking_travellers",
  {
    id: serial("id").primaryKey(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    kind: text("kind").$type<TravellerKind>().notNull(),
    /** "" until known. */
    name: text("name").notNull().default(""),
    age: integer("age"),
  },
  (t) => [
    uniqueIndex("booking_travellers_position_idx").on(t.bookingId, t.position),
    check("booking_travellers_kind_check", sql`${t.kind} in ('adult', 'child-with-bed', 'child-no-bed')`),
    check("booking_travellers_age_check", sql`${t.age} IS NULL OR (${t.age} >= 0 AND ${t.age} <= 120)`),
  ],
);

export type BookingTravellerRow = typeof bookingTravellers.$inferSelect;

/**
 * The private trip page's links (issue 48, ADR 108): only the SHA-256 of each
 * token is kept. A booking may have several live links (each booking e-mail
 * carries one); "Send a new link" revokes them all.
 */
export const tripLinks = pgTable(
  "trip_links",
  {
    id: serial("id").primaryKey(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    /** hex SHA-256 of the token; the token itself is never stored. */
    tokenHash: text("token_hash").notNull(),
    /** Why it was made: "e-mail", "lost-link", "new-link". */
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", tz),
  },
  (t) => [uniqueIndex("trip_links_token_hash_idx").on(t.tokenHash), index("trip_links_booking_idx").on(t.bookingId)],
);
export type TripLinkRow = typeof tripLinks.$inferSelect;

/**
 * What a traveller gives on the trip page before departure (ADR 108), one row
 * per booking_travellers row. The passport number and the PAN are sealed
 * (AES-256-GCM, TRAVELLER_DATA_KEY); their last four characters are kept apart
 * for the team's masked view. Erased with the booking's personal data.
 */
export const travellerDetails = pgTable("traveller_details", {
  travellerId: integer("traveller_id")
    .primaryKey()
    .references(() => bookingTravellers.id, { onDelete: "cascade" }),
  bookingId: integer("booking_id")
    .notNull()
    .references(() => bookings.id, { onDelete: "cascade" }),
  passportName: text("passport_name").notNull().default(""),
  dateOfBirth: date("date_of_birth", { mode: "string" }),
  /** "v1.<iv>.<tag>.<ciphertext>" (base64url), never the number in clear. */
  passportNumberSealed: text("passport_number_sealed"),
  passportNumberLast4: text("passport_number_last4"),
  passportIssuedOn: date("passport_issued_on", { mode: "string" }),
  passportExpiresOn: date("passport_expires_on", { mode: "string" }),
  panSealed: text("pan_sealed"),
  panLast4: text("pan_last4"),
  food: text("food").notNull().default(""),
  medical: text("medical").notNull().default(""),
  emergencyContact: text("emergency_contact").notNull().default(""),
  updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
});
export type TravellerDetailsRow = typeof travellerDetails.$inferSelect;

/** The consent given on the trip page before any detail is saved (ADR 108): once per booking. */
export const tripConsents = pgTable("trip_consents", {
  bookingId: integer("booking_id")
    .primaryKey()
    .references(() => bookings.id, { onDelete: "cascade" }),
  /** The notice's text as it was shown when consent was given. */
  notice: text("notice").notNull(),
  givenAt: timestamp("given_at", tz).notNull().defaultNow(),
});

/**
 * Things a traveller asked for on the trip page that the team must act on
 * (ADR 108): today "cancellation", with the refund shown to them. A task
 * never changes the booking by itself; the team marks it done.
 */
export const bookingTasks = pgTable(
  "booking_tasks",
  {
    id: serial("id").primaryKey(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"cancellation">().notNull(),
    /** What the traveller was shown and wrote: the refund figures and their message. */
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    doneAt: timestamp("done_at", tz),
    doneByName: text("done_by_name"),
  },
  (t) => [
    index("booking_tasks_open_idx")
      .on(t.bookingId)
      .where(sql`${t.doneAt} is null`),
    check("booking_tasks_kind_check", sql`${t.kind} in ('cancellation')`),
  ],
);
export type BookingTaskRow = typeof bookingTasks.$inferSelect;

/**
 * The review request's one-time links (issue 48, ADR 116): one per booking,
 * minted by the review request 2 days after the return date. Only the token's
 * SHA-256 is kept; a link opens the review form until it is used (a review
 * stored) or expires.
 */
export const reviewLinks = pgTable(
  "review_links",
  {
    id: serial("id").primaryKey(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    /** hex SHA-256 of the token; the token itself is never stored. */
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", tz).notNull(),
    /** Set in the transaction that stores the review: the link never opens again. */
    usedAt: timestamp("used_at", tz),
  },
  (t) => [uniqueIndex("review_links_token_hash_idx").on(t.tokenHash), index("review_links_booking_idx").on(t.bookingId)],
);

export type ReviewStatus = "new" | "published" | "hidden";

/**
 * A verified review (issue 48, ADR 116): written through a review link by a
 * traveller whose booking travelled. It waits as "new" until the team
 * publishes or hides it; the package page and its JSON-LD show published ones.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    /** One review per link (the second post with it is refused). */
    linkId: integer("link_id").references(() => reviewLinks.id, { onDelete: "set null" }),
    packageId: integer("package_id").notNull(),
    stars: smallint("stars").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** As shown: "Meera R.". */
    authorName: text("author_name").notNull(),
    /** The trip's first day: the page shows its month ("Travelled March 2027"). */
    travelledOn: date("travelled_on", { mode: "string" }).notNull(),
    status: text("status").$type<ReviewStatus>().notNull().default("new"),
    reply: text("reply"),
    replyByName: text("reply_by_name"),
    repliedAt: timestamp("replied_at", tz),
    moderatedAt: timestamp("moderated_at", tz),
    moderatedByName: text("moderated_by_name"),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reviews_link_idx").on(t.linkId),
    index("reviews_package_status_idx").on(t.packageId, t.status),
    index("reviews_status_created_idx").on(t.status, t.createdAt),
    check("reviews_stars_check", sql`${t.stars} between 1 and 5`),
    check("reviews_status_check", sql`${t.status} in ('new', 'published', 'hidden')`),
  ],
);
export type ReviewRow = typeof reviews.$inferSelect;

/**
 * A traveller's photo on their review (issue 48, ADR 118): up to 3 per review,
 * decoded and written again as WebP (turned upright, no EXIF or GPS) at a few
 * widths, in the private store under `reviews/<key>-<width>.webp`. Served only
 * while the review is published (or to the team), so hiding a review hides
 * them; deleted with the review and under the retention setting.
 */
export const reviewPhotos = pgTable(
  "review_photos",
  {
    id: serial("id").primaryKey(),
    reviewId: integer("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    /** 1..3, in the order the traveller chose them. */
    position: smallint("position").notNull(),
    /** Random, unguessable: the files' names in the private store and the photo's address. */
    key: text("key").notNull(),
    /** The widths stored, smallest first; the largest is `width` x `height`. */
    widths: jsonb("widths").$type<number[]>().notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("review_photos_key_idx").on(t.key), index("review_photos_review_idx").on(t.reviewId)],
);
export type ReviewPhotoRow = typeof reviewPhotos.$inferSelect;

/**
 * A booking's payment schedule (issue 46, ADR 090): one row per amount due,
 * copied from the package's terms when the booking is made and then edited
 * by the team; the lines add up to the booking's total (payment-schedule.ts).
 */
export const bookingPaymentLines = pgTable(
  "booking_payment_lines",
  {
    id: serial("id").primaryKey(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    /** "DEP", "BAL", "I1"…: the line's name in UPI references and reminders. */
    key: text("key").notNull(),
    kind: text("kind").$type<ScheduleLineKind>().notNull(),
    /** An Indian date: payable until that day ends. */
    dueOn: date("due_on", { mode: "string" }).notNull(),
    amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
  },
  (t) => [
    uniqueIndex("booking_payment_lines_key_idx").on(t.bookingId, t.key),
    index("booking_payment_lines_due_idx").on(t.dueOn),
    check("booking_payment_lines_kind_check", sql`${t.kind} in ('deposit', 'instalment', 'balance')`),
    check("booking_payment_lines_amount_check", sql`${t.amountPaise} >= 0`),
  ],
);
export type BookingPaymentLineRow = typeof bookingPaymentLines.$inferSelect;

/**
 * The money ledger (issue 46, ADR 090): payments, refunds and reversals, only
 * ever inserted. A database trigger refuses UPDATE and DELETE (the migration's
 * hand-written SQL), so a correction is always a reversing entry.
 */
export const paymentLedger = pgTable(
  "payment_ledger",
  {
    id: serial("id").primaryKey(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "restrict" }),
    kind: text("kind").$type<"payment" | "refund" | "reversal">().notNull(),
    /** Payments and refunds; 0 for a reversal (its amount is the reversed entry's). */
    amountPaise: bigint("amount_paise", { mode: "number" }).notNull().default(0),
    /** The Indian date the money moved (payments and refunds). */
    movedOn: date("moved_on", { mode: "string" }),
    method: text("method").$type<PaymentMethod>(),
    /** The UTR, cheque or slip number or the gateway's payment id, as typed. */
    reference: text("reference"),
    /** Reversals: the entry cancelled. */
    reverses: integer("reverses"),
    /** A gateway's payment: the event's dedupe key, so a webhook replayed gives one payment. */
    gatewayKey: text("gateway_key"),
    proofKey: text("proof_key"),
    /** A payment's note, or a refund's or reversal's reason. */
    note: text("note").notNull().default(""),
    recordedBy: text("recorded_by").references(() => users.id, { onDelete: "set null" }),
    recordedByName: text("recorded_by_name"),
    recordedAt: timestamp("recorded_at", tz).notNull().defaultNow(),
  },
  (t) => [
    index("payment_ledger_booking_idx").on(t.bookingId, t.id),
    index("payment_ledger_moved_idx").on(t.movedOn),
    uniqueIndex("payment_ledger_gateway_key_idx").on(t.gatewayKey),
    uniqueIndex("payment_ledger_reverses_idx").on(t.reverses),
    check("payment_ledger_kind_check", sql`${t.kind} in ('payment', 'refund', 'reversal')`),
    check(
      "payment_ledger_amount_check",
      sql`(${t.kind} = 'reversal' AND ${t.reverses} IS NOT NULL) OR (${t.kind} <> 'reversal' AND ${t.amountPaise} > 0 AND ${t.amountPaise} <= 1000000000 AND ${t.movedOn} IS NOT NULL AND ${t.method} IS NOT NULL)`,
    ),
  ],
);
export type PaymentLedgerRow = typeof paymentLedger.$inferSelect;

/**
 * The live UTRs and references of payments, across bookings (ADR 090): the
 * primary key refuses a second payment with one; a reversal deletes its row,
 * so the corrected payment may carry the same UTR.
 */
export const paymentReferences = pgTable("payment_references", {
  /** normalizeReference(): "utr 4123 5678" and "UTR41235678" are one. */
  referenceKey: text("reference_key").primaryKey(),
  ledgerId: integer("ledger_id")
    .notNull()
    .references(() => paymentLedger.id, { onDelete: "restrict" }),
});

/** Payment links made at the gateway, per amount due (ADR 090). */
export const paymentLinks = pgTable(
  "payment_links",
  {
    id: serial("id").primaryKey(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    lineKey: text("line_key").notNull(),
    provider: text("provider").notNull(),
    /** "PRV-7KQ2M-BAL-1": the booking, the line and the attempt; unique at the gateway too. */
    reference: text("reference").notNull(),
    providerLinkId: text("provider_link_id").notNull(),
    url: text("url").notNull(),
    amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
    expiresAt: timestamp("expires_at", tz).notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payment_links_reference_idx").on(t.reference), index("payment_links_booking_idx").on(t.bookingId)],
);
export type PaymentLinkRow = typeof paymentLinks.$inferSelect;

export const GATEWAY_EVENT_STATUSES = ["queued", "applied", "needs-look", "ignored"] as const;
export type GatewayEventStatus = (typeof GATEWAY_EVENT_STATUSES)[number];

/**
 * Every verified webhook event, once per dedupe key (ADR 090): stored and its
 * job queued in one transaction, so a replay is a conflict and does nothing.
 * An event that cannot be matched to a link and its amount "needs a look".
 */
export const paymentGatewayEvents = pgTable(
  "payment_gateway_events",
  {
    id: serial("id").primaryKey(),
    provider: text("provider").notNull(),
    dedupeKey: text("dedupe_key").notNull(),
    providerEvent: text("provider_event").notNull(),
    kind: text("kind").notNull(),
    reference: text("reference"),
    amountPaise: bigint("amount_paise", { mode: "number" }),
    /** The event as the app read it from the signed body. */
    event: jsonb("event").$type<Record<string, unknown>>().notNull(),
    status: text("status").$type<GatewayEventStatus>().notNull().default("queued"),
    /** Why it needs a look, for the team. */
    problem: text("problem"),
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    receivedAt: timestamp("received_at", tz).notNull().defaultNow(),
    /** A "needs a look" event the team dealt with (issue 46): when, who and what they did; it leaves the list. */
    handledAt: timestamp("handled_at", tz),
    handledBy: text("handled_by").references(() => users.id, { onDelete: "set null" }),
    handledByName: text("handled_by_name"),
    handledNote: text("handled_note"),
  },
  (t) => [
    uniqueIndex("payment_gateway_events_dedupe_idx").on(t.dedupeKey),
    index("payment_gateway_events_status_idx").on(t.status, t.receivedAt),
    check("payment_gateway_events_status_check", sql`${t.status} in ('queued', 'applied', 'needs-look', 'ignored')`),
  ],
);
export type PaymentGatewayEventRow = typeof paymentGatewayEvents.$inferSelect;

/** PDF bytes: a Buffer on both engines (node-postgres gives one, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});

/**
 * Tax rules as dated data (ADR 092): a rule never changes once added; a change
 * in the law is a new row with its date, a mistake is withdrawn (the engine
 * ignores withdrawn rows) and replaced. Seeded once from TAX_RULES_SEED.
 * A trigger refuses any other UPDATE and every DELETE (the migration's SQL).
 */
export const taxRules = pgTable(
  "tax_rules",
  {
    id: text("id").primaryKey(),
    kind: text("kind").$type<"gst" | "tcs">().notNull(),
    /** GST rules: the package scheme they apply to; null for TCS. */
    scheme: text("scheme").$type<GstScheme>(),
    /** The Indian date it takes effect. */
    effectiveFrom: date("effective_from", { mode: "string" }).notNull(),
    /** GST: { sac, rateBps }; TCS: { section, slabs, withoutPan } (tax-rules.server.ts). */
    figures: jsonb("figures").$type<Record<string, unknown>>().notNull(),
    /** What the documents print for a GST rule ("" for TCS). */
    documentNote: text("document_note").notNull().default(""),
    source: text("source").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdByName: text("created_by_name"),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    withdrawnAt: timestamp("withdrawn_at", tz),
    withdrawnBy: text("withdrawn_by").references(() => users.id, { onDelete: "set null" }),
    withdrawnReason: text("withdrawn_reason"),
  },
  (t) => [
    index("tax_rules_kind_effective_idx").on(t.kind, t.effectiveFrom),
    check("tax_rules_kind_check", sql`${t.kind} in ('gst', 'tcs')`),
    check("tax_rules_scheme_check", sql`(${t.kind} = 'gst' AND ${t.scheme} in ('package', 'service-charge')) OR (${t.kind} = 'tcs' AND ${t.scheme} IS NULL)`),
  ],
);
export type TaxRuleRow = typeof taxRules.$inferSelect;

/**
 * Issued tax documents (ADR 092): the snapshot of everything printed, the PDF
 * bytes and their SHA-256, stored once. Never updated except the cancellation
 * columns, never deleted (a trigger, as on the payment ledger); a credit note
 * corrects. A quote has no series (its number is the booking's reference and
 * a count); every other kind a gapless number per series and financial year.
 */
export const taxDocuments = pgTable(
  "tax_documents",
  {
    id: serial("id").primaryKey(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "restrict" }),
    kind: text("kind").$type<DocumentKind>().notNull(),
    /** The numbered kind's series ("tax-invoice"); null for a quote. */
    series: text("series"),
    /** The financial year's first calendar year (2026 for 26-27); null for a quote. */
    financialYear: smallint("financial_year"),
    sequence: integer("sequence"),
    /** "PRV/26-27/00042", or a quote's "PRV-7KQ2M/Q1". */
    number: text("number").notNull(),
    issuedAt: timestamp("issued_at", tz).notNull(),
    /** Its Indian date. */
    date: date("date", { mode: "string" }).notNull(),
    /** The total the document states, in paise (the list and the registers). */
    amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
    /** A receipt voucher or payment receipt: the payment it is for. */
    paymentLedgerId: integer("payment_ledger_id").references(() => paymentLedger.id, { onDelete: "restrict" }),
    /** A credit note: the invoice it lowers; a refund voucher: null. */
    refersToId: integer("refers_to_id").references((): AnyPgColumn => taxDocuments.id, { onDelete: "restrict" }),
    snapshot: jsonb("snapshot").$type<DocumentSnapshot>().notNull(),
    pdf: bytea("pdf").notNull(),
    pdfSha256: text("pdf_sha256").notNull(),
    issuedBy: text("issued_by").references(() => users.id, { onDelete: "set null" }),
    issuedByName: text("issued_by_name"),
    cancelledAt: timestamp("cancelled_at", tz),
    cancelledBy: text("cancelled_by").references(() => users.id, { onDelete: "set null" }),
    cancelledByName: text("cancelled_by_name"),
    cancelReason: text("cancel_reason"),
  },
  (t) => [
    uniqueIndex("tax_documents_number_idx").on(t.number),
    uniqueIndex("tax_documents_sequence_idx").on(t.series, t.financialYear, t.sequence),
    index("tax_documents_booking_idx").on(t.bookingId, t.id),
    index("tax_documents_date_idx").on(t.date),
    // One live tax invoice per booking: the second is refused, and its transaction (with the counter's step) rolls back.
    uniqueIndex("tax_documents_one_invoice_idx")
      .on(t.bookingId)
      .where(sql`${t.kind} = 'tax-invoice' AND ${t.cancelledAt} IS NULL`),
    // One live receipt for a payment.
    uniqueIndex("tax_documents_one_receipt_idx")
      .on(t.paymentLedgerId)
      .where(sql`${t.kind} in ('receipt-voucher', 'payment-receipt') AND ${t.cancelledAt} IS NULL`),
    check("tax_documents_kind_check", sql`${t.kind} in ('quote', 'receipt-voucher', 'tax-invoice', 'payment-receipt', 'refund-voucher', 'credit-note')`),
    check(
      "tax_documents_series_check",
      sql`(${t.kind} = 'quote' AND ${t.series} IS NULL AND ${t.sequence} IS NULL) OR (${t.kind} <> 'quote' AND ${t.series} = ${t.kind} AND ${t.financialYear} IS NOT NULL AND ${t.sequence} >= 1)`,
    ),
    check("tax_documents_cancel_check", sql`(${t.cancelledAt} IS NULL) = (${t.cancelReason} IS NULL)`),
  ],
);
export type TaxDocumentRow = typeof taxDocuments.$inferSelect;

/**
 * The last number given out per series and financial year (ADR 092): taken
 * with INSERT … ON CONFLICT DO UPDATE in the issuing transaction, so a refused
 * or failed issue rolls the step back and the series stays gapless.
 */
export const documentCounters = pgTable(
  "document_counters",
  {
    series: text("series").notNull(),
    financialYear: smallint("financial_year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.financialYear] })],
);
