import type { ReactNode } from "react";
import { telHref, whatsappHref } from "~/lib/contact-links";
import styles from "./contact-card.module.css";

type ContactCardSettings = {
  email: string;
  phonePrimary: string;
  phoneSecondary: string | null;
  websiteUrl: string | null;
  whatsappNumber: string;
  whatsappMessage: string;
  instagramUrl: string | null;
  linkedinUrl: string | null;
  address: string;
};

const ICONS: Record<string, ReactNode> = {
  email: <path d="M3 6h18v12H3zM3 7l9 6 9-6" />,
  phone: <path d="M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2" />,
  website: <path d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18M3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9" />,
  whatsapp: <path d="M4 20l1.3-4A8.5 8.5 0 1 1 8.4 19zM9 8.5c0 3.5 3 6.5 6.5 6.5l1-1.6-2-1-1 .8a5 5 0 0 1-2.7-2.7l.8-1-1-2z" />,
  instagram: <path d="M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8M17.5 6.5v.01" />,
  linkedin: <path d="M4 4h16v16H4zM8 10v6M8 7.5v.01M11.5 16v-6M11.5 12.5c0-1.5 1-2.5 2.3-2.5 1.3 0 2.2.9 2.2 2.5V16" />,
  address: <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21zM12 7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5" />,
};

function Item({ icon, label, children }: { icon: string; label: string; children: ReactNode }) {
  return (
    <li className={styles.item}>
      <span className={styles.icon}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          {ICONS[icon]}
        </svg>
      </span>
      <div className={styles.text}>
        <span className={styles.label}>{label}</span>
        {children}
      </div>
    </li>
  );
}

function External({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** Readable text for a profile URL: "instagram.com/pravas.travel" → "@pravas.travel". */
function handleOf(url: string): string {
  try {
    const parts = new URL(url).pathname.split("/").filter(Boolean);
    return parts.length ? `@${parts[parts.length - 1]}` : new URL(url).hostname;
  } catch {
    return url;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}

/** Spec §2 contact card: e-mail, phone, website, WhatsApp, Instagram and LinkedIn links. */
export function ContactCard({ settings }: { settings: ContactCardSettings }) {
  return (
    <section className={styles.card} aria-labelledby="contact-card-title">
      <h2 id="contact-card-title" className={styles.title}>
        Contact details
      </h2>
      <p className={styles.intro}>Call, write or message us: our Pune team answers Monday to Saturday, 10 am to 6 pm IST.</p>
      <ul className={styles.list}>
        <Item icon="email" label="E-mail">
          <a href={`mailto:${settings.email}`}>{settings.email}</a>
        </Item>
        <Item icon="phone" label="Phone">
          <a href={telHref(settings.phonePrimary)}>{settings.phonePrimary}</a>
          {settings.phoneSecondary ? <a href={telHref(settings.phoneSecondary)}>{settings.phoneSecondary}</a> : null}
        </Item>
        {settings.websiteUrl ? (
          <Item icon="website" label="Website">
            <External href={settings.websiteUrl}>{hostOf(settings.websiteUrl)}</External>
          </Item>
        ) : null}
        <Item icon="whatsapp" label="WhatsApp">
          <External href={whatsappHref(settings.whatsappNumber, settings.whatsappMessage)}>Chat with us on WhatsApp</External>
        </Item>
        {settings.instagramUrl ? (
          <Item icon="instagram" label="Instagram">
            <External href={settings.instagramUrl}>{handleOf(settings.instagramUrl)}</External>
          </Item>
        ) : null}
        {settings.linkedinUrl ? (
          <Item icon="linkedin" label="LinkedIn">
            <External href={settings.linkedinUrl}>{handleOf(settings.linkedinUrl)}</External>
          </Item>
        ) : null}
        {settings.address ? (
          <Item icon="address" label="Office">
            <address className={styles.address}>{settings.address}</address>
          </Item>
        ) : null}
      </ul>
    </section>
  );
}
