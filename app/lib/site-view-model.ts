// Agency-wide settings as components read them (the site_settings row's fields).
export type SiteSettingsView = {
  brandName: string;
  tagline: string;
  footerDescription: string;
  phonePrimary: string;
  phoneSecondary: string | null;
  email: string;
  whatsappNumber: string;
  whatsappMessage: string;
  instagramUrl: string | null;
  linkedinUrl: string | null;
  websiteUrl: string | null;
  address: string;
};
