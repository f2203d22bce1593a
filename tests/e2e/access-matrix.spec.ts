import type { APIRequestContext, APIResponse } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { ADMIN, expect, signInRequest, test } from "./admin-helpers";

/**
 * The access matrix: every /admin route and every API route in app/routes.ts,
 * called over real HTTP as anonymous, editor and admin, against the rule below
 * for its route file. A route without a rule fails the test.
 *
 * Adding a route is one line here: its file, and what each caller gets.
 *   "ok"            200
 *   "login"         302 to /admin?redirectTo=<the path>  (requireUser, signed out)
 *   "denied"        403 (requireUser, role too low: the shell's 403 page, or JSON)
 *   "notFound"      404 page (the shell's, for unknown /admin addresses)
 *   "to:/path"      302 to /path
 *   401 / 405 / …   that status (API writes: JSON { error })
 */
const WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;

type Who = "anonymous" | "editor" | "admin";
type Outcome = "ok" | "login" | "denied" | "notFound" | `to:${string}` | number;
type ByWho = Record<Who, Outcome>;

type Rule =
  /** A page (or page-like resource route) under /admin, requested with GET. */
  | { page: ByWho; sample?: string }
  /** An API resource: GET is public (checked elsewhere); every write method gets `writes`. */
  | { writes: ByWho; sample?: string }
  /** An API resource whose write methods differ (a body of `{}`; the sample id must not exist). */
  | { writesByMethod: Record<(typeof WRITE_METHODS)[number], ByWho>; sample?: string }
  /** An /admin endpoint that only takes POST (a JSON body of `{}`); the server answers its other methods 405 before any route runs. */
  | { post: ByWho; sample?: string }
  /** A public API endpoint (visitor forms, health): not part of the staff matrix. */
  | { publicApi: true };

const staffOnly: ByWho = { anonymous: "login", editor: "ok", admin: "ok" };
const adminOnly: ByWho = { anonymous: "login", editor: "denied", admin: "ok" };
const notAllowed: ByWho = { anonymous: 405, editor: 405, admin: 405 };
// The package and blog write APIs (issues 11, 12): an empty body is refused (400), a missing item is 404.
const contentCollectionWrites = {
  POST: { anonymous: 401, editor: 400, admin: 400 },
  PUT: notAllowed,
  PATCH: notAllowed,
  DELETE: notAllowed,
} as const;
const contentItemWrites = {
  POST: notAllowed,
  PUT: { anonymous: 401, editor: 404, admin: 404 },
  PATCH: notAllowed,
  DELETE: { anonymous: 401, editor: 404, admin: 404 },
} as const;

