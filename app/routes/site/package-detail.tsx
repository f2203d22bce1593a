import { data, isRouteErrorResponse, type ShouldRevalidateFunctionArgs, Link, redirect, useLocation, useRouteError, useSearchParams } from "react-router";
import { packageWhatsappMessage, whatsappHref } from "~/lib/contact-links";
import { DraftBanner } from "~/components/site/draft-banner";
import { EnquirySection } from "~/components/site/package/enquiry-section";
import { GalleryPanel } from "~/components/site/package/gallery-panel";
import { ItineraryPanel } from "~/components/site/package/itinerary-panel";
import { OverviewPanel } from "~/components/site/package/overview-panel";
import { PackageHead } from "~/components/site/package/package-head";
import { PackageTabs, parsePackageTab } from "~/components/site/package/package-tabs";
import { TermsPanel } from "~/components/site/package/terms-panel";
import notFoundStyles from "~/components/site/package/package-not-found.module.css";
import { ENQUIRY_SENT_MESSAGE } from "~/lib/enquiry-limits";
import { seatRequestSentMessage } from "~/lib/seats";
import { SeatRequestForm } from "~/components/site/package/seat-request-form";
import { breadcrumbJsonLd, jsonLd, seoMeta, siteUrlFrom } from "~/lib/seo";
import { nextMonths, todayIso } from "~/lib/tour-format";
import { getEnv } from "~/server/env.server";
import { fieldErrors, isHoneypotFilled, readBody } from "~/server/forms/form-input.server";
import { checkPageFormPost } from "~/server/forms/form-post.server";
import { RATE_LIMITED_MESSAGE } from "~/server/forms/form-rate-limit.server";
import { STORAGE_UNAVAILABLE_MESSAGE } from "~/server/http.server";
import { getLogger } from "~/server/logger.server";
import { createEnquiry, enquirySchema } from "~/server/lead/package-enquiry.server";
import { seatRequestPageAction } from "~/server/seat-request/seat-request-page.server";
import { toPackageDetail } from "~/server/package/package-detail.server";
import { withDraftChanges } from "~/server/package/package-preview.server";
import { listPackages, getPackage } from "~/server/package/package-queries.server";
import { touristTripJsonLd } from "~/server/package/package-seo.server";
import { countViewOnCacheHits } from "~/server/cache/page-cache-hints.server";
import { recordPackageView } from "~/server/package/package-views.server";
import { getPackageTerms } from "~/server/package/package-terms.server";
import { findRedirect } from "~/server/redirect/redirects.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import { canSeeDrafts } from "~/server/auth/access.server";
import { getViewer } from "~/server/auth/guard.server";
import type { Route } from "./+types/package-detail";

/**
 * The package a request names; else a permanent redirect when the address was
 * renamed (the redirects table); else the helpful 404 (every package to choose from).
 */
async function findPackageOr404(request: Request, slug: string) {
  const row = await findPackage(request, slug);
  if (row) return row;
  const moved = await findRedirect(`/packages/${slug}`);
  if (moved) throw redirect(`${moved}${new URL(request.url).search}`, 308);
  return throwPackageNotFound(slug);
}

async function findPackage(request: Request, slug: string) {
  return getPackage(slug, { includeDrafts: canSeeDrafts(await getViewer(request)) });
}

async function throwPackageNotFound(slug: string): Promise<never> {
  const packages = (await listPackages()).map((pkg) => ({ slug: pkg.slug, title: pkg.title, country: pkg.country }));
  throw data({ slug, packages }, { status: 404 });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const search = new URL(request.url).search;
  const found = await findPackageOr404(request, params.slug);
  // A package reached by its id gets its one canonical address.
  if (found.slug !== params.slug) throw redirect(`/packages/${found.slug}${search}`, 308);

  // Staff previewing draft changes see them as a draft (ADR 037).
  const row = await withDraftChanges(request, found);
  // Counted once per visitor per day, never for bots or staff previews of drafts (ADR 030).
  if (row.status === "published") {
    await recordPackageView(row.id, request, context.clientIp);
    countViewOnCacheHits(context, "package", row.id);
  }
  const today = todayIso();
  const [pkg, settings, { terms, conveniences }] = await Promise.all([toPackageDetail(row, today), getSiteSettings(), getPackageTerms(row.termsOverride)]);
  // Staff previewing draft changes download the brochure of those changes (ADR 042).
  if (row !== found && pkg.brochureUrl?.endsWith("/brochure.pdf")) pkg.brochureUrl += "?preview=changes";
  return {
    pkg,
    terms,
    conveniences,
    months: nextMonths(today),
    // The chat link is made here: the message (site settings) names the package.
    contact: {
      phone: settings.phonePrimary,
      whatsappUrl: whatsappHref(settings.whatsappNumber, packageWhatsappMessage(settings.whatsappPackageMessage, pkg.title)),
    },
    tripJsonLd: touristTripJsonLd(pkg, getEnv().SITE_URL, settings.brandName),
  };
}

