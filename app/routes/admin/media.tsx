import { Form } from "react-router";
import { AdminPage, adminMeta, adminUi } from "~/components/admin/admin-page";
import { Pager } from "~/components/admin/list-table";
import { LibraryUpload } from "~/components/admin/media/library-upload";
import { MediaCardActions } from "~/components/admin/media/media-actions";
import { MediaCard } from "~/components/admin/media/media-card";
import { MediaGrid } from "~/components/admin/media/media-grid";
import styles from "~/components/admin/media/media-library.module.css";
import { MediaSearchFields, resultSummary } from "~/components/admin/media/media-search";
import { librarySearchHref, MEDIA_LIBRARY_PATH, parseLibrarySearch } from "~/lib/media-library";
import { canEditContent } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { listLibrary } from "~/server/media-library/media-library.server";
import { handleMediaAction, type MediaActionData } from "~/server/media-library/media-page.server";
import type { Route } from "./+types/media";

/** The media library (issue 21 §4, ADR 043): editors and admins. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, { can: canEditContent });
  return listLibrary(parseLibrarySearch(new URL(request.url).searchParams));
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(request, { can: canEditContent });
  return handleMediaAction(request, viewer, context.clientIp);
}

export const meta: Route.MetaFunction = () => adminMeta("Media library");

export default function MediaLibraryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pages, search } = loaderData;
  const answer = actionData as MediaActionData | undefined;
  return (
    <AdminPage title="Media library" lead="Every image on the site: its alt text (said wherever the image appears), where it is used, and its file.">
      <details className={`${adminUi.filterBox} ${styles.upload}`}>
        <summary>Upload images</summary>
        <LibraryUpload />
      </details>
      <Form method="get" role="search" aria-label="Media library" className={`${adminUi.filterBox} ${styles.filters}`} key={`${search.q}|${search.filter}`}>
        <MediaSearchFields idPrefix="media-" search={search} />
      </Form>
      <p className={styles.summary} role="status">
        {resultSummary(total, search)}
        {pages > 1 ? ` Page ${page} of ${pages}.` : ""}
      </p>
      {items.length > 0 ? (
        <MediaGrid
          key={`${page}|${search.q}|${search.filter}`}
          items={items}
          renderItem={(item) => (
            <MediaCard key={`${item.id}:${item.alt}:${item.thumbUrl}`} item={item}>
              <MediaCardActions item={item} answer={answer?.id === item.id ? answer : undefined} />
            </MediaCard>
          )}
        />
      ) : (
        <p className={adminUi.muted}>No images match.</p>
      )}
      <Pager label="Media library pages" page={page} pages={pages} href={(to) => librarySearchHref(MEDIA_LIBRARY_PATH, { ...search, page: to })} />
    </AdminPage>
  );
}
