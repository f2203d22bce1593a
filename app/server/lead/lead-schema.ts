import { z } from "zod";
import { toSingleLine } from "~/lib/single-line";

const LEAD_NAME_MAX = 100;
const LEAD_PHONE_MAX = 30;

/**
 * The popup lead (spec §5): name and phone, both required, plain text with no
 * format check. Bounds only keep a record sane.
 */
export const popupLeadSchema = z.object({
  name: z.preprocess(
    toSingleLine,
    z
      .string({ error: "Please enter your name." })
      .trim()
      .min(1, "Please enter your name.")
      .max(LEAD_NAME_MAX, `Please keep your name under ${LEAD_NAME_MAX} characters.`),
  ),
  phone: z.preprocess(
    toSingleLine,
    z
      .string({ error: "Please enter your phone number." })
      .trim()
      .min(1, "Please enter your phone number.")
      .max(LEAD_PHONE_MAX, `Please keep your phone number under ${LEAD_PHONE_MAX} characters.`),
  ),
});

export type PopupLeadInput = z.infer<typeof popupLeadSchema>;
