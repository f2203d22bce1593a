import { describe, expect, it } from "vitest";
import { isDiallerDevice, packageWhatsappMessage, phoneCopiedMessage, telHref, whatsappHref } from "./contact-links";

describe("contact links", () => {
  it("builds tel: and WhatsApp links", () => {
    expect(telHref("+91 98765 43210")).toBe("tel:+919876543210");
    expect(whatsappHref("+91 98765-43210", "Hi there & hello")).toBe("https://wa.me/919876543210?text=Hi%20there%20%26%20hello");
  });

  it("words the package message and the copy notice as the spec does", () => {
    expect(packageWhatsappMessage("Hi Pravas, I'm interested in the {package} package.", "Dubai Tour")).toContain("interested in the Dubai Tour package");
    expect(phoneCopiedMessage("+91 98765 43210")).toBe("Phone number +91 98765 43210 copied to clipboard!");
  });

  it("treats iPhone, iPad, iPod and Android as dialler devices", () => {
    expect(isDiallerDevice("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)")).toBe(true);
    expect(isDiallerDevice("Mozilla/5.0 (Linux; Android 14; Pixel 8)")).toBe(true);
    expect(isDiallerDevice("Mozilla/5.0 (X11; Linux x86_64) Chrome/120")).toBe(false);
  });
});
