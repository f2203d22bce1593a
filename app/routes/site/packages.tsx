import { Link, redirect } from "react-router";
import { PageHeader } from "~/components/site/page-header";
import { PackageFinderForm } from "~/components/site/package/package-finder-form";
import { PackageRail, RAIL_PHOTO_SIZES } from "~/components/site/package/package-rail";
import { preloadImage } from "~/lib/image-preload";
import { largestUrl } from "~/lib/media";
import { readPackageFilters } from "~/lib/package-filter-query";
import { PACKAGE_FILTER_PARAMS } from "~/lib/package-filters";
import { absoluteUrl, breadcrumbJsonLd, jsonLd, seoMeta, siteUrlFrom } from "~/lib/seo";
import { todayIso } from "~/lib/tour-format";
import { findPackages } from "~/server/package/package-finder.server";
import { listPackages } from "~/server/package/package-queries.server";
import styles from "./packages.module.css";
import type { Route } from "./+types/packages";

const TITLE = "Tour Packages: International and National Group Tours | Pravas";
const DESCRIPTION =
  "Group tours to Bali, Dubai, Sri Lanka and Vietnam, and across India to the Golden Triangle, Hampi and the Nilgiris, with hotels, guides and transfers included.";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const siteUrl = siteUrlFrom(matches);
  const cards = [...(loaderData?.international ?? []), ...(loaderData?.national ?? [])];
  // Filtered and sorted views are the same trips again: not for search engines (canonical stays /packages).
  const noindex = Boolean(loaderData?.canonicalSearch);
  const image = cards[0]?.thumbnail;
  return [
    ...seoMeta({
      title: TITLE,
      description: DESCRIPTION,
      path: "/packages",
      siteUrl,
      image: image ? largestUrl(image) : null,
      imageAlt: image?.alt,
      noindex,
    }),
    breadcrumbJsonLd(siteUrl, [
      { name: "Home", path: "/" },
      { name: "Packages", path: "/packages" },
    ]),
    jsonLd({
      "@context": "https://schema.org",
      "@type": "ItemList",
      name: "Tour packages",
      itemListElement: cards.map((card, index) => ({
        "@type": "ListItem",
        position: index + 1,
        name: card.title,
        url: absoluteUrl(siteUrl, card.link ?? "/packages"),
      })),
    }),
  ];
};

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const view = await findPackages(await listPackages(), readPackageFilters(url.searchParams), todayIso());
  // One address per view: empty fields of the GET form, the default sort, unknown
  // values and another order all go to the canonical one, the only one cached.
  const asGiven = new URLSearchParams([...url.searchParams].filter(([name]) => (PACKAGE_FILTER_PARAMS as readonly string[]).includes(name))).toString();
  if ((asGiven ? `?${asGiven}` : "") !== view.canonicalSearch) throw redirect(`/packages${view.canonicalSearch}`);
  return view;
}

export default function Packages({ loaderData }: Route.ComponentProps) {
  const { international, national, filters, facets, filtered, total } = loaderData;
  // The first card's photo is the largest paint on a phone; the cards load their photos lazily.
  const first = international[0]?.thumbnail;
  if (first) preloadImage(first, RAIL_PHOTO_SIZES);
  return (
    <>
      <PageHeader title="Tour Packages" intro="Small-group tours with hotels, guides and transfers arranged for you, abroad and across India." />
      <div className={`container ${styles.sections}`}>
        <PackageFinderForm filters={filters} facets={facets} filtered={filtered} />
        {filtered ? (
          <p role="status" className={styles.matches}>
            {total === 0 ? "No trips match" : total === 1 ? "1 trip matches" : `${total} trips match`}
            {total === 0 ? (
              <>
                {" "}
                <Link to="/packages" preventScrollReset>
                  Clear filters
                </Link>
              </>
            ) : null}
          </p>
        ) : null}
        {international.length > 0 ? (
          <section aria-labelledby="international-heading">
            <div className={styles.head}>
              <h2 id="international-heading" className={styles.heading}>
                International Packages
              </h2>
              <p className={styles.intro}>Beaches, cities and cultures a short flight from India, with flights included.</p>
            </div>
            <PackageRail cards={international} label="International packages" />
          </section>
        ) : null}
        {national.length > 0 ? (
          <section aria-labelledby="national-heading">
            <div className={styles.head}>
              <h2 id="national-heading" className={styles.heading}>
                National Packages
              </h2>
              <p className={styles.intro}>Heritage, hills and temples across India, by road with local guides.</p>
            </div>
            <PackageRail cards={national} label="National packages" />
          </section>
        ) : null}
      </div>
    </>
  );
}
