import { GalleryStrip } from "~/components/site/gallery/gallery-strip";
import { PageHeader } from "~/components/site/page-header";
import { largestUrl } from "~/lib/media";
import { breadcrumbJsonLd, seoMeta, siteUrlFrom } from "~/lib/seo";
import { toGalleryRows } from "~/server/package/package-gallery.server";
import { listPackages } from "~/server/package/package-queries.server";
import styles from "./gallery.module.css";
import type { Route } from "./+types/gallery";

const TITLE = "Gallery: Photos from Our Tour Packages | Pravas";
const DESCRIPTION =
  "Photos from our tours to Bali, Dubai, Sri Lanka, Vietnam, the Golden Triangle, Hampi and the Nilgiris: see what each trip looks like before you go.";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const siteUrl = siteUrlFrom(matches);
  const first = loaderData?.rows[0]?.images[0];
  return [
    ...seoMeta({ title: TITLE, description: DESCRIPTION, path: "/gallery", siteUrl, image: loaderData?.ogImage, imageAlt: first?.alt }),
    breadcrumbJsonLd(siteUrl, [
      { name: "Home", path: "/" },
      { name: "Gallery", path: "/gallery" },
    ]),
  ];
};

export async function loader() {
  const rows = await toGalleryRows(await listPackages());
  const first = rows[0]?.images[0];
  return { rows, ogImage: first ? largestUrl(first) : null };
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  return (
    <div className={styles.page}>
      <PageHeader title="Our Tour Packages" intro="A look at the places each of our tours takes you, package by package.">
        <label className={styles.pause}>
          <input type="checkbox" className={styles.pauseInput} />
          <span>Pause the moving photos</span>
        </label>
      </PageHeader>
      <div className="container">
        {loaderData.rows.map((row, index) => (
          <GalleryStrip key={row.id} row={row} reverse={index % 2 === 1} priority={index === 0} />
        ))}
      </div>
    </div>
  );
}
