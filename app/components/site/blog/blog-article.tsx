import { Link } from "react-router";
import { formatBlogDuration, formatUploadDate, formatViews } from "~/lib/blog-format";
import { BlogThumbnail, type BlogImage } from "./blog-thumbnail";
import { ClockIcon } from "./clock-icon";
import { RichText } from "./rich-text";
import styles from "./blog-article.module.css";

/** How wide a post's head image is drawn. */
const BLOG_HEAD_SIZES = "(min-width: 1040px) 1000px, 94vw";

type BlogArticleData = {
  id: number;
  title: string;
  durationMinutes: number;
  views: number;
  uploadDate: string;
  image: BlogImage;
  /** Sanitized on the server (sanitizeRichHtml). */
  html: string;
};

/** A post: title, '{views} Views | Uploaded on {date}', head image and content. */
export function BlogArticle({ blog }: { blog: BlogArticleData }) {
  return (
    <article className={styles.article}>
      <header className={`container ${styles.header}`}>
        <nav aria-label="Breadcrumb" className={styles.crumbs}>
          <ol>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/blogs">Blogs</Link>
            </li>
            <li aria-current="page">{blog.title}</li>
          </ol>
        </nav>
        <h1 className={styles.title}>{blog.title}</h1>
        <p className={styles.meta}>
          <span className={styles.duration}>
            <ClockIcon />
            <span>
              <span className="visually-hidden">Reading time: </span>
              {formatBlogDuration(blog.durationMinutes)}
            </span>
          </span>
          <span>
            {`${formatViews(blog.views)} Views | Uploaded on `}
            <time dateTime={blog.uploadDate}>{formatUploadDate(blog.uploadDate)}</time>
          </span>
        </p>
      </header>
      <div className={`container ${styles.figure}`}>
        <BlogThumbnail image={blog.image} sizes={BLOG_HEAD_SIZES} priority className={styles.image} />
      </div>
      <RichText html={blog.html} className={`container ${styles.content}`} />
    </article>
  );
}
