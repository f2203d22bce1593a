import type { Config } from "@react-router/dev/config";

export default {
  // Every public page is server-rendered; the Express server in server/ hosts the build.
  ssr: true,
  // BUILD_DIR lets parallel checkouts or test runs build side by side.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
