import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { DeleteObjectsCommand, ListObjectsV2Command, PutObjectCommand } from "@aws-sdk/client-s3";
import pg from "pg";
import { startS3rver } from "../support/s3rver-for-tests";

/**
 * A real cluster on this machine (issue 25 §5, ADR 061): a fresh PostgreSQL
 * database on TEST_DATABASE_URL's server, an S3-compatible server (s3rver),
 * an SMTP server, two production app servers (`node scripts/start.mjs`,
 * BUILD_ON_START=0) and nginx in front of them, round-robin, the app trusting
 * it as one proxy (TRUST_PROXY=1). Everything listens on 127.0.0.1.
 *
 * Ports: CLUSTER_PORT (3420) for nginx, +1 and +2 for the two app servers.
 */
export const ADMIN = { email: "admin@pravas.travel", password: "lotus-temple-at-dawn-42" };
const NOTIFY_EMAIL = "team@cluster.example";
const NGINX_BIN = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((file) => fs.existsSync(file));
/** Both servers sign cookies with it: a session made on one is read on the other. */
const SESSION_SECRET = "cluster-test-session-secret-0123456789abcdef";

export type Answer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: () => string;
  json: <T = unknown>() => T;
  /** The app server nginx passed the request to (its X-Upstream header), when through nginx. */
  upstream: string | undefined;
  /** `name=value` of each Set-Cookie. */
  cookies: string[];
};

export type RequestOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer | Uint8Array;
  /** The client's own address (any of 127.0.0.0/8): nginx names it to the app, so each is its own client for the limits. */
  from?: string;
  timeoutMs?: number;
};

/** One HTTP request on a connection of its own (node:http, so the client's address can be chosen). */
export function request(url: string, options: RequestOptions = {}): Promise<Answer> {
  const { method = "GET", headers = {}, body, from, timeoutMs = 60_000 } = options;
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, localAddress: from, agent: false, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const buffer = Buffer.concat(chunks);
        const setCookie = res.headers["set-cookie"] ?? [];
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: buffer,
          text: () => buffer.toString("utf8"),
          json: <T>() => JSON.parse(buffer.toString("utf8")) as T,
          upstream: res.headers["x-upstream"] as string | undefined,
          cookies: setCookie.map((line) => line.split(";", 1)[0]!),
        });
      });
    });
    req.on("timeout", () => req.destroy(new Error(`${method} ${url}: no answer in ${timeoutMs} ms`)));
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

export const form = (fields: Record<string, string>) => ({
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});
export const json = (value: unknown) => ({ headers: { "content-type": "application/json" }, body: JSON.stringify(value) });

export type AppServer = {
  name: "A" | "B";
  port: number;
  baseURL: string;
  process: ChildProcess | null;
  output: string[];
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000, everyMs = 200) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return;
    await sleep(everyMs);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

/** The processed seed photos (scripts/process-seed-photos.ts): copied into the bucket so the seed reuses them instead of running sharp. */
const SEED_MEDIA = path.resolve(".cache/media");

