import { data } from "react-router";
import { parseTaxPeriod } from "~/lib/tax-period";
import { canDownloadGstRegister, canDownloadTcsRegister } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { getDb } from "~/server/db/db.server";
import { taxRegisterFile } from "~/server/document/tax-register-export.server";
import type { Route } from "./+types/tax-register-download";

/**
 * GET /admin/tax-registers/gst|tcs?period=2026-11|2026-27-Q3&format=csv|xlsx:
 * the accountant's registers (issue 47), read from the issued documents.
 * Both roles download the GST register; the TCS register carries PANs, so admins only.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const register = params.register;
  await requireUser(request, {
    can: register === "tcs" ? canDownloadTcsRegister : canDownloadGstRegister,
  });
  if (register !== "gst" && register !== "tcs") throw data({ error: "There is no such register." }, { status: 404 });
  const url = new URL(request.url);
  const period = parseTaxPeriod(url.searchParams.get("period"));
  const format = url.searchParams.get("format") ?? "csv";
  if (!period || (format !== "csv" && format !== "xlsx")) {
    throw data(
      {
        error: "Choose a month (2026-11) or a quarter (2026-27-Q3), and csv or xlsx.",
      },
      { status: 400 },
    );
  }
  const file = await taxRegisterFile(getDb(), register, period, format);
  return new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.name}"`,
      "Content-Length": String(file.body.byteLength),
      "Cache-Control": "no-store",
    },
  });
}
