import { Link, useLocation } from "react-router";
import { telHref, whatsappHref } from "~/lib/contact-links";
import type { SiteSettingsView } from "~/lib/site-view-model";
import { InstagramIcon, LinkedinIcon, MailIcon, MapPinIcon, PhoneIcon, WhatsappIcon } from "./icons";
import { LEGAL_NAV, MAIN_NAV } from "./nav-links";
import { BrandMark } from "./site-header";
import styles from "./site-footer.module.css";

type FooterSettings = Pick<
  SiteSettingsView,
  | "brandName"
  | "footerDescription"
  | "email"
  | "phonePrimary"
  | "phoneSecondary"
  | "whatsappNumber"
  | "whatsappMessage"
  | "instagramUrl"
  | "linkedinUrl"
  | "address"
>;

/**
 * Footer: description, e-mail and phone links, WhatsApp and Instagram, the
 * Navigation and Legal lists, © 2025. Its links land at the top of the page
 * they open, smoothly (global.css), even when it is the page already shown.
 */
export function SiteFooter({ settings }: { settings: FooterSettings }) {
  const phones = [settings.phonePrimary, settings.phoneSecondary].filter((phone): phone is string => !!phone);
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <section className={styles.about} aria-label={`About ${settings.brandName}`}>
          <p className={styles.brand}>
            <BrandMark />
            {settings.brandName}
          </p>
          <p className={styles.description}>{settings.footerDescription}</p>
          <ul className={styles.social}>
            <li>
              <a href={whatsappHref(settings.whatsappNumber, settings.whatsappMessage)} rel="noopener" target="_blank">
                <WhatsappIcon />
                <span className="visually-hidden">WhatsApp (opens in a new tab)</span>
              </a>
            </li>
            {settings.instagramUrl ? (
              <li>
                <a href={settings.instagramUrl} rel="noopener" target="_blank">
                  <InstagramIcon />
                  <span className="visually-hidden">Instagram (opens in a new tab)</span>
                </a>
              </li>
            ) : null}
            {settings.linkedinUrl ? (
              <li>
                <a href={settings.linkedinUrl} rel="noopener" target="_blank">
                  <LinkedinIcon />
                  <span className="visually-hidden">LinkedIn (opens in a new tab)</span>
                </a>
              </li>
            ) : null}
          </ul>
        </section>
        <nav aria-labelledby="footer-nav-title">
          <h2 id="footer-nav-title" className={styles.heading}>
            Navigation
          </h2>
          <LinkList links={MAIN_NAV} />
        </nav>
        <nav aria-labelledby="footer-legal-title">
          <h2 id="footer-legal-title" className={styles.heading}>
            Legal
          </h2>
          <LinkList links={LEGAL_NAV} />
        </nav>
        <section aria-labelledby="footer-contact-title">
          <h2 id="footer-contact-title" className={styles.heading}>
            Get in touch
          </h2>
          <ul className={styles.contact}>
            <li>
              <MailIcon />
              <a href={`mailto:${settings.email}`}>{settings.email}</a>
            </li>
            {phones.map((phone) => (
              <li key={phone}>
                <PhoneIcon />
                <a href={telHref(phone)}>{phone}</a>
              </li>
            ))}
            {settings.address ? (
              <li>
                <MapPinIcon />
                <span>{settings.address}</span>
              </li>
            ) : null}
          </ul>
        </section>
      </div>
      <div className={`container ${styles.bottom}`}>
        <p>© 2025 {settings.brandName}. All rights reserved.</p>
        <p>
          <FooterLink to="/credits">Photo credits</FooterLink>
        </p>
      </div>
    </footer>
  );
}

function LinkList({ links }: { links: readonly { to: string; label: string }[] }) {
  return (
    <ul className={styles.links}>
      {links.map((link) => (
        <li key={link.to}>
          <FooterLink to={link.to}>{link.label}</FooterLink>
        </li>
      ))}
    </ul>
  );
}

/** A link to the page already shown scrolls back to its top instead of doing nothing visible. */
function FooterLink({ to, children }: { to: string; children: React.ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Link
      to={to}
      onClick={() => {
        if (to === pathname) window.scrollTo({ top: 0 });
      }}
    >
      {children}
    </Link>
  );
}
