/**
 * tus requests to /api/uploads as the admin's uploader (tus-js-client) sends
 * them, for the tests that talk to the upload endpoint over real HTTP.
 */
export const TUS_RESUMABLE = { "Tus-Resumable": "1.0.0" } as const;

/** The Upload-Metadata header: each field as "key base64(value)", comma-separated (tus 1.0). */
export const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",");

/** POST: announces an upload of `size` bytes; a 201 carries its Location. */
export const createUpload = (base: string, size: number, fields: Record<string, string>, headers: Record<string, string>) =>
  fetch(`${base}/api/uploads`, {
    method: "POST",
    headers: { ...headers, ...TUS_RESUMABLE, "Upload-Length": String(size), "Upload-Metadata": tusMetadata(fields) },
  });

/** PATCH: sends `body` at `offset` of the upload at `location`. */
export const patchUpload = (base: string, location: string, offset: number, body: Buffer, cookie: string) =>
  fetch(`${base}${location}`, {
    method: "PATCH",
    headers: { cookie, ...TUS_RESUMABLE, "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
    body: new Uint8Array(body),
  });
