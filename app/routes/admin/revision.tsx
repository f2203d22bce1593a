import { data, Link } from "react-router";
import { AdminPage, adminMeta, adminUi, Panel } from "~/components/admin/admin-page";
import { RevisionDiffView } from "~/components/admin/history/revision-diff";
import { formatWhen } from "~/lib/admin-format";
import { ENTITY_NOUNS } from "~/lib/content-fields";
import { revisionKindLabel } from "~/lib/revisions";
import { canEditContent } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { loadRevisionDetail } from "~/server/content/history-page.server";
import { parseId } from "~/server/http.server";
import { contentRegistry } from "~/server/registry/content-registry.server";
import type { Route } from "./+types/revision";

/** One revision against the current version (ADR 037); the editors' History panel loads this too. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireUser(request, { can: canEditContent });
  const id = parseId(params.revisionId);
  const detail = id ? await loadRevisionDetail(id, viewer, contentRegistry) : null;
  if (!detail) throw data(null, { status: 404 });
  return detail;
}

export const meta: Route.MetaFunction = ({ data: loaded }) => adminMeta(loaded ? `History of ${loaded.entity.label}` : "Revision not found");

export default function RevisionPage({ loaderData }: Route.ComponentProps) {
  const { revision, entity, diffs } = loaderData;
  const noun = ENTITY_NOUNS[entity.type];
  // The version before the first recorded change has no author or time of its own.
  const original = revision.kind === "original";
  return (
    <AdminPage
      title={`${entity.label}: ${revisionKindLabel(revision.kind).toLowerCase()}${original ? "" : `, ${formatWhen(revision.at)}`}`}
      lead={`${original ? "" : `By ${revision.who}. `}${entity.exists ? `What differs from the current version of this ${noun}.` : `This ${noun} is deleted; restore it from Recently deleted.`}`}
      actions={
        entity.exists ? (
          <>
            <Link to={entity.editorPath} className={adminUi.button}>
              Back to the editor
            </Link>
            <Link to={`${entity.editorPath}?restore=${revision.id}`} className={`${adminUi.button} ${adminUi.primary}`}>
              Restore this version
            </Link>
          </>
        ) : (
          <Link to="/admin/recently-deleted" className={adminUi.button}>
            Recently deleted
          </Link>
        )
      }
    >
      <Panel title="Differences">
        <RevisionDiffView diffs={diffs} exists={entity.exists} />
      </Panel>
    </AdminPage>
  );
}