/** `env`: settings over the cluster's own (the bench turns the page-render cap off). */
export async function startCluster({ env: overrides = {} }: { env?: Record<string, string> } = {}) {
  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  if (!testDatabaseUrl) throw new Error("TEST_DATABASE_URL is not set: the cluster needs a PostgreSQL server (bash .ci/run starts one)");
  if (!NGINX_BIN) throw new Error("nginx is not installed (Debian: apt-get install -y nginx-light)");
  const firstPort = Number(process.env.CLUSTER_PORT ?? 3420);
  const timings: Record<string, number> = {};
  let mark = Date.now();
  const lap = (name: string) => {
    timings[name] = Date.now() - mark;
    mark = Date.now();
  };

  // A database of its own, on the server the PostgreSQL db tests use.
  const databaseName = process.env.CLUSTER_DATABASE ?? "pravas_cluster";
  const databaseUrl = new URL(testDatabaseUrl);
  databaseUrl.pathname = `/${databaseName}`;
  // Creating and dropping go through the maintenance database, never TEST_DATABASE_URL's:
  // the db tests, running beside this stage in CI, drop and recreate that one with
  // (force), which ended a connection of ours there with an uncaught error.
  const maintenanceUrl = new URL(testDatabaseUrl);
  maintenanceUrl.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: maintenanceUrl.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const db = new pg.Pool({ connectionString: databaseUrl.toString(), max: 2 });

  const s3 = await startS3rver("pravas-cluster");
  await copySeedMedia(s3);
  const smtp = await startSmtpThread();
  lap("database, bucket and mail");

  const nginxPort = firstPort;
  const nginxURL = `http://127.0.0.1:${nginxPort}`;
  const servers: AppServer[] = (["A", "B"] as const).map((name, n) => ({
    name,
    port: firstPort + 1 + n,
    baseURL: `http://127.0.0.1:${firstPort + 1 + n}`,
    process: null,
    output: [],
  }));

  const env = {
    ...process.env,
    NODE_ENV: "production",
    BUILD_ON_START: "0",
    HOST: "127.0.0.1",
    SITE_URL: nginxURL,
    DATABASE_URL: databaseUrl.toString(),
    MEDIA_STORE: "s3",
    S3_ENDPOINT: s3.settings.endpoint,
    S3_REGION: s3.settings.region,
    S3_BUCKET: s3.settings.bucket,
    S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
    MEDIA_PUBLIC_URL: "",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_NAME: "Cluster Admin",
    SESSION_SECRET,
    TRUST_PROXY: "1",
    SMTP_URL: smtp.url,
    NOTIFY_EMAIL,
    OUTBOX_POLL_MS: "500",
    LOG_LEVEL: process.env.CLUSTER_LOG_LEVEL ?? "warn",
    E2E_FIXTURE_TOKEN: "",
    BACKUP_DIR: "",
    BACKUP_SCHEDULE: "off",
    // The defaults, whatever the environment says: the tests count on them.
    LOGIN_MAX_FAILURES: "5",
    LOGIN_MAX_PER_IP: "30",
    FORM_RATE_LIMIT: "10",
    PAGE_RENDER_LIMIT: "120",
    PAGE_CACHE_MB: "16",
    ...overrides,
  } satisfies NodeJS.ProcessEnv;

  async function start(server: AppServer) {
    const dataDir = path.resolve(`.cache/cluster-${server.port}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    server.output = [];
    const child = spawn(process.execPath, ["scripts/start.mjs"], {
      env: { ...env, PORT: String(server.port), DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.process = child;
    child.stdout!.on("data", (chunk: Buffer) => server.output.push(chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => server.output.push(chunk.toString()));
    await waitFor(
      `server ${server.name} to be ready`,
      async () => {
        if (child.exitCode !== null) throw new Error(`server ${server.name} exited (${child.exitCode}):\n${server.output.join("")}`);
        return (await request(`${server.baseURL}/api/health/ready`, { timeoutMs: 10_000 })).status === 200;
      },
      120_000,
    ).catch((error: Error) => {
      const state = processState(child.pid, server.port);
      if (child.exitCode === null) child.kill("SIGKILL");
      throw new Error(`${error.message}\n${state}\n${server.output.join("")}`);
    });
  }

  /** SIGTERM (a clean stop, ADR 058) or SIGKILL (a crash); resolves with the exit code. */
  function stop(server: AppServer, signal: "SIGTERM" | "SIGKILL" = "SIGTERM") {
    const child = server.process;
    return new Promise<number | null>((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return resolve(child?.exitCode ?? null);
      child.once("exit", (code) => resolve(code));
      child.kill(signal);
    });
  }

  // One after the other: the first migrates and seeds, the second finds it done.
  await start(servers[0]!);
  lap("server A");
  await start(servers[1]!);
  lap("server B");
  const nginx = await startNginx(nginxPort, servers);
  lap("nginx");

  return {
    nginxURL,
    servers,
    A: servers[0]!,
    B: servers[1]!,
    db,
    databaseUrl: databaseUrl.toString(),
    s3,
    smtp,
    env,
    timings,
    start,
    stop,
    nginx,
    /** Every object in the bucket: key → ETag (its MD5). */
    async bucketObjects() {
      const objects = new Map<string, string>();
      let token: string | undefined;
      do {
        const page = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket, ContinuationToken: token }));
        for (const object of page.Contents ?? []) objects.set(object.Key!, object.ETag ?? "");
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return objects;
    },
    async emptyBucket() {
      const keys = [...(await this.bucketObjects()).keys()];
      for (let n = 0; n < keys.length; n += 500) {
        await s3.client.send(new DeleteObjectsCommand({ Bucket: s3.settings.bucket, Delete: { Objects: keys.slice(n, n + 500).map((Key) => ({ Key })) } }));
      }
    },
    /**
     * Runs an npm script (backup, restore) against the cluster's database and bucket.
     * Never spawnSync: the bucket (s3rver) answers from this process's event loop.
     */
    npm(args: string[]) {
      return new Promise<{ status: number | null; output: string }>((resolve) => {
        const child = spawn("npm", ["run", "--silent", ...args], {
          env: { ...env, DATA_DIR: path.resolve(`.cache/cluster-cli`), LOG_LEVEL: "warn" },
          stdio: ["ignore", "pipe", "pipe"],
        });
        const output: string[] = [];
        child.stdout.on("data", (chunk: Buffer) => output.push(chunk.toString()));
        child.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString()));
        child.once("exit", (status) => resolve({ status, output: output.join("") }));
      });
    },
    async close() {
      await Promise.all(servers.map((server) => stop(server)));
      await nginx.stop();
      await db.end();
      await smtp.close();
      await s3.close();
      for (const server of servers) fs.rmSync(path.resolve(`.cache/cluster-${server.port}`), { recursive: true, force: true });
      fs.rmSync(path.resolve(".cache/cluster-cli"), { recursive: true, force: true });
      const cleanup = new pg.Client({ connectionString: maintenanceUrl.toString() });
      await cleanup.connect();
      // pg's Pool.end() resolves before its sockets have closed: let them close
      // before the forced drop, so that it ends no connection of ours.
      for (let waited = 0; waited < 10_000; waited += 100) {
        const open = await cleanup.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = $1", [databaseName]);
        if (open.rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await cleanup.query(`drop database if exists ${databaseName} with (force)`).catch(() => {});
      await cleanup.end();
    },
  };
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;

/** Why a server does not answer (diagnostics): its process state and CPU time, and its listening socket's accept queue. */
function processState(pid: number | undefined, port: number): string {
  if (!pid) return "no process";
  const status = fs.existsSync(`/proc/${pid}/status`) ? fs.readFileSync(`/proc/${pid}/status`, "utf8") : "";
  const state = /^State:\s*(.*)$/m.exec(status)?.[1] ?? "gone";
  const stat = fs.existsSync(`/proc/${pid}/stat`) ? fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(" ") : [];
  const cpu = stat.length > 15 ? `${(Number(stat[13]) + Number(stat[14])) / 100} s CPU` : "";
  const listen = spawnSync("ss", ["-ltnH", `sport = :${port}`], { encoding: "utf8" }).stdout.trim();
  return `process ${pid}: ${state}, ${cpu}; listening (state, accept queue, backlog): ${listen || "none"}`;
}

/** A real SMTP server in a worker thread (tests/support/smtp-relay-thread.mjs); `received` fills as it accepts messages. */
async function startSmtpThread() {
  const worker = new Worker(new URL("../support/smtp-relay-thread.mjs", import.meta.url));
  const received: { raw: string }[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    worker.once("error", reject);
    worker.on("message", (message: { port?: number; raw?: string }) => {
      if (message.port) resolve(message.port);
      if (message.raw !== undefined) received.push({ raw: message.raw });
    });
  });
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => (worker.once("exit", () => resolve()), worker.postMessage("close"))),
  };
}

async function copySeedMedia(s3: Awaited<ReturnType<typeof startS3rver>>) {
  if (!fs.existsSync(SEED_MEDIA)) return;
  const files = fs.readdirSync(SEED_MEDIA).filter((name) => !name.endsWith(".tmp") && fs.statSync(path.join(SEED_MEDIA, name)).isFile());
  const queue = [...files];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let name = queue.shift(); name; name = queue.shift()) {
        await s3.client.send(new PutObjectCommand({ Bucket: s3.settings.bucket, Key: name, Body: fs.readFileSync(path.join(SEED_MEDIA, name)) }));
      }
    }),
  );
}

/**
 * What deploy/nginx.conf's HTTPS server block says after its certificates:
 * the body limit, the proxy headers, the retries and the locations, so the
 * cluster runs what is shipped. The Host header keeps its port here (the
 * site's address in the test has one).
 */
export function deployedProxySettings(): string {
  const lines = fs.readFileSync(path.resolve("deploy/nginx.conf"), "utf8").split("\n");
  const first = lines.findIndex((line) => line.trim().startsWith("client_max_body_size"));
  const end = lines.findIndex((line, index) => index > first && line === "}");
  if (first < 0 || end < 0) throw new Error("deploy/nginx.conf: no server block with client_max_body_size");
  // From the comment above the first setting.
  let start = first;
  while (start > 0 && lines[start - 1]!.trim().startsWith("#")) start--;
  return lines.slice(start, end).join("\n").replace("proxy_set_header Host $host;", "proxy_set_header Host $http_host;");
}

/**
 * nginx in the foreground (no daemon) with a generated configuration in a
 * temporary directory: its own pid file, error log and temporary paths. Based
 * on deploy/nginx.conf, without TLS; X-Upstream names the server that answered.
 */
export async function startNginx(port: number, servers: { port: number }[], extra = "") {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "pravas-cluster-nginx-"));
  const config = path.join(prefix, "nginx.conf");
  fs.writeFileSync(
    config,
    `worker_processes 1;
worker_rlimit_nofile 10000;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  upstream pravas {
${servers.map((server) => `    server 127.0.0.1:${server.port} max_fails=3 fail_timeout=2s;`).join("\n")}
    keepalive 32;
    # Below the app's keep-alive timeout (65 s, server/main.ts): nginx closes an idle connection
    # first, so it never sends a request down one the server is closing.
    keepalive_timeout 4s;
  }
  server {
    listen 127.0.0.1:${port};
    add_header X-Upstream $upstream_addr always;
${deployedProxySettings()}
  }
${extra}
}
`,
  );
  const check = spawnSync(NGINX_BIN!, ["-t", "-c", config, "-p", prefix], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx config: ${check.stderr}`);
  const child = spawn(NGINX_BIN!, ["-c", config, "-p", prefix, "-g", "daemon off;"], { stdio: ["ignore", "inherit", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    "nginx",
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${fs.readFileSync(path.join(prefix, "error.log"), "utf8")}`);
      return (await request(`${url}/api/health`, { timeoutMs: 2000 })).status === 200;
    },
    20_000,
    100,
  );
  return {
    url,
    pid: child.pid!,
    errorLog: () => fs.readFileSync(path.join(prefix, "error.log"), "utf8"),
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          fs.rmSync(prefix, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once("exit", done);
        child.kill("SIGQUIT");
      }),
  };
}
