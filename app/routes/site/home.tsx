import { listTopDestinations } from "~/server/package/package-queries.server";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "Pravas: curated tour packages in India and abroad" },
  { name: "description", content: "Curated international and domestic tour packages, priced in rupees." },
];

export async function loader() {
  return { destinations: await listTopDestinations() };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container">
      <h1>Best Place to find Your Inner Peace</h1>
      <p>Feeling relaxed? Connect with us to plan your journey and explore the world!</p>
      <ul>
        {loaderData.destinations.map((pkg) => (
          <li key={pkg.id}>
            <a href={`/packages/${pkg.slug}`}>{pkg.title}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
