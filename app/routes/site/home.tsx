import { Link } from "react-router";
import { FaqList } from "~/components/site/faq-list";
import { DestinationsCarousel } from "~/components/site/home/destinations-carousel";
import styles from "~/components/site/home/home-page.module.css";
import { Hero } from "~/components/site/home/hero";
import { IntroReveal } from "~/components/site/home/intro-reveal";
import { ProcessSteps } from "~/components/site/home/process-steps";
import { SectionHeading } from "~/components/site/home/section-heading";
import { TravelerReviews } from "~/components/site/home/traveler-reviews";
import { WhyChooseUs } from "~/components/site/home/why-choose-us";
import { introReveal } from "~/lib/intro-highlights";
import { largestUrl } from "~/lib/media";
import { absoluteUrl, jsonLd, seoMeta, siteUrlFrom } from "~/lib/seo";
import { listFaqs, listHomeCards, listTestimonials } from "~/server/home/home-queries.server";
import { getHeroContent } from "~/server/home/home-content.server";
import { getMediaByKeys } from "~/server/media/media.server";
import { toPackageCards } from "~/server/package/package-card.server";
import { listTopDestinations } from "~/server/package/package-queries.server";
import type { Route } from "./+types/home";
import type { loader as layoutLoader } from "./layout";

const DESCRIPTION =
  "Curated group tours and tailor-made holidays to Bali, Dubai, Sri Lanka, Vietnam and across India, with clear rupee prices. Plan your journey with Pravas.";

export async function loader() {
  const [destinations, whyChooseUs, processSteps, testimonials, faqs, heroContent] = await Promise.all([
    listTopDestinations().then(toPackageCards),
    listHomeCards("why-choose-us"),
    listHomeCards("process"),
    listTestimonials(),
    listFaqs("home"),
    // Spec §1's words and photo at first start; the team edits them (ADR 041, 044).
    getHeroContent(),
  ]);
  const media = await getMediaByKeys([heroContent.image], { portrait: true });
  const { headline, subheadline, intro } = heroContent;
  return {
    destinations,
    whyChooseUs,
    processSteps,
    testimonials,
    faqs,
    hero: media[heroContent.image] ?? null,
    heroText: { headline, subheadline },
    intro: intro ? introReveal(intro) : null,
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const siteUrl = siteUrlFrom(matches);
  const layout = matches.find((match) => match?.id === "routes/site/layout")?.data as Awaited<ReturnType<typeof layoutLoader>> | undefined;
  const settings = layout?.settings;
  const image = data?.hero ? largestUrl(data.hero) : null;
  const tags = seoMeta({
    title: "Pravas: curated tour packages in India and abroad",
    description: DESCRIPTION,
    path: "/",
    siteUrl,
    image,
    imageAlt: data?.hero?.alt,
  });
  if (!settings) return tags;
  return [
    ...tags,
    jsonLd({
      "@context": "https://schema.org",
      "@type": "TravelAgency",
      name: settings.brandName,
      url: absoluteUrl(siteUrl, "/"),
      logo: absoluteUrl(siteUrl, "/favicon.svg"),
      ...(image ? { image: absoluteUrl(siteUrl, image) } : {}),
      description: settings.footerDescription,
      telephone: settings.phonePrimary,
      email: settings.email,
      address: { "@type": "PostalAddress", streetAddress: settings.address, addressCountry: "IN" },
      currenciesAccepted: "INR",
      sameAs: [settings.instagramUrl, settings.linkedinUrl].filter(Boolean),
    }),
  ];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { destinations, whyChooseUs, processSteps, testimonials, faqs, hero, heroText, intro } = loaderData;
  return (
    <>
      <Hero headline={heroText.headline} subheadline={heroText.subheadline} image={hero} nextId="intro" />
      {intro ? <IntroReveal id="intro" intro={intro} /> : <span id="intro" />}

      <section className={`${styles.section} ${styles.sand}`} aria-labelledby="destinations-title">
        <div className="container">
          <DestinationsCarousel
            cards={destinations}
            labelledBy="destinations-title"
            heading={
              <SectionHeading
                id="destinations-title"
                eyebrow="Handpicked journeys"
                title="Top Destinations"
                lede="Seven trips our travellers love, across India and abroad."
              />
            }
            actions={
              <Link to="/packages" className={`btn btn-outline ${styles.viewAll}`}>
                View all packages
              </Link>
            }
          />
        </div>
      </section>

      <section className={styles.section} aria-labelledby="why-title">
        <div className="container">
          <SectionHeading id="why-title" eyebrow="Why Pravas" title="Why Choose Us" align="center" />
          <WhyChooseUs cards={whyChooseUs} />
        </div>
      </section>

      <section className={`${styles.section} ${styles.forest}`} aria-labelledby="process-title">
        <div className="container">
          <SectionHeading id="process-title" eyebrow="How it works" title="Your trip in four easy steps" tone="dark" align="center" />
          <ProcessSteps steps={processSteps} />
        </div>
      </section>

      <section className={`${styles.section} ${styles.sand}`} aria-labelledby="reviews-title">
        <div className="container">
          <SectionHeading id="reviews-title" eyebrow="Testimonials" title="Traveler Reviews" align="center" />
          <TravelerReviews reviews={testimonials} />
        </div>
      </section>

      <section className={styles.section} aria-labelledby="faq-title">
        <div className={`container ${styles.faq}`}>
          <div className={styles.faqAside}>
            <SectionHeading id="faq-title" eyebrow="Good to know" title="Frequently Asked Questions" />
            <p className={styles.faqText}>Still have a question? Our travel experts are happy to help.</p>
            <Link to="/contact" className="btn btn-primary">
              Contact Us
            </Link>
          </div>
          <FaqList items={faqs} />
        </div>
      </section>
    </>
  );
}
