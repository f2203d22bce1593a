import { data, isRouteErrorResponse, NavLink, redirect } from "react-router";
import { RichText } from "~/components/site/blog/rich-text";
import { NotFoundNotice } from "~/components/site/not-found/not-found-notice";
import { PageHeader } from "~/components/site/page-header";
import { breadcrumbJsonLd, jsonLd, absoluteUrl, seoMeta, siteUrlFrom } from "~/lib/seo";
import { getLegalPage, listLegalPages } from "~/server/legal/legal-queries.server";
import styles from "./legal.module.css";
import type { Route } from "./+types/legal";

export const meta: Route.MetaFunction = ({ data: page, matches, params }) => {
  const siteUrl = siteUrlFrom(matches);
  if (!page) {
    return seoMeta({
      title: "Page not found | Pravas",
      description: "We couldn't find that page.",
      path: `/legal/${params.slug}`,
      siteUrl,
      noindex: true,
    });
  }
  const path = `/legal/${page.page.slug}`;
  return [
    ...seoMeta({
      title: `${page.page.title} | Pravas`,
      description: page.page.seoDescription || `${page.page.title} of Pravas, last updated ${page.page.lastUpdated}.`,
      path,
      siteUrl,
    }),
    breadcrumbJsonLd(siteUrl, [
      { name: "Home", path: "/" },
      { name: page.page.title, path },
    ]),
    jsonLd({
      "@context": "https://schema.org",
      "@type": "WebPage",
      name: page.page.title,
      url: absoluteUrl(siteUrl, path),
      dateModified: page.page.updatedAt,
    }),
  ];
};

export async function loader({ params }: Route.LoaderArgs) {
  const slug = params.slug.toLowerCase();
  const page = await getLegalPage(slug);
  if (!page) throw data({ message: "Page not found" }, { status: 404 });
  // /legal/Disclaimer (as the old route list wrote it) and any other casing: one canonical URL.
  if (slug !== params.slug) throw redirect(`/legal/${slug}`, 301);
  return { page, pages: await listLegalPages() };
}

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const { page, pages } = loaderData;
  return (
    <>
      <PageHeader title={page.title}>
        <p className={styles.updated}>Last updated: {page.lastUpdated}</p>
      </PageHeader>
      <div className={`container ${styles.layout}`}>
        <nav className={styles.nav} aria-label="Legal pages">
          <p className={styles.navTitle}>Legal</p>
          <ul>
            {pages.map((item) => (
              <li key={item.slug}>
                <NavLink to={`/legal/${item.slug}`} className={styles.navLink}>
                  {item.title}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <article className={styles.body} aria-label={page.title}>
          <RichText html={page.html} />
        </article>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <NotFoundNotice title={notFound ? "Page not found" : "Something went wrong"} eyebrow={notFound ? "Error 404" : "Error"}>
      <p>
        {notFound
          ? "We couldn't find that page. Our privacy policy, terms, refund policy and disclaimer are linked at the foot of every page."
          : "Something went wrong. Please try again."}
      </p>
    </NotFoundNotice>
  );
}
