export { chunkSizeFor, uploadFile, UploadError, type UploadFileOptions, type UploadKind } from "./tus-upload";
export { toUploadedFile, UploadField, type UploadedFile, type UploadFieldProps } from "./upload-field";
export { useTusUpload, type UploadItem } from "./use-tus-upload";
export type { UploadResult } from "~/lib/upload";
