import { PageHeader } from "~/components/site/page-header";
import { breadcrumbJsonLd, seoMeta, siteUrlFrom } from "~/lib/seo";
import { listMediaCredits } from "~/server/media/media.server";
import styles from "./credits.module.css";
import type { Route } from "./+types/credits";

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteUrl = siteUrlFrom(matches);
  return [
    ...seoMeta({
      title: "Photo credits | Pravas",
      description: "Authors and licences of the photographs used on the Pravas website.",
      path: "/credits",
      siteUrl,
    }),
    breadcrumbJsonLd(siteUrl, [
      { name: "Home", path: "/" },
      { name: "Photo credits", path: "/credits" },
    ]),
  ];
};

export async function loader() {
  return { credits: await listMediaCredits() };
}

// Web addresses in a source note; file names on Wikimedia Commons contain commas.
const URL_PATTERN = /((?:https?:\/\/)?(?:[a-z0-9-]+\.)+[a-z]{2,}\/[^\s;]+?)(?=[),.]?(?:\s|;|$))/gi;

/** Source text like "Debian package x; original: commons.wikimedia.org/wiki/File:…" with its web address linked. */
function SourceText({ source }: { source: string | null }) {
  if (!source) return <>Not recorded</>;
  return (
    <>
      {source.split(URL_PATTERN).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={/^https?:/i.test(part) ? part : `https://${part}`} rel="noopener noreferrer">
            {part.replace(/^https?:\/\/(www\.)?/i, "")}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

export default function Credits({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Photo credits"
        intro="The photographs on this site are free-licensed works. Some illustrate the kind of experience a trip offers rather than the exact place; their descriptions say what they show."
      />
      <section className={`container ${styles.section}`} aria-label="Photographs and their licences">
        <ul className={styles.list}>
          {loaderData.credits.map((credit) => (
            <li key={credit.key} className={styles.item}>
              <p className={styles.photo}>{credit.alt || credit.originalName}</p>
              <dl className={styles.facts}>
                <div>
                  <dt>Author</dt>
                  <dd>{credit.author ?? "Unknown"}</dd>
                </div>
                <div>
                  <dt>Licence</dt>
                  <dd>{credit.license ?? "Not recorded"}</dd>
                </div>
                <div>
                  <dt>Source</dt>
                  <dd>
                    <SourceText source={credit.source} />
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
