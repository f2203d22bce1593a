// Shapes that blog loaders hand to components (see ./package-views.ts).
import type { MediaView } from "./media";

export type BlogImage = { media: MediaView | null; url: string | null; alt: string };

/** What a blog card shows (spec §2 Blogs list). `age` is computed on the server. */
export type BlogCardData = {
  id: number;
  title: string;
  excerpt: string;
  durationMinutes: number;
  views: number;
  age: string;
  image: BlogImage;
};
