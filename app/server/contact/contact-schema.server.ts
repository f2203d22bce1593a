import { z } from "zod";
import { toSingleLine } from "~/lib/single-line";

const required = (message: string, max: number, { multiLine = false } = {}) =>
  z.preprocess(
    (value) => (value === undefined || value === null ? "" : multiLine ? value : toSingleLine(value)),
    z.string({ error: message }).trim().min(1, message).max(max, `Please keep this under ${max} characters.`),
  );

/**
 * The contact form (spec §2, §5): all five fields required. One schema for the
 * /contact page's action and POST /api/contact.
 */
export const contactSchema = z.object({
  firstName: required("Please enter your first name.", 80),
  lastName: required("Please enter your last name.", 80),
  email: required("Please enter your e-mail address.", 254).pipe(z.email("Please enter a valid e-mail address.")),
  phone: required("Please enter your phone number.", 25).pipe(
    z
      .string()
      .regex(/^\+?[\d\s\-().]+$/, "Please enter a valid phone number.")
      .refine((phone) => {
        const digits = phone.replace(/\D/g, "").length;
        return digits >= 7 && digits <= 15;
      }, "Please enter a valid phone number."),
  ),
  message: required("Please enter your message.", 5000, { multiLine: true }),
});

export type ContactInput = z.infer<typeof contactSchema>;