/**
 * The enquiry form without JavaScript: store it and come back with a notice.
 * When it cannot be stored (spent form budget, database trouble) the form comes
 * back with what was typed and says so.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { allowed } = await checkPageFormPost(request, context.clientIp);
  const body = (await readBody(request)) ?? {};
  const values = Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  if (!allowed) return data({ values, failed: RATE_LIMITED_MESSAGE }, { status: 429 });
  let row: Awaited<ReturnType<typeof findPackage>>;
  try {
    row = await findPackage(request, params.slug);
  } catch (error) {
    getLogger().error({ err: error }, "enquiry could not be stored");
    return data({ values, failed: STORAGE_UNAVAILABLE_MESSAGE }, { status: 503 });
  }
  if (!row) return throwPackageNotFound(params.slug);
  // The "Request seats" form (ADR 059) posts here too.
  if (body.intent === "seats") return seatRequestPageAction(body, values, row);
  const sent = redirect(`/packages/${row.slug}?enquiry=sent#enquire`, 303);
  if (isHoneypotFilled(body)) return sent;
  const parsed = enquirySchema.safeParse(body);
  if (!parsed.success) return data({ fields: fieldErrors(parsed.error), values }, { status: 400 });
  try {
    await createEnquiry(parsed.data, row);
  } catch (error) {
    getLogger().error({ err: error }, "enquiry could not be stored");
    return data({ values, failed: STORAGE_UNAVAILABLE_MESSAGE }, { status: 503 });
  }
  return sent;
}

// Switching tabs changes only ?tab=: the data on the page is the same.
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: "Package not found | Pravas" }, { name: "robots", content: "noindex" }];
  const siteUrl = siteUrlFrom(matches);
  const { pkg } = loaderData;
  const path = `/packages/${pkg.slug}`;
  return [
    ...seoMeta({ ...pkg.seo, path, siteUrl, noindex: pkg.draft }),
    jsonLd(loaderData.tripJsonLd),
    breadcrumbJsonLd(siteUrl, [
      { name: "Home", path: "/" },
      { name: "Packages", path: "/packages" },
      { name: pkg.title, path },
    ]),
  ];
};

export default function PackageDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { pkg, terms, conveniences, months, contact } = loaderData;
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const tab = parsePackageTab(searchParams.get("tab"));
  const sent = searchParams.get("enquiry") === "sent" ? ENQUIRY_SENT_MESSAGE : undefined;
  const seatForm = actionData && "seatForm" in actionData ? actionData.seatForm : undefined;
  const enquiryForm = actionData && !("seatForm" in actionData) ? actionData : undefined;
  const seatsSent = searchParams.get("seats") === "sent" ? seatRequestSentMessage(searchParams.get("ref") ?? "") : undefined;
  const requested = searchParams.get("request");
  const showSeatForm = Boolean(seatForm || seatsSent || pkg.departures.some((date) => date.requestable && date.id === requested));

  return (
    <>
      {pkg.draft ? <DraftBanner what="package" /> : null}
      <PackageHead pkg={pkg} months={months} phone={contact.phone} whatsappUrl={contact.whatsappUrl} />
      <div className="container">
        <PackageTabs
          active={tab}
          pathname={pathname}
          panels={{
            overview: (
              <OverviewPanel pkg={pkg} conveniences={conveniences} pathname={pathname} brochureNotice={searchParams.get("brochure") === "unavailable"} />
            ),
            itinerary: <ItineraryPanel itinerary={pkg.itinerary} />,
            gallery: <GalleryPanel images={pkg.gallery} title={pkg.title} />,
            terms: <TermsPanel terms={terms} />,
          }}
        />
      </div>
      {showSeatForm ? (
        <div className="container">
          <SeatRequestForm
            key={requested ?? ""}
            packageId={pkg.id}
            packageTitle={pkg.title}
            departures={pkg.departures}
            departureId={requested}
            sentMessage={seatsSent}
            initial={seatForm}
          />
        </div>
      ) : null}
      <EnquirySection
        packageId={pkg.id}
        packageTitle={pkg.title}
        months={months}
        phone={contact.phone}
        whatsappUrl={contact.whatsappUrl}
        initial={{ ...enquiryForm, sent }}
      />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  const packages = missing ? ((error.data as { packages?: { slug: string; title: string; country: string }[] })?.packages ?? []) : [];
  return (
    <section className={`container ${notFoundStyles.page}`}>
      <h1>{missing ? "We couldn't find that package" : "Something went wrong"}</h1>
      <p>
        {missing
          ? "The trip you are looking for may have been renamed or is no longer offered. Here are the packages we run today:"
          : "Something went wrong while loading this package. Please try again in a moment."}
      </p>
      {packages.length > 0 ? (
        <ul className={notFoundStyles.list}>
          {packages.map((pkg) => (
            <li key={pkg.slug}>
              <Link to={`/packages/${pkg.slug}`}>{pkg.title}</Link>
              <span>{pkg.country}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        <Link to="/packages" className="btn btn-primary">
          See all packages
        </Link>{" "}
        <Link to="/contact" className="btn btn-outline">
          Ask our team
        </Link>
      </p>
    </section>
  );
}
