/** The navbar's links (spec §2 "Layout"); the footer's Navigation list repeats them. */
export const MAIN_NAV = [
  { to: "/", label: "Home" },
  { to: "/packages", label: "Packages" },
  { to: "/gallery", label: "Gallery" },
  { to: "/blogs", label: "Blogs" },
  { to: "/contact", label: "Contact Us" },
] as const;

/** The footer's Legal list. */
export const LEGAL_NAV = [
  { to: "/legal/privacy-policy", label: "Privacy Policy" },
  { to: "/legal/terms-conditions", label: "Terms & Conditions" },
  { to: "/legal/refund-policy", label: "Refund Policy" },
  { to: "/legal/disclaimer", label: "Disclaimer" },
] as const;
