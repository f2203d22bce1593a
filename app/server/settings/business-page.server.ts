import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { businessSettingsSchema, type BusinessSettingsFormValues } from "~/lib/business-settings-schema";
import { indianDate } from "~/lib/follow-up";
import { formatTourDate } from "~/lib/tour-format";
import { TAX_RULE_KINDS, taxRuleInputSchema, withdrawTaxRuleSchema, type TaxRuleKind } from "~/lib/tax-rule-schema";
import { redirectWithNotice } from "~/server/admin/notice.server";
import type { Viewer } from "~/server/auth/guard.server";
import { conflictData, FAILED_NOTICE, keepSentValuesOnFailure, readEditorRequest, sentFields } from "~/server/content/editor-actions.server";
import { getDb } from "~/server/db/db.server";
import { ACCOUNTANT_NOTE } from "~/server/tax/tax-rules-seed.server";
import { addTaxRule, taxRuleGroups, withdrawTaxRule } from "~/server/tax/tax-rules-admin.server";
import { businessFormValues, updateBusinessSettings } from "./business-settings.server";
import { getStoredSiteSettings } from "./settings.server";

const BUSINESS_PATH = "/admin/settings/business";

/** What a refused write answers: which form (and for a rule, which kind) the errors belong to, so only that one shows them. */
export type BusinessActionData = {
  form: "business" | "add-rule" | "withdraw-rule";
  kind?: TaxRuleKind;
  ruleId?: string;
  errors: Record<string, string[] | null>;
  notice: string;
  sent?: Record<string, string>;
};

export async function loadBusinessPage(now: Date) {
  const today = indianDate(now);
  const [row, groups] = await Promise.all([getStoredSiteSettings(), taxRuleGroups(getDb(), today)]);
  return {
    values: businessFormValues(row),
    version: row.revision,
    updatedAt: row.updatedAt.toISOString(),
    groups,
    accountantNote: ACCOUNTANT_NOTE,
    today,
  };
}

function sentBusinessValues(formData: FormData): BusinessSettingsFormValues {
  const sent = new Map(sentFields(formData));
  const text = (name: Exclude<keyof BusinessSettingsFormValues, "autoReceiptVouchers">) => sent.get(name) ?? "";
  return {
    businessLegalName: text("businessLegalName"),
    businessAddress: text("businessAddress"),
    businessStateCode: text("businessStateCode"),
    gstin: text("gstin"),
    pan: text("pan"),
    invoicePrefix: text("invoicePrefix"),
    receiptVoucherPrefix: text("receiptVoucherPrefix"),
    paymentReceiptPrefix: text("paymentReceiptPrefix"),
    refundVoucherPrefix: text("refundVoucherPrefix"),
    creditNotePrefix: text("creditNotePrefix"),
    overseasPlaceOfSupply: text("overseasPlaceOfSupply"),
    autoReceiptVouchers: sent.get("autoReceiptVouchers") === "on",
  };
}

/** What the open bookings will do at a TCS rule just added (ADR 122): how many, and from when. */
export function tcsReworkNotice(effectiveFrom: string, openBookings: number, today: string): string {
  const now = effectiveFrom <= today;
  const when = now ? "From today" : `From ${formatTourDate(effectiveFrom)}`;
  if (openBookings === 0) return `${when}, new bookings and payments follow it: no open booking has TCS left to pay.`;
  const count = openBookings === 1 ? "1 open booking" : `${openBookings} open bookings`;
  const verb = now ? (openBookings === 1 ? "asks" : "ask") : "will ask";
  return `${when}, ${count} ${verb} TCS at this rule on what is left to pay.`;
}

const refused = (answer: Omit<BusinessActionData, "notice">) => data<BusinessActionData>({ ...answer, notice: FAILED_NOTICE }, { status: 400 });

/**
 * The screen's three writes (admins; the route's guard checked it): the
 * business details (one settings save), "Add a rule" and "Withdraw". Field
 * errors come back inline (400) with what was typed; success redirects with
 * the notice.
 */
export async function handleBusinessAction(
  request: Request,
  viewer: Viewer,
  options: {
    ip?: string;
    now: Date;
    /** How many open bookings ask TCS on what is left to pay (the document folder's count, passed in: ADR 080). */
    openTcsBookings: () => Promise<number>;
  },
) {
  const { ip, now } = options;
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "save");
  const ctx = { viewer, ip };
  if (intent === "add-rule") {
    const kind = String(formData.get("kind") ?? "") as TaxRuleKind;
    const sent = Object.fromEntries(sentFields(formData));
    const submission = parseWithZod(formData, { schema: taxRuleInputSchema });
    if (submission.status !== "success")
      return refused({
        form: "add-rule",
        kind,
        errors: submission.reply().error ?? {},
        sent,
      });
    const result = await addTaxRule(submission.value, ctx, now);
    if (!result.ok)
      return refused({
        form: "add-rule",
        kind,
        errors: { [result.field]: [result.message] },
        sent,
      });
    const { kind: added, effectiveFrom } = submission.value;
    const rework = added === "tcs" ? ` ${tcsReworkNotice(effectiveFrom, await options.openTcsBookings(), indianDate(now))}` : "";
    return redirectWithNotice(BUSINESS_PATH, {
      kind: "success",
      message: `Rule added: ${TAX_RULE_KINDS[added]} from ${formatTourDate(effectiveFrom)}. Documents dated from then use it.${rework}`,
    });
  }
  if (intent === "withdraw-rule") {
    const ruleId = String(formData.get("ruleId") ?? "");
    const submission = parseWithZod(formData, {
      schema: withdrawTaxRuleSchema,
    });
    if (submission.status !== "success")
      return refused({
        form: "withdraw-rule",
        ruleId,
        errors: submission.reply().error ?? {},
      });
    const result = await withdrawTaxRule(submission.value.ruleId, submission.value.reason, ctx, now);
    if (!result.ok)
      return refused({
        form: "withdraw-rule",
        ruleId,
        errors: { reason: [result.message] },
      });
    return redirectWithNotice(BUSINESS_PATH, {
      kind: "success",
      message: `Rule withdrawn. Documents issued with it keep it; new ones use the others.${
        result.reworksOpenBookings ? " Open bookings with TCS left to pay are priced again at the rule in force today." : ""
      }`,
    });
  }
  return keepSentValuesOnFailure(
    "saving the business and tax settings",
    () => sentBusinessValues(formData),
    async () => {
      const submission = parseWithZod(formData, {
        schema: businessSettingsSchema,
      });
      if (submission.status !== "success")
        return refused({
          form: "business",
          errors: submission.reply().error ?? {},
        });
      const editor = readEditorRequest(formData);
      const result = await updateBusinessSettings(submission.value, ctx, {
        expectedVersion: editor.options.expectedVersion ?? editor.options.mergeFrom,
      });
      if (!result.ok) return conflictData(result.conflict, "save");
      return redirectWithNotice(BUSINESS_PATH, {
        kind: "success",
        message: "Business and tax details saved. New documents print them.",
      });
    },
  );
}
