import type { MediaKind, MediaVariant } from "./media";

/** What the upload API answers once a file is stored (and, for an image, processed). */
export type UploadResult = {
  /** The media key content refers to (packages.thumbnail, gallery, itinerary photos). */
  key: string;
  kind: MediaKind;
  /** A URL to show or link: an image's large WebP variant, a brochure's PDF. */
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
