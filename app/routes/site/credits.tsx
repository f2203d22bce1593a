import { listMediaCredits } from "~/server/media/media.server";
import type { Route } from "./+types/credits";

export const meta: Route.MetaFunction = () => [
  { title: "Photo credits | Pravas" },
  { name: "description", content: "Authors and licences of the photographs used on the Pravas website." },
];

export async function loader() {
  return { credits: await listMediaCredits() };
}

export default function Credits({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container" style={{ padding: "3rem 0" }}>
      <h1>Photo credits</h1>
      <p>
        The photographs on this site are free-licensed works. Some illustrate the kind of experience a trip
        offers rather than the exact place; their descriptions say what they show.
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">Photo</th>
            <th scope="col">Author</th>
            <th scope="col">Licence</th>
            <th scope="col">Source</th>
          </tr>
        </thead>
        <tbody>
          {loaderData.credits.map((credit) => (
            <tr key={credit.key}>
              <td>{credit.alt}</td>
              <td>{credit.author}</td>
              <td>{credit.license}</td>
              <td>{credit.source}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
