// TEMPORARY STUB (adminui branch): replaced by the auth branch's rules at merge.
import type { Viewer } from "./guard.server";

export const canManageUsers = (viewer: Viewer) => viewer.role === "admin";
export const canViewActivity = (viewer: Viewer) => viewer.role === "admin";
export const canEditContent = (viewer: Viewer) => viewer.role === "admin" || viewer.role === "editor";
export const canManageEnquiries = (viewer: Viewer) => viewer.role === "admin" || viewer.role === "editor";
