/**
 * PLACEHOLDER until the uploads branch lands app/server/media/media-cleanup.server.ts:
 * same signature as its `deleteMediaIfUnused(keys)`. At merge, import that one
 * instead and delete this file.
 */
export async function deleteMediaIfUnused(keys: string[]): Promise<void> {
  void keys;
}
