// s3rver ships no types: just what the test helper uses.
declare module "s3rver" {
  import type { Server } from "node:http";
  import type { AddressInfo } from "node:net";
  type Context = {
    method: string;
    path: string;
    query: Record<string, string>;
    status: number;
    body: unknown;
    set(name: string, value: string): void;
    type: string;
  };
  export default class S3rver {
    constructor(options: {
      port?: number;
      address?: string;
      silent?: boolean;
      directory: string;
      configureBuckets?: { name: string }[];
      resetOnClose?: boolean;
    });
    middleware: ((ctx: Context, next: () => Promise<void>) => Promise<void>)[];
    httpServer?: Server;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