const RULES: Record<string, Rule> = {
  // Sign-in and sign-out (ADR 022).
  "routes/admin/login.tsx": { page: { anonymous: "ok", editor: "to:/admin/dashboard", admin: "to:/admin/dashboard" } },
  "routes/admin/logout.tsx": { page: { anonymous: "to:/admin", editor: "to:/admin", admin: "to:/admin" } },
  // The second step of a two-step sign-in (ADR 033): public; signed-in staff go on to the dashboard.
  "routes/admin/two-factor.tsx": { page: { anonymous: "ok", editor: "to:/admin/dashboard", admin: "to:/admin/dashboard" } },
  // The admin shell (branch adminui).
  "routes/admin/dashboard.tsx": { page: staffOnly },
  "routes/admin/packages.tsx": { page: staffOnly },
  "routes/admin/package-new.tsx": { page: staffOnly },
  "routes/admin/package-featured.tsx": { page: staffOnly },
  "routes/admin/package-edit.tsx": { page: staffOnly, sample: "/admin/packages/1" },
  "routes/admin/blogs.tsx": { page: staffOnly },
  "routes/admin/blog-new.tsx": { page: staffOnly },
  "routes/admin/blog-edit.tsx": { page: staffOnly, sample: "/admin/blogs/1" },
  // Revisions (ADR 037): one revision against the current version (an id that names nothing is a 404),
  // deleted items to restore, and the open editors' heartbeat (POST only; an empty body is refused).
  "routes/admin/revision.tsx": { page: { anonymous: "login", editor: "notFound", admin: "notFound" }, sample: "/admin/history/999999" },
  "routes/admin/revision-detail.ts": { page: { anonymous: "login", editor: "notFound", admin: "notFound" }, sample: "/admin/history/999999/detail" },
  "routes/admin/recently-deleted.tsx": { page: staffOnly },
  "routes/admin/presence.ts": { post: { anonymous: "login", editor: 400, admin: 400 } },
  "routes/admin/enquiries.tsx": { page: staffOnly },
  // The enquiry inbox (issue 13): detail pages (an id that names nothing is a 404), the CSV and .xlsx (issue 23),
  // and personal data (admins only: canManagePersonalData; the JSON export is a POST, GET goes back to the page).
  "routes/admin/enquiry.tsx": { page: { anonymous: "login", editor: "notFound", admin: "notFound" }, sample: "/admin/enquiries/lead-999999" },
  // A reply link's record (ADR 046): POST only; `{}` names no channel.
  "routes/admin/enquiry-reply-sent.ts": { post: { anonymous: "login", editor: 400, admin: 400 }, sample: "/admin/enquiries/lead-999999/reply-sent" },
  "routes/admin/enquiries-csv.ts": { page: staffOnly },
  // Backups (ADR 054): admins only. The test servers set no BACKUP_DIR: nothing to download (404), and "Back up now" says so (303 to the dashboard).
  "routes/admin/backup-latest.ts": { page: { anonymous: "login", editor: "denied", admin: 404 } },
  "routes/admin/backup-now.ts": { post: { anonymous: "login", editor: "denied", admin: 303 } },
  // A backup made now and streamed (issue 49): admins only, POST only (a GET is 405 for them).
  "routes/admin/backup-download.ts": { post: { anonymous: "login", editor: "denied", admin: "ok" } },
  "routes/admin/enquiries-xlsx.ts": { page: staffOnly },
  // Due call backs (ADR 045): editors and admins, like the inbox. Setting one is the enquiry page's
  // POST (intent "follow-up", canManageEnquiries); the daily e-mail switch is the account page's (intent "digest").
  "routes/admin/enquiries-due.tsx": { page: staffOnly },
  // Departures and their seat requests (ADR 059): editors and admins, like the inbox (canManageEnquiries).
  // The passenger list of a departure that does not exist is a 404.
  "routes/admin/departures.tsx": { page: staffOnly },
  // A departure's manifest and rooming list (ADR 088): of a departure that does not exist, a 404.
  "routes/admin/departure-list.ts": {
    page: { anonymous: "login", editor: 404, admin: 404 },
    sample: "/admin/departures/999999/dNone/manifest?format=csv",
  },
  // Bookings (ADR 088): both roles manage them (canManageBookings); a reference that names nothing is a 404.
  "routes/admin/bookings.tsx": { page: staffOnly },
  // Payments (issue 46): both roles view the screen and download its range; every one a GET that changes nothing.
  "routes/admin/payments.tsx": { page: staffOnly },
  // Verified reviews' moderation (issue 48, ADR 116): both roles (canModerateReviews).
  "routes/admin/reviews.tsx": { page: staffOnly },
  // A review's photo for the team (ADR 118): both roles; signed out, the sign-in page.
  "routes/admin/review-photo.ts": { page: { anonymous: "login", editor: 404, admin: 404 }, sample: "/admin/reviews/photos/AAAAAAAAAAAAAAAAAAAAAA-480.webp" },
  "routes/admin/payments-csv.ts": { page: staffOnly },
  "routes/admin/payments-xlsx.ts": { page: staffOnly },
  "routes/admin/booking-new.tsx": { page: staffOnly },
  "routes/admin/booking.tsx": { page: { anonymous: "login", editor: "notFound", admin: "notFound" }, sample: "/admin/bookings/PRV-22222" },
  // A booking's tax document (issue 47, ADR 092): both roles download the stored PDF; of a document that does not exist, a 404.
  "routes/admin/booking-document.ts": { page: { anonymous: "login", editor: 404, admin: 404 }, sample: "/admin/bookings/PRV-22222/documents/999999" },
  // A payment's proof (ADR 114): both roles who see a booking's money; signed out, the sign-in page.
  "routes/admin/booking-payment-proof.ts": { page: { anonymous: "login", editor: 404, admin: 404 }, sample: "/admin/bookings/PRV-22222/payments/999999/proof" },
  "routes/admin/booking-itinerary.ts": { page: { anonymous: "login", editor: 404, admin: 404 }, sample: "/admin/bookings/PRV-22222/itinerary.pdf" },
  // "View as traveller" (issue 48): both roles, read-only.
  "routes/admin/booking-trip.tsx": { page: { anonymous: "login", editor: "notFound", admin: "notFound" }, sample: "/admin/bookings/PRV-22222/trip" },
  "routes/admin/personal-data.tsx": { page: adminOnly },
  // Site settings (ADR 041): admins only.
  "routes/admin/settings.tsx": { page: adminOnly },
  // Business and tax (issue 47): admins only. The accountant's registers: both roles see the page and the GST register; the TCS register (PANs) is in STAFF_READS.
  "routes/admin/settings-business.tsx": { page: adminOnly },
  "routes/admin/tax-registers.tsx": { page: staffOnly },
  "routes/admin/tax-register-download.ts": { page: staffOnly, sample: "/admin/tax-registers/gst?period=2026-11&format=csv" },
  "routes/admin/home-content.tsx": { page: staffOnly },
  "routes/admin/legal-pages.tsx": { page: adminOnly },
  "routes/admin/legal-edit.tsx": { page: { anonymous: "login", editor: "denied", admin: "ok" }, sample: "/admin/site/legal/refund-policy" },
  // The site-wide package terms (ADR 044): admins only, like the legal pages.
  "routes/admin/site-terms.tsx": { page: adminOnly },
  // The enquiry page's reply templates (ADR 046): admins edit them; editors only use them.
  "routes/admin/reply-templates.tsx": { page: adminOnly },
  // The media library (ADR 043): editors and admins; the picker dialog's JSON list likewise.
  "routes/admin/media.tsx": { page: staffOnly },
  "routes/admin/media-library-json.ts": { page: staffOnly },
  "routes/admin/personal-data-export.ts": { page: { anonymous: "login", editor: "denied", admin: "to:/admin/enquiries/personal-data" } },
  "routes/admin/account.tsx": { page: staffOnly },
  "routes/admin/users.tsx": { page: adminOnly },
  "routes/admin/activity.tsx": { page: adminOnly },
  // Unknown /admin addresses: sign in first, then a 404 inside the shell.
  "routes/admin/not-found.tsx": { page: { anonymous: "login", editor: "notFound", admin: "notFound" } },
  // The set-password page of reset and invitation links: public, the one-time token is the permission.
  "routes/admin/reset-password.tsx": { page: { anonymous: "ok", editor: "ok", admin: "ok" } },
  // "Forgot password?" (issue 49): public; its POST takes from the public forms' budget.
  "routes/admin/forgot-password.tsx": { page: { anonymous: "ok", editor: "ok", admin: "ok" } },
  // The REST API.
  "routes/api/packages.ts": { writesByMethod: contentCollectionWrites },
  "routes/api/package.ts": { writesByMethod: contentItemWrites, sample: "/api/packages/999999" },
  "routes/api/blogs.ts": { writesByMethod: contentCollectionWrites },
  "routes/api/blog.ts": { writesByMethod: contentItemWrites, sample: "/api/blogs/999999" },
  // The bookings API (ADR 088): staff only, reads too (see STAFF_READS); only admins delete. `{}` is refused (400), a missing booking is 404.
  "routes/api/bookings.ts": {
    writesByMethod: { POST: { anonymous: 401, editor: 400, admin: 400 }, PUT: notAllowed, PATCH: notAllowed, DELETE: notAllowed },
  },
  "routes/api/booking.ts": {
    writesByMethod: {
      POST: notAllowed,
      PUT: notAllowed,
      PATCH: { anonymous: 401, editor: 404, admin: 404 },
      DELETE: { anonymous: 401, editor: 403, admin: 404 },
    },
    sample: "/api/bookings/PRV-22222",
  },
  "routes/api/booking-transition.ts": {
    writesByMethod: { POST: { anonymous: 401, editor: 404, admin: 404 }, PUT: notAllowed, PATCH: notAllowed, DELETE: notAllowed },
    sample: "/api/bookings/PRV-22222/confirm",
  },
  "routes/api/health.ts": { publicApi: true },
  "routes/api/health-ready.ts": { publicApi: true },
  "routes/api/leads.ts": { publicApi: true },
  "routes/api/enquiries.ts": { publicApi: true },
  "routes/api/contact.ts": { publicApi: true },
  // Visitors' seat requests (ADR 059): public like the other forms; covered by the hostile-input corpus.
  "routes/api/seat-requests.ts": { publicApi: true },
  // Payment gateways' webhooks (ADR 090): public on purpose, guarded by the signature over the raw body (db tests: tampered, wrong secret, stale → 400).
  "routes/api/payment-webhook.ts": { publicApi: true },
  "routes/api/not-found.ts": { publicApi: true },
};

