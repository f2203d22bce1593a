import type { ShouldRevalidateFunctionArgs } from "react-router";
import { PageHeader } from "~/components/site/page-header";
import { LostLinkForm } from "~/components/site/trip/lost-link-form";
import { postPageForm } from "~/lib/page-form";
import { answerPageFormPost } from "~/server/forms/page-form-post.server";
import { LOST_LINK_SENT } from "~/lib/trip-page";
import { lostLinkSchema, requestLostLink } from "~/server/trip/trip-links.server";
import type { Route } from "./+types/trip-lost-link";

/**
 * "Lost your link?" (issue 48, ADR 108): the booking reference and the phone
 * or e-mail on it. The public forms' budget and honeypot (ADR 068), and the
 * same answer whether or not they match a booking.
 */
export const meta: Route.MetaFunction = () => [
  { title: "Your trip page | Pravas" },
  { name: "description", content: "Lost the link to your trip page? Ask for a new one with your booking reference." },
  { name: "robots", content: "noindex" },
];

const SENT = { sent: LOST_LINK_SENT, redirectTo: "/trip?sent=1" };

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.get("sent") === "1" };
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerPageFormPost(request, context, {
    what: "trip link request",
    schema: lostLinkSchema,
    honeypot: SENT,
    store: async (input) => {
      await requestLostLink(input, context.clock.now());
      return SENT;
    },
  });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => postPageForm(serverAction);

export const shouldRevalidate = ({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  formMethod === "POST" ? false : defaultShouldRevalidate;

export default function TripLostLink({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Your trip page" intro="Lost the link we e-mailed you? Ask for a new one: we send it to the e-mail address on your booking." />
      <div className="container">
        <LostLinkForm initial={actionData ?? (loaderData.sent ? { sent: LOST_LINK_SENT } : undefined)} />
      </div>
    </>
  );
}
