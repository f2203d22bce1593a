import { data, redirect } from "react-router";
import { ContactCard } from "~/components/site/contact/contact-card";
import { ContactForm, type ContactFormStatus } from "~/components/site/contact/contact-form";
import { FaqList } from "~/components/site/faq-list";
import { PageHeader } from "~/components/site/page-header";
import { contactValuesFrom, type ContactField, type ContactValues } from "~/lib/contact-form";
import { breadcrumbJsonLd, seoMeta, siteUrlFrom } from "~/lib/seo";
import { submitContactMessage } from "~/server/contact/contact-messages.server";
import { readBody } from "~/server/forms/form-input.server";
import { checkPageFormPost } from "~/server/forms/form-post.server";
import { getLogger } from "~/server/logger.server";
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

export async function loader({ request }: Route.LoaderArgs) {
  const [settings, faqs] = await Promise.all([getSiteSettings(), listFaqs("contact")]);
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  return { settings, faqs, sent };
}

type ActionResult = { status: ContactFormStatus; values: ContactValues; fields: Partial<Record<ContactField, string>> };

/**
 * The no-JavaScript path: a plain form POST. Success redirects back (POST →
 * redirect → GET) with the message; a problem re-renders the form with what
 * was typed. With JavaScript the form posts to /api/contact instead.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { allowed } = await checkPageFormPost(request, context.clientIp);
  const body = await readBody(request);
  const values = contactValuesFrom(body);
  if (!allowed) return data<ActionResult>({ status: "error", values, fields: {} }, { status: 429 });
  try {
    const result = await submitContactMessage(body ?? {});
    if (!result.ok) {
      return data<ActionResult>({ status: "invalid", values, fields: result.fields }, { status: 400 });
    }
  } catch (error) {
    getLogger().error({ err: error }, "contact message could not be stored");
    return data<ActionResult>({ status: "error", values, fields: {} }, { status: 503 });
  }
  throw redirect("/contact?sent=1#contact-form", 303);
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, faqs, sent } = loaderData;
  return (
    <>
      <PageHeader title="Contact Us" intro="Planning a holiday, a group tour or just have a question? Write to us, call or message us on WhatsApp." />
      <div className={`container ${styles.layout}`}>
        <ContactForm
          key={actionData ? "posted" : sent ? "sent" : "idle"}
          initialValues={actionData?.values}
          initialErrors={actionData?.fields}
          initialStatus={actionData?.status ?? (sent ? "success" : "idle")}
        />
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
