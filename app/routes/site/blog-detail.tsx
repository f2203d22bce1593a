import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import { BlogArticle } from "~/components/site/blog/blog-article";
import { BlogCard } from "~/components/site/blog/blog-card";
import { NotFoundNotice } from "~/components/site/not-found/not-found-notice";
import { isoDuration } from "~/lib/blog-format";
import { absoluteUrl, breadcrumbJsonLd, jsonLd, seoMeta, siteUrlFrom } from "~/lib/seo";
import { toBlogArticle, toBlogCards } from "~/server/blog/blog-page.server";
import { withBlogDraftChanges } from "~/server/blog/blog-preview.server";
import { getBlog, listPublishedBlogs } from "~/server/blog/blog-queries.server";
import { recordBlogView } from "~/server/blog/blog-views.server";
import { countViewOnCacheHits } from "~/server/cache/page-cache-hints.server";
import { parseId } from "~/server/http.server";
import { canSeeDrafts } from "~/server/auth/access.server";
import { getViewer } from "~/server/auth/guard.server";
import styles from "./blog-detail.module.css";
import type { Route } from "./+types/blog-detail";

const NOT_FOUND = "Blog not found!";

export const meta: Route.MetaFunction = ({ data: page, matches, params }) => {
  const siteUrl = siteUrlFrom(matches);
  if (!page) {
    return seoMeta({ title: `${NOT_FOUND} | Pravas`, description: NOT_FOUND, path: `/blogs/${params.id}`, siteUrl, noindex: true });
  }
  const { blog } = page;
  const path = `/blogs/${blog.id}`;
  const description = blog.seoDescription || blog.excerpt || blog.title;
  return [
    ...seoMeta({
      title: blog.seoTitle || `${blog.title} | Pravas`,
      description,
      path,
      siteUrl,
      image: blog.shareImage,
      imageAlt: blog.image.alt,
      type: "article",
      noindex: blog.status !== "published",
    }),
    { property: "article:published_time", content: blog.uploadDate },
    { property: "article:modified_time", content: blog.updatedAt },
    breadcrumbJsonLd(siteUrl, [
      { name: "Home", path: "/" },
      { name: "Blogs", path: "/blogs" },
      { name: blog.title, path },
    ]),
    jsonLd({
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: blog.title,
      description,
      url: absoluteUrl(siteUrl, path),
      mainEntityOfPage: absoluteUrl(siteUrl, path),
      ...(blog.shareImage ? { image: absoluteUrl(siteUrl, blog.shareImage) } : {}),
      datePublished: blog.uploadDate,
      dateModified: blog.updatedAt,
      timeRequired: isoDuration(blog.durationMinutes),
      interactionStatistic: {
        "@type": "InteractionCounter",
        interactionType: "https://schema.org/ReadAction",
        userInteractionCount: blog.views,
      },
      author: { "@type": "Organization", name: "Pravas", url: absoluteUrl(siteUrl, "/") },
      publisher: { "@type": "Organization", name: "Pravas", url: absoluteUrl(siteUrl, "/") },
    }),
  ];
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const viewer = await getViewer(request);
  const includeDrafts = canSeeDrafts(viewer);
  // One canonical URL per post: /blogs/exploring-dubai and /blogs/007 redirect to /blogs/7.
  if (!id || String(id) !== params.id) {
    const row = id ? await getBlog(String(id), { includeDrafts }) : await getBlog(params.id.toLowerCase(), { includeDrafts });
    if (row) throw redirect(`/blogs/${row.id}`, 301);
    throw data({ message: NOT_FOUND }, { status: 404 });
  }
  const found = await getBlog(String(id), { includeDrafts });
  if (!found) throw data({ message: NOT_FOUND }, { status: 404 });
  // Staff previewing draft changes see them as a draft (ADR 037).
  const row = await withBlogDraftChanges(request, found);

  const view = row.status === "published" ? await recordBlogView(row.id, request, context.clientIp) : null;
  if (row.status === "published") countViewOnCacheHits(context, "blog", row.id);
  const others = (await listPublishedBlogs()).filter((other) => other.id !== row.id).slice(0, 3);
  return {
    blog: await toBlogArticle(row, view?.views ?? row.views),
    more: await toBlogCards(others, context.clock.now()),
  };
}

export default function BlogDetail({ loaderData }: Route.ComponentProps) {
  const { blog, more } = loaderData;
  return (
    <>
      {blog.status !== "published" ? (
        <p className={styles.draft} role="status">
          Draft preview: only signed-in staff can see this post.
        </p>
      ) : null}
      <BlogArticle blog={blog} />
      <aside className={styles.cta} aria-labelledby="plan-trip-title">
        <div className={`container ${styles.ctaInner}`}>
          <h2 id="plan-trip-title" className={styles.ctaTitle}>
            Inspired to travel?
          </h2>
          <p>Tell us where you would like to go, and our team will plan the trip around your dates and budget.</p>
          <div className={styles.ctaActions}>
            <Link to="/packages" className="btn btn-primary">
              Explore our packages
            </Link>
            <Link to="/contact" className="btn btn-outline">
              Contact us
            </Link>
          </div>
        </div>
      </aside>
      {more.length > 0 ? (
        <section className={`container ${styles.more}`} aria-labelledby="more-stories-title">
          <h2 id="more-stories-title">More from our blog</h2>
          <ul className={styles.grid}>
            {more.map((card) => (
              <li key={card.id}>
                <BlogCard blog={card} headingLevel="h3" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return notFound ? (
    <NotFoundNotice title={NOT_FOUND} primary={{ to: "/blogs", label: "Browse all blogs" }}>
      <p>The post you are looking for may have been moved or taken down.</p>
    </NotFoundNotice>
  ) : (
    <NotFoundNotice title="Something went wrong" eyebrow="Error" primary={{ to: "/blogs", label: "Browse all blogs" }}>
      <p>Something went wrong. Please try again.</p>
    </NotFoundNotice>
  );
}
