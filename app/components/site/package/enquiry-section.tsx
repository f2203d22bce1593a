import { CallButton } from "~/components/site/call-button";
import { PhoneIcon, WhatsappIcon } from "~/components/site/layout/icons";
import type { PageFormResult } from "~/lib/page-form";
import { EnquiryForm } from "./enquiry-form";
import styles from "./enquiry-section.module.css";

type EnquirySectionProps = {
  packageTitle: string;
  months: string[];
  phone: string;
  /** The WhatsApp chat link, its message naming the package (made by the loader). */
  whatsappUrl: string;
  initial?: PageFormResult;
};

/**
 * The enquiry form in the page: where Enquire Now leads without JavaScript,
 * and a second chance to ask for everyone who read the whole page.
 */
export function EnquirySection({ packageTitle, months, phone, whatsappUrl, initial }: EnquirySectionProps) {
  return (
    <section id="enquire" className={styles.section} aria-labelledby="enquire-heading">
      <div className={`container ${styles.inner}`}>
        <div className={styles.intro}>
          <h2 id="enquire-heading" className={styles.heading}>
            Enquire about {packageTitle}
          </h2>
          <p>Send us your details and a travel expert will call you back with available dates, room options and the final price for your group.</p>
          <div className={styles.contact}>
            <CallButton phone={phone} className="btn btn-outline">
              <PhoneIcon className={styles.icon} />
              Call {phone}
            </CallButton>
            <a className="btn btn-whatsapp" href={whatsappUrl} target="_blank" rel="noopener noreferrer">
              <WhatsappIcon className={styles.icon} />
              WhatsApp us
            </a>
          </div>
        </div>
        <div className={styles.card}>
          <EnquiryForm packageTitle={packageTitle} months={months} idPrefix="page-" initial={initial} />
        </div>
      </div>
    </section>
  );
}
