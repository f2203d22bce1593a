import { Link } from "react-router";
import { formatBlogDuration, formatViews } from "~/lib/blog-format";
import type { BlogCardData } from "~/lib/blog-view-model";
import { BlogThumbnail } from "./blog-thumbnail";

import { ClockIcon } from "./clock-icon";
import styles from "./blog-card.module.css";

/** How wide a card's image is drawn (the blog grids: 1, 2 or 3 columns). */
const BLOG_CARD_SIZES = "(min-width: 1024px) 380px, (min-width: 640px) 45vw, 92vw";

type BlogCardProps = {
  blog: BlogCardData;
  sizes?: string;
  priority?: boolean;
  headingLevel?: "h2" | "h3";
};

/**
 * Thumbnail, title, the clock and reading time, Read More to /blogs/{id}, and
 * 'View: {views} | {age}'. The whole card is clickable through the title link.
 */
export function BlogCard({ blog, sizes = BLOG_CARD_SIZES, priority = false, headingLevel = "h2" }: BlogCardProps) {
  const Heading = headingLevel;
  const href = `/blogs/${blog.id}`;
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        <BlogThumbnail image={blog.image} sizes={sizes} priority={priority} alt="" />
      </div>
      <div className={styles.body}>
        <p className={styles.duration}>
          <ClockIcon className={styles.clock} />
          <span>
            <span className="visually-hidden">Reading time: </span>
            {formatBlogDuration(blog.durationMinutes)}
          </span>
        </p>
        <Heading className={styles.title}>
          <Link to={href} className={styles.titleLink}>
            {blog.title}
          </Link>
        </Heading>
        {blog.excerpt ? <p className={styles.excerpt}>{blog.excerpt}</p> : null}
        <div className={styles.footer}>
          <p className={styles.stats}>{`View: ${formatViews(blog.views)} | ${blog.age}`}</p>
          {/* Visible "Read More"; the hidden words say which post (name and link text). */}
          <Link to={href} className={`btn btn-outline ${styles.more}`}>
            Read More<span className="visually-hidden"> about {blog.title}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
