import { holdHoursSchema } from "./booking-schema";
import { z } from "zod";
import { PHONE_MESSAGE, toE164 } from "./phone";
import { toSingleLine } from "./single-line";
import { upiIdSchema, upiPayeeNameSchema } from "./upi";

/**
 * The site settings screen's one input (ADR 041), shared by its form and its
 * action. Phones come back in E.164; the WhatsApp number as digits only.
 */
const line = (max: number, required: string) => z.preprocess(toSingleLine, z.string().trim().min(1, required).max(max, `At most ${max} characters.`));

const phone = z.preprocess(toSingleLine, z.string()).transform((typed, ctx) => {
  const e164 = toE164(typed);
  if (!e164) {
    ctx.addIssue({ code: "custom", message: PHONE_MESSAGE });
    return z.NEVER;
  }
  return e164;
});

const httpsUrl = z
  .preprocess(toSingleLine, z.string().trim().max(300))
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "https:" && Boolean(url.hostname);
    } catch {
      return false;
    }
  }, "Enter a full address starting with https://")
  .optional();

const rate = (name: string) =>
  z
    .number({ error: `Enter the ${name} rate as a number.` })
    .min(0, "From 0 to 30%.")
    .max(30, "From 0 to 30%.");

const PACKAGE_PLACEHOLDER = "{package}";

export const REMINDER_DAYS_MAX = 60;
const REMINDER_DAYS_MESSAGE = `Enter whole days from 1 to ${REMINDER_DAYS_MAX}, separated by commas, like 7, 1; or leave it empty for no reminders.`;

/** "7, 1" → [7, 1]: at most 4 days, each 1 to 60, the earliest reminder first, none twice; empty: no reminders; not sent: 7 and 1. */
export const reminderDaysSchema = z.preprocess(
  // Not sent at all (an older client, the API): the default, 7 and 1 (DEFAULT_REMINDER_DAYS); sent empty: none.
  (value) => (typeof value === "string" ? value : Array.isArray(value) ? value.join(",") : "7, 1"),
  z
    .string()
    .trim()
    .transform((typed, ctx) => {
      const parts = typed ? typed.split(/[\s,]+/).filter(Boolean) : [];
      const days = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : NaN));
      if (days.some((day) => !Number.isInteger(day) || day < 1 || day > REMINDER_DAYS_MAX)) {
        ctx.addIssue({ code: "custom", message: REMINDER_DAYS_MESSAGE });
        return z.NEVER;
      }
      const unique = [...new Set(days)].sort((a, b) => b - a);
      if (unique.length > 4) {
        ctx.addIssue({
          code: "custom",
          message: "At most 4 reminders before each due date.",
        });
        return z.NEVER;
      }
      return unique;
    }),
);

export const siteSettingsInputSchema = z
  .object({
    brandName: line(80, "Enter the agency's name."),
    phonePrimary: phone,
    phoneSecondary: phone.optional(),
    email: z.preprocess(toSingleLine, z.email("Enter an e-mail address like name@example.com.")),
    whatsappNumber: phone.transform((e164) => e164.slice(1)),
    whatsappMessage: line(300, "Enter the message a WhatsApp chat starts with."),
    whatsappPackageMessage: z
      .preprocess(toSingleLine, z.string().trim().min(1, "Enter the message a package's WhatsApp chat starts with.").max(300, "At most 300 characters."))
      .refine((text) => text.includes(PACKAGE_PLACEHOLDER), `Keep ${PACKAGE_PLACEHOLDER} where the package's name goes.`),
    instagramUrl: httpsUrl,
    linkedinUrl: httpsUrl,
    websiteUrl: httpsUrl,
    footerDescription: z.string().trim().max(600, "At most 600 characters.").optional(),
    notifyEmail: z.preprocess(toSingleLine, z.email("Enter an e-mail address like team@example.com.")).optional(),
    /** The rates the price notes said before the tax rules (issue 47): kept, no longer on the form, the fallback while a kind has no rule. */
    gstPercent: rate("GST").optional(),
    gstLabel: line(20, "Enter how the tax is named, e.g. GST."),
    tcsPercent: rate("TCS").optional(),
    tcsLabel: line(20, "Enter how the tax is named, e.g. TCS."),
    leadPopupEnabled: z.preprocess((value) => value === "on" || value === true, z.boolean()),
    /** How long a booking's seats are held (ADR 088). */
    bookingHoldHours: holdHoursSchema,
    /** The agency's UPI ID (VPA) and the name on its account: every amount due gets a UPI QR (issue 46, ADR 090); both or neither. */
    upiId: z.preprocess(toSingleLine, upiIdSchema).optional(),
    upiPayeeName: z.preprocess(toSingleLine, upiPayeeNameSchema).optional(),
    /** Days before each due date the balance-due e-mail goes out (issue 46): "7, 1". */
    paymentReminderDays: reminderDaysSchema,
  })
  .superRefine((input, ctx) => {
    if (input.upiId && !input.upiPayeeName)
      ctx.addIssue({
        code: "custom",
        path: ["upiPayeeName"],
        message: "Enter the name on the agency's UPI account: payers see it before they pay.",
      });
    if (input.upiPayeeName && !input.upiId)
      ctx.addIssue({
        code: "custom",
        path: ["upiId"],
        message: "Enter the agency's UPI ID, like pravas@okhdfcbank, or clear the payee name.",
      });
  });

export type SiteSettingsInput = z.infer<typeof siteSettingsInputSchema>;

/** The settings form's values as typed text (phones shown as "+91 98450 12345"). */
export type SiteSettingsFormValues = Record<
  | "brandName"
  | "phonePrimary"
  | "phoneSecondary"
  | "email"
  | "whatsappNumber"
  | "whatsappMessage"
  | "whatsappPackageMessage"
  | "instagramUrl"
  | "linkedinUrl"
  | "websiteUrl"
  | "footerDescription"
  | "notifyEmail"
  | "gstPercent"
  | "gstLabel"
  | "tcsPercent"
  | "tcsLabel"
  | "bookingHoldHours"
  | "upiId"
  | "upiPayeeName"
  | "paymentReminderDays",
  string
> & { leadPopupEnabled: boolean };
