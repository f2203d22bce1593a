import { AdminPage, adminMeta } from "~/components/admin/admin-page";
import { TaxRegisterPanel } from "~/components/admin/payments/tax-register-panel";
import { indianDate } from "~/lib/follow-up";
import { recentMonths, recentQuarters } from "~/lib/tax-period";
import { canDownloadGstRegister, canDownloadTcsRegister } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import type { Route } from "./+types/tax-registers";

/** The accountant's registers (issue 47): both roles see the GST register; the TCS register (PANs) only admins. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, { can: canDownloadGstRegister });
  const today = indianDate(context.clock.now());
  return {
    months: recentMonths(today, 15),
    quarters: recentQuarters(today, 8),
    tcs: canDownloadTcsRegister(viewer),
  };
}

export const meta: Route.MetaFunction = () => adminMeta("Tax registers");

export default function TaxRegistersPage({ loaderData }: Route.ComponentProps) {
  const { months, quarters, tcs } = loaderData;
  return (
    <AdminPage title="Tax registers" lead="For the accountant: every tax document of a month or a quarter of the financial year, as CSV or Excel.">
      <TaxRegisterPanel
        register="gst"
        title="GST register"
        about="Every receipt voucher, tax invoice, refund voucher and credit note with its taxable value, CGST, SGST or UTGST, IGST and total; money going back is negative."
        months={months}
        quarters={quarters}
      />
      {tcs ? (
        <TaxRegisterPanel
          register="tcs"
          title="TCS register"
          about="Every amount received on an overseas package with the traveller's PAN, the TCS rate and amount, the date and the section: what Form 27EQ asks for. It holds PANs: keep the file safe."
          months={months}
          quarters={quarters}
        />
      ) : null}
    </AdminPage>
  );
}
