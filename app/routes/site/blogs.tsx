import { BlogCard } from "~/components/site/blog/blog-card";
import { PageHeader } from "~/components/site/page-header";
import { breadcrumbJsonLd, jsonLd, absoluteUrl, seoMeta, siteUrlFrom } from "~/lib/seo";
import { toBlogCards } from "~/server/blog/blog-page.server";
import { listPublishedBlogs } from "~/server/blog/blog-queries.server";
import styles from "./blogs.module.css";
import type { Route } from "./+types/blogs";

const TITLE = "Travel Blog: Guides, Tips and Stories | Pravas";
const DESCRIPTION = "Destination guides, food trails, beach and wildlife tips from the Pravas team, to help you plan trips across India and abroad.";

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const siteUrl = siteUrlFrom(matches);
  return [
    ...seoMeta({ title: TITLE, description: DESCRIPTION, path: "/blogs", siteUrl }),
    breadcrumbJsonLd(siteUrl, [
      { name: "Home", path: "/" },
      { name: "Blogs", path: "/blogs" },
    ]),
    jsonLd({
      "@context": "https://schema.org",
      "@type": "Blog",
      name: "The Pravas travel blog",
      url: absoluteUrl(siteUrl, "/blogs"),
      blogPost: (data?.blogs ?? []).map((blog) => ({
        "@type": "BlogPosting",
        headline: blog.title,
        url: absoluteUrl(siteUrl, `/blogs/${blog.id}`),
      })),
    }),
  ];
};

export async function loader({ context }: Route.LoaderArgs) {
  return { blogs: await toBlogCards(await listPublishedBlogs(), context.clock.now()) };
}

export default function Blogs({ loaderData }: Route.ComponentProps) {
  const { blogs } = loaderData;
  return (
    <>
      <PageHeader title="Our Blogs" intro="Guides, food trails and travel tips from our team, written to help you plan your next journey." />
      <section className={`container ${styles.section}`} aria-label="Blog posts">
        {blogs.length === 0 ? (
          <p className={styles.empty}>New stories are on their way. Please check back soon.</p>
        ) : (
          <ul className={styles.grid}>
            {blogs.map((blog, index) => (
              <li key={blog.id}>
                <BlogCard blog={blog} priority={index === 0} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
