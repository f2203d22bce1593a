import { ResponsiveImage } from "~/components/ui/responsive-image";
import type { AdminBlogCard, AdminBlogFilters } from "~/lib/admin-blog-list";
import { formatDate } from "~/lib/admin-format";
import { ContentCardList, ContentFilters } from "../content-list";
import own from "./blog-list.module.css";

/** Search and the status filter: a GET form, so both live in the URL. */
export function BlogFilters({ filters }: { filters: AdminBlogFilters }) {
  return <ContentFilters label="Blogs" idPrefix="blog-" q={filters.q} status={filters.status} placeholder="Title or address" />;
}

/** The spec's list: head image, title and creation date, plus status and views; each card opens the editor. */
export function BlogCardList({ cards, filtered }: { cards: AdminBlogCard[]; filtered: boolean }) {
  return (
    <ContentCardList
      label="Blogs"
      items={cards}
      empty={filtered ? "No blogs match these filters." : "No blogs yet: write the first one."}
      card={(card) => ({
        href: `/admin/blogs/${card.id}`,
        title: card.title,
        status: card.status,
        scheduledFor: card.scheduledFor,
        hasDraftChanges: card.hasDraftChanges,
        media: card.headImage ? (
          <ResponsiveImage media={card.headImage} sizes="(min-width: 64rem) 22rem, 90vw" alt="" />
        ) : card.headImageUrl ? (
          <img src={card.headImageUrl} alt="" loading="lazy" />
        ) : (
          <span className={own.noImage}>No header image</span>
        ),
        meta: (
          <>
            <span>
              Created <time dateTime={card.createdAt}>{formatDate(card.createdAt)}</time>
            </span>
            <span>
              {card.views.toLocaleString("en-IN")} {card.views === 1 ? "view" : "views"}
            </span>
          </>
        ),
      })}
    />
  );
}