/**
 * Endpoints Express serves before React Router, so app/routes.ts does not list
 * them: the tus uploads (server/tus-uploads.ts). Each request and what each caller gets.
 */
const EXPRESS_ENDPOINTS: { method: string; url: string; headers?: Record<string, string>; outcome: ByWho }[] = [
  // Creating an upload without its length: signed-in staff get tus's 400 (as JSON), nobody else gets that far.
  { method: "POST", url: "/api/uploads", headers: { "Tus-Resumable": "1.0.0" }, outcome: { anonymous: 401, editor: 400, admin: 400 } },
  {
    method: "PATCH",
    url: "/api/uploads/no-such-upload",
    headers: { "Tus-Resumable": "1.0.0", "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
    outcome: { anonymous: 401, editor: 404, admin: 404 },
  },
  { method: "DELETE", url: "/api/uploads/no-such-upload", headers: { "Tus-Resumable": "1.0.0" }, outcome: { anonymous: 401, editor: 404, admin: 404 } },
  { method: "GET", url: "/api/uploads/no-such-upload/result", outcome: { anonymous: 401, editor: 404, admin: 404 } },
];

/** API reads that are not public: the bookings hold personal data (ADR 088). */
const STAFF_READS: { url: string; outcome: ByWho }[] = [
  { url: "/api/bookings", outcome: { anonymous: 401, editor: "ok", admin: "ok" } },
  { url: "/api/bookings/PRV-22222", outcome: { anonymous: 401, editor: 404, admin: 404 } },
  { url: "/admin/tax-registers/tcs?period=2026-27-Q3&format=xlsx", outcome: adminOnly },
];

/**
 * Forms of a page that are not for everyone the page is (issue 46): each
 * intent's right is checked before the booking is looked up, so an editor's
 * refund is a 403 even for a booking that does not exist (an admin's is its 404).
 */
const FORM_POSTS: { url: string; form: Record<string, string>; outcome: Record<Who, Outcome | "formError"> }[] = [
  { url: "/admin/bookings/PRV-22222", form: { intent: "record-refund" }, outcome: { anonymous: "login", editor: "denied", admin: "notFound" } },
  { url: "/admin/bookings/PRV-22222", form: { intent: "reverse-entry" }, outcome: { anonymous: "login", editor: "denied", admin: "notFound" } },
  { url: "/admin/bookings/PRV-22222", form: { intent: "schedule-add" }, outcome: { anonymous: "login", editor: "notFound", admin: "notFound" } },
  { url: "/admin/bookings/PRV-22222", form: { intent: "record-payment" }, outcome: { anonymous: "login", editor: "notFound", admin: "notFound" } },
  // "Mark handled" on a gateway event (both roles who record payments): an unknown event comes back to the screen with its notice.
  { url: "/admin/payments", form: { intent: "event-handled", eventId: "999999" }, outcome: { anonymous: "login", editor: 303, admin: 303 } },
  // Tax documents (issue 47): both roles issue quotes, receipts and the invoice and save billing details; credit notes and cancelling are admins'.
  { url: "/admin/bookings/PRV-22222", form: { intent: "issue-quote" }, outcome: { anonymous: "login", editor: "notFound", admin: "notFound" } },
  { url: "/admin/bookings/PRV-22222", form: { intent: "issue-receipt" }, outcome: { anonymous: "login", editor: "notFound", admin: "notFound" } },
  { url: "/admin/bookings/PRV-22222", form: { intent: "issue-invoice" }, outcome: { anonymous: "login", editor: "notFound", admin: "notFound" } },
  { url: "/admin/bookings/PRV-22222", form: { intent: "billing" }, outcome: { anonymous: "login", editor: "notFound", admin: "notFound" } },
  { url: "/admin/bookings/PRV-22222", form: { intent: "issue-credit" }, outcome: { anonymous: "login", editor: "denied", admin: "notFound" } },
  { url: "/admin/bookings/PRV-22222", form: { intent: "cancel-document" }, outcome: { anonymous: "login", editor: "denied", admin: "notFound" } },
  // The traveller's page panel (issue 48): Reveal is admins' (logged); a new link and Mark done are both roles'.
  { url: "/admin/bookings/PRV-22222", form: { intent: "trip-reveal" }, outcome: { anonymous: "login", editor: "denied", admin: "notFound" } },
  { url: "/admin/bookings/PRV-22222", form: { intent: "trip-new-link" }, outcome: { anonymous: "login", editor: "notFound", admin: "notFound" } },
  { url: "/admin/bookings/PRV-22222", form: { intent: "trip-task-done" }, outcome: { anonymous: "login", editor: "notFound", admin: "notFound" } },
  // "Use it for TCS" (ADR 108, 2026-11-29): the lead traveller's trip-page PAN as the billing PAN, under the billing details' rule (canIssueDocuments): both roles.
  { url: "/admin/bookings/PRV-22222", form: { intent: "trip-pan-for-tcs" }, outcome: { anonymous: "login", editor: "notFound", admin: "notFound" } },
  // "Send a new review link" (ADR 116): both roles, as a new trip page link (canSendReviewLinks).
  { url: "/admin/bookings/PRV-22222", form: { intent: "review-new-link" }, outcome: { anonymous: "login", editor: "notFound", admin: "notFound" } },
  // The UPI ID is a setting: admins only; an admin's malformed one is the form's inline error (400).
  { url: "/admin/settings", form: { upiId: "not a vpa" }, outcome: { anonymous: "login", editor: "denied", admin: "formError" } },
  // Business and tax (issue 47): each write admins only; an admin's incomplete form is refused inline (400), nothing written.
  { url: "/admin/settings/business", form: { gstin: "27AAPFU0939F1ZW" }, outcome: { anonymous: "login", editor: "denied", admin: "formError" } },
  { url: "/admin/settings/business", form: { intent: "add-rule", kind: "tcs" }, outcome: { anonymous: "login", editor: "denied", admin: "formError" } },
  {
    url: "/admin/settings/business",
    form: { intent: "withdraw-rule", ruleId: "tcs-2026-04-01" },
    outcome: { anonymous: "login", editor: "denied", admin: "formError" },
  },
];

type FlatRoute = { file: string; path: string };

/** Every route with a URL (layouts contribute their path to their children). */
function flatten(entries: RouteConfigEntry[], parent = ""): FlatRoute[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    const own = entry.path || entry.index ? [{ file: entry.file, path: path || "/" }] : [];
    return [...own, ...flatten(entry.children ?? [], path)];
  });
}

