/** How the activity log names each kind of entry; unknown kinds show as stored. */
const LABELS: Record<string, string> = {
  "auth.sign-in": "Signed in",
  "auth.sign-in-failed": "Failed sign-in",
  "auth.sign-in-throttled": "Sign-in throttled",
  "auth.sign-out": "Signed out",
  "user.created": "Added a user",
  "user.invited": "Invited a user",
  "user.updated": "Updated a user",
  "user.role-changed": "Changed a role",
  "user.deactivated": "Deactivated a user",
  "user.reactivated": "Reactivated a user",
  "user.password-reset-link": "Created a password reset link",
  "user.password-set": "Set a password with a link",
  "user.password-changed": "Changed own password",
  "user.sessions-revoked": "Ended a user's sessions",
  "user.deleted": "Deleted a user",
  "package.created": "Created a package",
  "package.updated": "Updated a package",
  "package.published": "Published a package",
  "package.unpublished": "Unpublished a package",
  "package.deleted": "Deleted a package",
  "blog.created": "Created a blog",
  "blog.updated": "Updated a blog",
  "blog.published": "Published a blog",
  "blog.unpublished": "Unpublished a blog",
  "blog.deleted": "Deleted a blog",
  "media.uploaded": "Uploaded media",
  "media.deleted": "Deleted media",
  "enquiry.updated": "Updated an enquiry",
};

export function activityLabel(kind: string): string {
  return LABELS[kind] ?? kind;
}
