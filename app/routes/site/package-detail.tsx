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
import { SEAT_REQUEST_INTENT, seatRequestSentMessage } from "~/lib/seats";
import { SeatRequestForm } from "~/components/site/package/seat-request-form";
import { postPageForm } from "~/lib/page-form";
import { breadcrumbJsonLd, jsonLd, seoMeta, siteUrlFrom } from "~/lib/seo";
import { nextMonths, todayIso } from "~/lib/tour-format";
import { getEnv } from "~/server/env.server";
import { answerPackagePageForm } from "~/server/seat-request/package-page-forms.server";
import { toPackageDetail } from "~/server/package/package-detail.server";
import { withDraftChanges } from "~/server/package/package-preview.server";
import { listPackages, getPackage } from "~/server/package/package-queries.server";
import { touristTripJsonLd } from "~/server/package/package-seo.server";
import { packageVerifiedReviews } from "~/server/review/package-reviews.server";
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
  const [pkg, settings, { terms, conveniences }, verified] = await Promise.all([
    toPackageDetail(row, today),
    getSiteSettings(),
    getPackageTerms(row.termsOverride),
    // Published verified reviews (ADR 116): beside the curated ones, and the JSON-LD's rating.
    packageVerifiedReviews(row.id),
  ]);
  // Staff previewing draft changes download the brochure of those changes (ADR 042).
  if (row !== found && pkg.brochureUrl?.endsWith("/brochure.pdf")) pkg.brochureUrl += "?preview=changes";
  return {
    pkg,
    terms,
    conveniences,
    verifiedReviews: verified.items,
    months: nextMonths(today),
    // The chat link is made here: the message (site settings) names the package.
    contact: {
      phone: settings.phonePrimary,
      whatsappUrl: whatsappHref(settings.whatsappNumber, packageWhatsappMessage(settings.whatsappPackageMessage, pkg.title)),
    },
    tripJsonLd: touristTripJsonLd(pkg, getEnv().SITE_URL, settings.brandName, verified),
  };
}

/** The enquiry and "Request seats" forms, posted by a fetcher or without JavaScript (ADR 068). */
export async function action({ request, params, context }: Route.ActionArgs) {
  return answerPackagePageForm(request, context, params.slug, () => findPackage(request, params.slug));
}

/** Only the fetcher posts' answers: the network failing keeps the form on screen. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return postPageForm(serverAction);
}

// Switching tabs changes only ?tab=: the data on the page is the same.
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  // A sent enquiry or seat request changes nothing on the page (a request takes no seat until the team confirms it).
  if (formMethod === "POST") return false;
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
  const { pkg, terms, conveniences, verifiedReviews, months, contact } = loaderData;
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const tab = parsePackageTab(searchParams.get("tab"));
  const sent = searchParams.get("enquiry") === "sent" ? ENQUIRY_SENT_MESSAGE : undefined;
  // A post without JavaScript that did not go through comes back to the form that sent it.
  const seatPost = actionData?.result?.initialValue?.intent === SEAT_REQUEST_INTENT;
  const seatForm = seatPost ? actionData : undefined;
  const enquiryForm = seatPost ? undefined : actionData;
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
              <OverviewPanel
                pkg={pkg}
                verifiedReviews={verifiedReviews}
                conveniences={conveniences}
                pathname={pathname}
                brochureNotice={searchParams.get("brochure") === "unavailable"}
              />
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
            packageTitle={pkg.title}
            departures={pkg.departures}
            departureId={requested}
            initial={seatForm ?? (seatsSent ? { sent: seatsSent } : undefined)}
          />
        </div>
      ) : null}
      <EnquirySection
        packageTitle={pkg.title}
        months={months}
        phone={contact.phone}
        whatsappUrl={contact.whatsappUrl}
        initial={enquiryForm ?? (sent ? { sent } : undefined)}
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
