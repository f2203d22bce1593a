import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { precompressAssets } from "./scripts/precompress-assets";

const buildDirectory = process.env.BUILD_DIR ?? "build";

export default {
  // Every public page is server-rendered; the Express server in server/ hosts the build.
  ssr: true,
  // BUILD_DIR lets parallel checkouts or test runs build side by side.
  buildDirectory,
  // After every file of the build is written, the manifest module included (ADR 074).
  async buildEnd({ viteConfig }) {
    const assets = path.join(buildDirectory, "client", viteConfig.build.assetsDir);
    const started = performance.now();
    const { files, bytes, brotliBytes } = await precompressAssets(assets);
    viteConfig.logger.info(
      `✓ ${files} scripts and styles precompressed (brotli ${Math.round(brotliBytes / 1024)} of ${Math.round(bytes / 1024)} KB) in ${Math.round(performance.now() - started)} ms.`,
    );
  },
} satisfies Config;
