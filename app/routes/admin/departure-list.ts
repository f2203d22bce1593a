import { data } from "react-router";
import { canManageBookings } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { departureListPdf } from "~/server/booking/departure-list-pdf.server";
import { DEPARTURE_LISTS, departureList, departureListCsv, departureListXlsx, type DepartureListKind } from "~/server/booking/departure-lists.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import type { Route } from "./+types/departure-list";

const TYPES = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pdf: "application/pdf",
} as const;

/**
 * GET /admin/departures/:packageId/:departureId/(manifest|rooming-list)?format=csv|xlsx|pdf:
 * a departure's manifest or rooming list for the tour manager (ADR 088); the PDF opens in the browser to print.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireUser(request, { can: canManageBookings });
  const kind = (DEPARTURE_LISTS as readonly string[]).includes(params.list) ? (params.list as DepartureListKind) : null;
  const packageId = Number(params.packageId);
  const list = kind && Number.isSafeInteger(packageId) && packageId > 0 ? await departureList(kind, packageId, params.departureId, context.clock.now()) : null;
  if (!list) throw data({ error: "There is no such departure list." }, { status: 404 });
  const asked = new URL(request.url).searchParams.get("format");
  const format = asked === "xlsx" || asked === "pdf" ? asked : "csv";
  const name = `${list.fileName}.${format}`;
  const body =
    format === "pdf"
      ? new Uint8Array(await departureListPdf(list, (await getSiteSettings()).brandName))
      : format === "xlsx"
        ? new Uint8Array(await departureListXlsx(list))
        : departureListCsv(list);
  return new Response(body, {
    headers: {
      "Content-Type": TYPES[format],
      "Content-Disposition": `${format === "pdf" ? "inline" : "attachment"}; filename="${name}"`,
      "Cache-Control": "no-store",
    },
  });
}
