export { uploadFile } from "./tus-upload";
export { UploadField, type UploadedFile } from "./upload-field";
