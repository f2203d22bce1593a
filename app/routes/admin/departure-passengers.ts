import { data } from "react-router";
import { canManageEnquiries } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { findDeparture, passengerCsv, passengerList, passengerXlsx } from "~/server/seat-request/departures.server";
import type { Route } from "./+types/departure-passengers";

/** GET /admin/departures/:packageId/:departureId/passengers?format=csv|xlsx: the tour manager's passenger list (ADR 059). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, { can: canManageEnquiries });
  const packageId = Number(params.packageId);
  const found = Number.isSafeInteger(packageId) && packageId > 0 ? await findDeparture(packageId, params.departureId) : null;
  if (!found) throw data({ error: "There is no such departure." }, { status: 404 });
  const rows = await passengerList(packageId, params.departureId);
  const base = `passengers-${found.date.start}-${packageId}-${params.departureId}`.replace(/[^A-Za-z0-9_-]/g, "");
  const headers = { "Cache-Control": "no-store" };
  if (new URL(request.url).searchParams.get("format") === "xlsx") {
    const body = await passengerXlsx(`${found.packageTitle}: ${found.date.name}, ${found.date.start} to ${found.date.end}`, rows);
    return new Response(new Uint8Array(body), {
      headers: {
        ...headers,
        "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "Content-Disposition": `attachment; filename="${base}.xlsx"`,
      },
    });
  }
  return new Response(passengerCsv(rows), {
    headers: { ...headers, "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${base}.csv"` },
  });
}
