import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { createS3Client, type S3Settings } from "../../app/server/media/s3-storage.server";

/**
 * A real S3-compatible server on localhost for tests (s3rver, files in a
 * temporary directory, a free port), with one bucket. s3rver 3.7 does
 * multipart uploads (create, upload part, complete: what lib-storage needs)
 * but not ListParts, AbortMultipartUpload or ListMultipartUploads, which
 * @tus/s3-store calls on every chunk: those three are answered here from
 * s3rver's own files, as S3 documents them (ADR 053).
 */
export async function startS3rver(bucket = "pravas-media", port = 0) {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "pravas-s3rver-"));
  const server = new S3rver({ port, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket }] });
  server.middleware.unshift(multipartShim(directory));
  const address = await server.run();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${address.port}`,
    region: "us-east-1",
    bucket,
    // s3rver's fixed test credentials.
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  };
  return {
    settings,
    client: createS3Client(settings),
    directory,
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

const xmlText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function multipartShim(directory: string) {
  const uploadsDir = (bucket: string) => path.join(directory, bucket, "._S3rver_uploads");
  return async (
    ctx: { method: string; path: string; query: Record<string, string>; status: number; body: unknown; type: string },
    next: () => Promise<void>,
  ) => {
    const [, bucket = "", ...rest] = ctx.path.split("/");
    const key = decodeURIComponent(rest.join("/"));
    const uploadId = ctx.query.uploadId;
    const answer = (status: number, xml = "") => {
      ctx.status = status;
      ctx.type = "application/xml";
      ctx.body = xml ? `<?xml version="1.0" encoding="UTF-8"?>${xml}` : "";
    };
    const noSuchUpload = () => answer(404, "<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>");

    if (ctx.method === "GET" && key && uploadId && !("partNumber" in ctx.query)) {
      const dir = path.join(uploadsDir(bucket), uploadId);
      const names = await fs.readdir(dir).catch(() => null);
      if (!names) return noSuchUpload();
      const parts = [];
      for (const name of names.filter((entry) => /^\d+$/.test(entry)).sort((a, b) => Number(a) - Number(b))) {
        const [stat, md5] = await Promise.all([fs.stat(path.join(dir, name)), fs.readFile(path.join(dir, `${name}.md5`), "utf8")]);
        parts.push(`<Part><PartNumber>${name}</PartNumber><ETag>"${md5}"</ETag><Size>${stat.size}</Size></Part>`);
      }
      return answer(
        200,
        `<ListPartsResult><Bucket>${xmlText(bucket)}</Bucket><Key>${xmlText(key)}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join("")}</ListPartsResult>`,
      );
    }
    if (ctx.method === "DELETE" && key && uploadId) {
      const dir = path.join(uploadsDir(bucket), uploadId);
      if (!(await fs.stat(dir).catch(() => null))) return noSuchUpload();
      await fs.rm(dir, { recursive: true, force: true });
      return answer(204);
    }
    if (ctx.method === "GET" && !key && bucket && "uploads" in ctx.query) {
      const prefix = ctx.query.prefix ?? "";
      const uploads = [];
      for (const id of await fs.readdir(uploadsDir(bucket)).catch(() => [] as string[])) {
        const dir = path.join(uploadsDir(bucket), id);
        const uploadKey = await fs.readFile(path.join(dir, "key"), "utf8").catch(() => null);
        if (uploadKey === null || !uploadKey.startsWith(prefix)) continue;
        const { birthtime } = await fs.stat(dir);
        uploads.push(`<Upload><Key>${xmlText(uploadKey)}</Key><UploadId>${id}</UploadId><Initiated>${birthtime.toISOString()}</Initiated></Upload>`);
      }
      return answer(
        200,
        `<ListMultipartUploadsResult><Bucket>${xmlText(bucket)}</Bucket><IsTruncated>false</IsTruncated>${uploads.join("")}</ListMultipartUploadsResult>`,
      );
    }
    await next();
  };
}
