import { isRouteErrorResponse, Link } from "react-router";
import { AdminPage, adminUi } from "./admin-page";

function describe(error: unknown): { status: number; title: string; text: string } {
  if (isRouteErrorResponse(error)) {
    const message =
      error.data && typeof error.data === "object" && "message" in error.data && typeof error.data.message === "string" ? error.data.message : null;
    if (error.status === 403)
      return {
        status: 403,
        title: "You do not have access to this page",
        text: message ?? "Your role does not allow this page. Ask an admin if you need it.",
      };
    if (error.status === 404) return { status: 404, title: "Page not found", text: message ?? "There is no admin page at this address." };
    return { status: error.status, title: "Something went wrong", text: message ?? "Please try again." };
  }
  return { status: 500, title: "Something went wrong", text: "Something went wrong on our side. Please try again." };
}

/** The body of the admin's one error boundary: 403, 404 and failures inside the shell. */
export function AdminErrorPage({ error }: { error: unknown }) {
  const { status, title, text } = describe(error);
  return (
    <AdminPage title={title} lead={`Error ${status}`}>
      <div className={adminUi.panel}>
        <p>{text}</p>
        <Link to="/admin/dashboard" className={`${adminUi.button} ${adminUi.primary}`}>
          Go to the dashboard
        </Link>
      </div>
    </AdminPage>
  );
}
