import type { ShouldRevalidateFunctionArgs } from "react-router";
import { ContactCard } from "~/components/site/contact/contact-card";
import { ContactForm } from "~/components/site/contact/contact-form";
import { FaqList } from "~/components/site/faq-list";
import { PageHeader } from "~/components/site/page-header";
import { CONTACT_FAILED, CONTACT_SENT } from "~/lib/contact-form";
import { postPageForm } from "~/lib/page-form";
import { breadcrumbJsonLd, seoMeta, siteUrlFrom } from "~/lib/seo";
import { storeContactMessage } from "~/server/contact/contact-messages.server";
import { contactSchema } from "~/server/contact/contact-schema.server";
import { answerPageFormPost } from "~/server/forms/page-form-post.server";
import { listFaqs } from "~/server/home/home-queries.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import styles from "./contact.module.css";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteUrl = siteUrlFrom(matches);
  return [
    ...seoMeta({
      title: "Contact Us | Pravas",
      description: "Plan your next trip with Pravas: send us a message, call or WhatsApp our Pune team, and read answers to common questions about our tours.",
      path: "/contact",
      siteUrl,
    }),
    breadcrumbJsonLd(siteUrl, [
      { name: "Home", path: "/" },
      { name: "Contact Us", path: "/contact" },
    ]),
  ];
};

const SENT = { sent: CONTACT_SENT, redirectTo: "/contact?sent=1#contact-form" };

export async function loader({ request }: Route.LoaderArgs) {
  const [settings, faqs] = await Promise.all([getSiteSettings(), listFaqs("contact")]);
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  return { settings, faqs, sent };
}

/**
 * The contact form's one action (ADR 068): the page's fetcher posts here, and
 * so does the form without JavaScript, which is redirected back with the
 * message (POST → redirect → GET). A problem comes back with what was typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return answerPageFormPost(request, context, {
    what: "contact message",
    schema: contactSchema,
    honeypot: SENT,
    failed: CONTACT_FAILED,
    store: async (message, requestId) => {
      await storeContactMessage(message, requestId);
      return SENT;
    },
  });
}

/** Only the fetcher post's answer: the network failing keeps the form on screen. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return postPageForm(serverAction);
}

// A sent message changes nothing on the page.
export const shouldRevalidate = ({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  formMethod === "POST" ? false : defaultShouldRevalidate;

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, faqs, sent } = loaderData;
  return (
    <>
      <PageHeader title="Contact Us" intro="Planning a holiday, a group tour or just have a question? Write to us, call or message us on WhatsApp." />
      <div className={`container ${styles.layout}`}>
        <ContactForm initial={actionData ?? (sent ? { sent: CONTACT_SENT } : undefined)} />
        <ContactCard settings={settings} />
      </div>
      {faqs.length > 0 ? (
        <section className={styles.faq} aria-labelledby="faq-title">
          <div className="container">
            <h2 id="faq-title" className={styles.faqTitle}>
              Frequently Asked Questions
            </h2>
            <FaqList items={faqs} />
          </div>
        </section>
      ) : null}
    </>
  );
}
