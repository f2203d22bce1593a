import { formatDateTime } from "./admin-format";

const relative = new Intl.RelativeTimeFormat("en-IN", { numeric: "auto" });

/**
 * "5 minutes ago", "yesterday": measured against `now` from the loader, so
 * the server's HTML and the hydrated page say the same thing.
 */
export function relativeTime(iso: string, now: string): string {
  const seconds = Math.round((new Date(iso).getTime() - new Date(now).getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return "just now";
  if (abs < 3600) return relative.format(Math.round(seconds / 60), "minute");
  if (abs < 86_400) return relative.format(Math.round(seconds / 3600), "hour");
  if (abs < 30 * 86_400) return relative.format(Math.round(seconds / 86_400), "day");
  if (abs < 365 * 86_400) return relative.format(Math.round(seconds / (30 * 86_400)), "month");
  return relative.format(Math.round(seconds / (365 * 86_400)), "year");
}

export { formatDateTime as exactTime };

/**
 * A visitor's phone as WhatsApp wants it (country code, digits only), read
 * as Indian when it has no country code: "98765 43210" and "098765 43210"
 * become 919876543210; "+91 98765 43210" stays; "+971 50 123 4567" stays as typed.
 */
export function whatsappNumber(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  const international = phone.trim().startsWith("+") || phone.trim().startsWith("00");
  if (international) return digits.replace(/^00/, "");
  if (digits.length === 10) return `91${digits}`;
  if (digits.length === 11 && digits.startsWith("0")) return `91${digits.slice(1)}`;
  return digits;
}

/** The WhatsApp reply the team starts from: greets the visitor and names the package when there is one. */
export function enquiryReply(firstName: string, packageTitle: string | null): string {
  const about = packageTitle ? `your enquiry about the ${packageTitle} package` : "your enquiry";
  return `Hello ${firstName}, this is Pravas. Thank you for ${about}. When would be a good time to talk?`;
}

const ENQUIRY_NOUNS = { popup: "call-back request", "package-enquiry": "enquiry", "seat-request": "seat request", contact: "contact message" } as const;

/**
 * An enquiry as people say it (issue 23): "Asha Rao's enquiry about Bali",
 * "Ravi's call-back request". Activity entries and notices use it; ids stay in URLs.
 */
export function enquiryName(enquiry: { name: string; source: keyof typeof ENQUIRY_NOUNS; packageTitle: string | null }): string {
  const owner = enquiry.name.trim() || "Someone";
  const about = enquiry.packageTitle ? ` about ${enquiry.packageTitle}` : "";
  return `${owner}${owner.endsWith("s") ? "’" : "’s"} ${ENQUIRY_NOUNS[enquiry.source]}${about}`;
}
