import type { MediaKind, MediaVariant } from "./media";

/**
 * What an upload is for: a media library image, a brochure (PDF), or a
 * payment's proof (an image or a PDF kept private, never media: ADR 114).
 */
export type UploadKind = MediaKind | "proof";

/** What the upload API answers once a file is stored (and, for an image, processed). */
export type UploadResult = {
  /** The media key content refers to (packages.thumbnail, gallery, itinerary photos). */
  key: string;
  kind: UploadKind;
  /** A URL to show or link: an image's large WebP variant, a brochure's PDF; "" for a proof (it has no public address). */
  url: string;
  /** The file's name as the person's computer called it. */
  name: string;
  bytes: number;
  /** An image's alt text (typed with the upload, or "" for none yet). */
  alt: string;
  width: number;
  height: number;
  placeholder: string;
  variants: MediaVariant[];
};

/** The endpoint of the tus server. */
export const UPLOADS_PATH = "/api/uploads";

/** Above this many bytes an upload goes in resumable chunks of this size (spec §9). */
export const UPLOAD_CHUNK_BYTES = 256 * 1024;
