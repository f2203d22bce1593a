import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  // Public site: server-rendered pages sharing the site layout.
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("packages", "routes/site/packages.tsx"),
    route("packages/:slug", "routes/site/package-detail.tsx"),
    route("gallery", "routes/site/gallery.tsx"),
    route("blogs", "routes/site/blogs.tsx"),
    route("blogs/:id", "routes/site/blog-detail.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("legal/:slug", "routes/site/legal.tsx"),
    route("credits", "routes/site/credits.tsx"),
    // The traveller's private trip page (issue 48, ADR 108): never cached, never indexed; and "Lost your link?".
    route("trip", "routes/site/trip-lost-link.tsx"),
    route("trip/:token", "routes/site/trip.tsx"),
    route("trip/:token/documents/:id", "routes/site/trip-document.ts"),
    // A verified review through the one-time link of the review request (ADR 116): never cached, never indexed.
    route("review/thanks", "routes/site/review-thanks.tsx"),
    // A published review's photos (ADR 118): from the private store, while the review is published.
    route("review/photos/:file", "routes/site/review-photo.ts"),
    route("review/:token", "routes/site/review.tsx"),
    route("trip/:token/itinerary.pdf", "routes/site/trip-itinerary.ts"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  route("sitemap.xml", "routes/site/sitemap.xml.ts"),
  route("robots.txt", "routes/site/robots.txt.ts"),
  // Brochures made from the live package (ADR 042), and the old hand-made PDFs' addresses.
  route("packages/:slug/brochure.pdf", "routes/site/package-brochure.ts"),
  route("brochures/:file", "routes/site/legacy-brochure.ts"),
  // The fake payment gateway's checkout page (ADR 090): development and tests only.
  route("payments/fake/:token", "routes/site/fake-checkout.tsx"),

  // Back office: the sign-in page (also /admin/) and sign-out (POST). Every other
  // /admin page sits in the admin shell's layout and calls requireUser; the
  // set-password page of reset and invitation links is public and outside it.
  route("admin", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.tsx"),
  // "Forgot password?" (issue 49): public, rate-limited, the same answer for every address.
  route("admin/forgot-password", "routes/admin/forgot-password.tsx"),
  // The second step of a two-step sign-in (ADR 033): public, a pending challenge is the permission.
  route("admin/two-factor", "routes/admin/two-factor.tsx"),
  ...prefix("admin", [
    // The token is a path segment (ADR 032); the bare address answers old ?token= links.
    route("reset-password/:token?", "routes/admin/reset-password.tsx"),
    // Downloads (resource routes, guarded like the pages).
    route("enquiries.csv", "routes/admin/enquiries-csv.ts"),
    route("enquiries.xlsx", "routes/admin/enquiries-xlsx.ts"),
    // The Payments screen's range (issue 46): ?from=&to=, Indian dates.
    route("payments.csv", "routes/admin/payments-csv.ts"),
    route("payments.xlsx", "routes/admin/payments-xlsx.ts"),
    // The accountant's registers (issue 47): gst or tcs, ?period=2026-11 or 2026-27-Q3 and &format=csv or xlsx.
    route("tax-registers/:register", "routes/admin/tax-register-download.ts"),
    // A departure's manifest and rooming list (ADR 088): ?format=csv, xlsx or pdf.
    route("departures/:packageId/:departureId/:list", "routes/admin/departure-list.ts"),
    route("enquiries/personal-data.json", "routes/admin/personal-data-export.ts"),
    // A reply link's record (ADR 046): POST only, JSON.
    route("enquiries/:id/reply-sent", "routes/admin/enquiry-reply-sent.ts"),
    // Open editors' heartbeat (ADR 037): POST only.
    route("presence", "routes/admin/presence.ts"),
    // The "Choose from library" dialog's list (ADR 043), JSON.
    route("media/library.json", "routes/admin/media-library-json.ts"),
    route("backups/latest", "routes/admin/backup-latest.ts"),
    route("backups/now", "routes/admin/backup-now.ts"),
    // A backup made now, as a download (issue 49): POST only.
    route("backups/download", "routes/admin/backup-download.ts"),
    layout("routes/admin/layout.tsx", [
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("packages", "routes/admin/packages.tsx"),
      route("packages/new", "routes/admin/package-new.tsx"),
      route("packages/featured", "routes/admin/package-featured.tsx"),
      route("packages/:id", "routes/admin/package-edit.tsx"),
      route("blogs", "routes/admin/blogs.tsx"),
      route("blogs/new", "routes/admin/blog-new.tsx"),
      route("blogs/:id", "routes/admin/blog-edit.tsx"),
      // Revisions (ADR 037): one against the current version, and deleted items to restore.
      route("history/:revisionId", "routes/admin/revision.tsx"),
      route("history/:revisionId/detail", "routes/admin/revision-detail.ts"),
      route("recently-deleted", "routes/admin/recently-deleted.tsx"),
      route("enquiries", "routes/admin/enquiries.tsx"),
      route("departures", "routes/admin/departures.tsx"),
      // Bookings (issue 45, ADR 088).
      route("bookings", "routes/admin/bookings.tsx"),
      route("bookings/new", "routes/admin/booking-new.tsx"),
      route("bookings/:ref", "routes/admin/booking.tsx"),
      route("bookings/:ref/documents/:id", "routes/admin/booking-document.ts"),
      // A payment's proof (ADR 114): from the private store, for signed-in staff only.
      route("bookings/:ref/payments/:id/proof", "routes/admin/booking-payment-proof.ts"),
      route("bookings/:ref/itinerary.pdf", "routes/admin/booking-itinerary.ts"),
      // "View as traveller" (issue 48): the trip page as the traveller sees it, read-only.
      route("bookings/:ref/trip", "routes/admin/booking-trip.tsx"),
      route("payments", "routes/admin/payments.tsx"),
      // Verified reviews' moderation (issue 48, ADR 116): both roles.
      route("reviews", "routes/admin/reviews.tsx"),
      route("reviews/photos/:file", "routes/admin/review-photo.ts"),
      route("enquiries/personal-data", "routes/admin/personal-data.tsx"),
      route("enquiries/due", "routes/admin/enquiries-due.tsx"),
      route("enquiries/:id", "routes/admin/enquiry.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      // Settings → Business and tax (issue 47): the agency on tax documents, the series, the tax rules.
      route("settings/business", "routes/admin/settings-business.tsx"),
      route("tax-registers", "routes/admin/tax-registers.tsx"),
      route("site/home", "routes/admin/home-content.tsx"),
      route("site/legal", "routes/admin/legal-pages.tsx"),
      route("site/legal/:slug", "routes/admin/legal-edit.tsx"),
      route("site/terms", "routes/admin/site-terms.tsx"),
      route("reply-templates", "routes/admin/reply-templates.tsx"),
      route("media", "routes/admin/media.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("activity", "routes/admin/activity.tsx"),
      route("account", "routes/admin/account.tsx"),
      route("*", "routes/admin/not-found.tsx"),
    ]),
  ]),

  // REST API: resource routes answering JSON.
  ...prefix("api", [
    route("health", "routes/api/health.ts"),
    route("health/ready", "routes/api/health-ready.ts"),
    route("packages", "routes/api/packages.ts"),
    route("packages/:id", "routes/api/package.ts"),
    route("blogs", "routes/api/blogs.ts"),
    route("blogs/:id", "routes/api/blog.ts"),
    route("leads", "routes/api/leads.ts"),
    route("enquiries", "routes/api/enquiries.ts"),
    route("contact", "routes/api/contact.ts"),
    route("seat-requests", "routes/api/seat-requests.ts"),
    // Bookings (ADR 088): staff only, reads too.
    route("bookings", "routes/api/bookings.ts"),
    route("bookings/:ref", "routes/api/booking.ts"),
    route("bookings/:ref/:transition", "routes/api/booking-transition.ts"),
    // Payment gateways' webhooks (ADR 090): signed, no cookie, no Origin.
    route("payments/webhook/:provider", "routes/api/payment-webhook.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),
] satisfies RouteConfig;
