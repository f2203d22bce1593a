// TEMPORARY STUB (adminui branch): replaced by the auth branch's guard at merge.
import { data, redirect } from "react-router";

export type Role = "admin" | "editor";
export type Viewer = { id: string; email: string; name: string; role: Role };

export async function getViewer(request: Request): Promise<Viewer | null> {
  const role = new URL(request.url).searchParams.get("as") === "editor" ? "editor" : "admin";
  return { id: "stub", email: "admin@pravas.travel", name: "Asha Admin", role };
}

export async function requireUser(request: Request, options: { role?: Role } = {}): Promise<Viewer> {
  const viewer = await getViewer(request);
  if (!viewer) {
    const url = new URL(request.url);
    throw redirect(`/admin?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (options.role === "admin" && viewer.role !== "admin") {
    throw data({ message: "You do not have access to this page." }, { status: 403 });
  }
  return viewer;
}
