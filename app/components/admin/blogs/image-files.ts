/** Images only (spec §5): the browser's type for the file must start with `image/`. */
export function isImageFile(file: { type: string }): boolean {
  return file.type.startsWith("image/");
}

/** The in-page message for a file that is not an image. */
export function notAnImageMessage(file: { name: string; type: string }): string {
  return `“${file.name}” is not an image${file.type ? ` (${file.type})` : ""}. Only image files can be used here: JPEG, PNG, WebP or AVIF.`;
}
