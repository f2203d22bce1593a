/** tel: link for a phone number as written ("+91 98765 43210" -> "tel:+919876543210"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** WhatsApp chat link with a pre-filled message (spec §7.3). */
export function whatsappHref(number: string, message: string): string {
  return `https://wa.me/${number.replace(/\D/g, "")}?text=${encodeURIComponent(message)}`;
}

/** The message of the WhatsApp button on a package page: the settings' template with `{package}` as its title. */
export function packageWhatsappMessage(template: string, title: string): string {
  return template.replaceAll("{package}", title);
}

/** Call buttons open the dialler on these devices and copy the number elsewhere (spec §8). */
export const DIALLER_DEVICES = /iPhone|iPad|iPod|Android/i;

export function isDiallerDevice(userAgent: string): boolean {
  return DIALLER_DEVICES.test(userAgent);
}

export function phoneCopiedMessage(phone: string): string {
  return `Phone number ${phone} copied to clipboard!`;
}
