import { redirect } from "react-router";
import { indianDate } from "~/lib/follow-up";
import { redirectWithNotice } from "~/server/admin/notice.server";
import { canManagePersonalData } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { findPersonalData, parsePersonKey, personalDataExport, recordPersonalDataExport } from "~/server/enquiry/personal-data.server";
import type { Route } from "./+types/personal-data-export";

const PAGE = "/admin/enquiries/personal-data";

/** Nothing to show on GET: the export is a POST, so the phone or e-mail stays out of URLs and logs. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, { can: canManagePersonalData });
  throw redirect(PAGE, { headers: { "Cache-Control": "no-store" } });
}

/** POST: everything held about one phone number or e-mail address, as a JSON download. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(request, { can: canManagePersonalData });
  const form = await request.formData();
  const key = parsePersonKey(String(form.get("q") ?? ""));
  if (!key) return redirectWithNotice(PAGE, { kind: "error", message: "Enter a phone number or an e-mail address." });
  const found = await findPersonalData(key);
  await recordPersonalDataExport(found, { viewer, ip: context.clientIp });
  const now = context.clock.now();
  const body = JSON.stringify(personalDataExport(key, found, now), null, 2);
  const day = indianDate(now);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="personal-data-${day}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