const inScope = flatten(routes).filter(({ path }) => /^\/(admin|api)(\/|$)/.test(path));

function urlFor(route: FlatRoute, rule: Rule): string {
  if ("sample" in rule && rule.sample) return rule.sample;
  return route.path.replace(/\*$/, "no-such-page").replace(/:[^/]+/g, "1");
}

async function check(response: APIResponse, outcome: Outcome, url: string, label: string) {
  const location = response.headers()["location"] ?? "";
  if (outcome === "ok") expect.soft(response.status(), label).toBe(200);
  else if (outcome === "denied") expect.soft(response.status(), label).toBe(403);
  else if (outcome === "notFound") expect.soft(response.status(), label).toBe(404);
  else if (outcome === "login") {
    expect.soft(response.status(), label).toBe(302);
    expect.soft(location, label).toBe(`/admin?redirectTo=${encodeURIComponent(url)}`);
  } else if (typeof outcome === "string") {
    expect.soft(response.status(), label).toBe(302);
    expect.soft(location, label).toBe(outcome.slice(3));
  } else {
    expect.soft(response.status(), label).toBe(outcome);
    if (outcome >= 400) expect.soft(Object.keys(await response.json()), `${label}: JSON error shape`).toContain("error");
  }
}

async function runMatrix(request: APIRequestContext, who: Who) {
  for (const route of inScope) {
    const rule = RULES[route.file];
    if (!rule || "publicApi" in rule) continue;
    const url = urlFor(route, rule);
    if ("page" in rule) {
      const response = await request.get(url, { maxRedirects: 0 });
      await check(response, rule.page[who], url, `${who} GET ${url} (${route.file})`);
      if (response.status() === 200) expect.soft(response.headers()["cache-control"], `${url} is not cached`).toContain("no-store");
    } else if ("post" in rule) {
      // A form, as every back-office action reads one (a JSON body is a 415 before any action, issue 44).
      const response = await request.post(url, { form: {}, maxRedirects: 0 });
      await check(response, rule.post[who], url, `${who} POST ${url} (${route.file})`);
    } else {
      for (const method of WRITE_METHODS) {
        const outcome = "writes" in rule ? rule.writes[who] : rule.writesByMethod[method][who];
        const response = await request.fetch(url, { method, data: {}, maxRedirects: 0 });
        await check(response, outcome, url, `${who} ${method} ${url} (${route.file})`);
      }
    }
  }
  for (const endpoint of EXPRESS_ENDPOINTS) {
    const response = await request.fetch(endpoint.url, { method: endpoint.method, headers: endpoint.headers, maxRedirects: 0 });
    await check(response, endpoint.outcome[who], endpoint.url, `${who} ${endpoint.method} ${endpoint.url} (server/tus-uploads.ts)`);
  }
  for (const post of FORM_POSTS) {
    const response = await request.post(post.url, { form: post.form, maxRedirects: 0 });
    const label = `${who} POST ${post.url} ${JSON.stringify(post.form)}`;
    const outcome = post.outcome[who];
    if (outcome === "formError") expect.soft(response.status(), label).toBe(400);
    else await check(response, outcome, post.url, label);
  }
  for (const read of STAFF_READS) {
    const response = await request.get(read.url, { maxRedirects: 0 });
    await check(response, read.outcome[who], read.url, `${who} GET ${read.url}`);
  }
}

test("every /admin and /api route in app/routes.ts has an access rule", () => {
  const missing = inScope.filter((route) => !RULES[route.file]).map((route) => `${route.path} (${route.file})`);
  expect(missing, "add a line to RULES in tests/e2e/access-matrix.spec.ts").toEqual([]);
  expect(inScope.length).toBeGreaterThan(10);
});

test("anonymous callers", async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  await runMatrix(request, "anonymous");
  await request.dispose();
});

test("an editor", async ({ playwright, baseURL, staff }) => {
  const request = await playwright.request.newContext({ baseURL });
  await signInRequest(request, await staff.create("editor"));
  await runMatrix(request, "editor");
  await request.dispose();
});

test("an admin", async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  await signInRequest(request, ADMIN);
  await runMatrix(request, "admin");
  await request.dispose();
});
