import { useCallback, useEffect, useRef, useState } from "react";
import type { UploadResult } from "~/lib/upload";
import { uploadFile, type UploadKind } from "./tus-upload";

type UploadItem = {
  /** Local id of this upload in the list. */
  id: string;
  name: string;
  bytes: number;
  status: "uploading" | "done" | "error";
  /** 0 to 100. */
  progress: number;
  result?: UploadResult;
  error?: string;
};

let nextId = 0;

/**
 * Uploads files with tus and tracks each one: progress 0-100, then its result
 * or a message. `start` resolves with the results that succeeded.
 */
export function useTusUpload({ kind }: { kind: UploadKind }) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const patch = useCallback((id: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const start = useCallback(
    async (files: File[], options: { alt?: string } = {}): Promise<UploadResult[]> => {
      const started = files.map((file) => ({ file, id: `upload-${++nextId}` }));
      setItems((current) => [
        ...current,
        ...started.map(({ file, id }): UploadItem => ({ id, name: file.name, bytes: file.size, status: "uploading", progress: 0 })),
      ]);
      const results = await Promise.all(
        started.map(async ({ file, id }) => {
          const controller = new AbortController();
          controllers.current.set(id, controller);
          try {
            const result = await uploadFile(file, {
              kind,
              alt: options.alt,
              signal: controller.signal,
              onProgress: (progress) => patch(id, { progress }),
            });
            patch(id, { status: "done", progress: 100, result });
            return result;
          } catch (error) {
            patch(id, { status: "error", error: error instanceof Error ? error.message : "The upload failed." });
            return null;
          } finally {
            controllers.current.delete(id);
          }
        }),
      );
      return results.filter((result): result is UploadResult => result !== null);
    },
    [kind, patch],
  );

  /** Stops an upload (if running) and takes it off the list. */
  const remove = useCallback((id: string) => {
    controllers.current.get(id)?.abort();
    setItems((current) => current.filter((item) => item.id !== id));
  }, []);

  return { items, start, remove, uploading: items.some((item) => item.status === "uploading") };
}
