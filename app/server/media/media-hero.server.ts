import type { Db } from "~/server/db/db.server";

/**
 * The media key of the home page's hero image, or null. The hero image field
 * arrives with issue 21 §2 (the home content screen); until then the hero
 * uses no library image.
 */
export async function heroImageKey(_db: Db): Promise<string | null> {
  return null;
}
