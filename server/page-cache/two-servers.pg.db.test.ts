// On both engines, PGlite and PostgreSQL (*.pg.db.test.ts, ADR 084): two server processes sharing one PostgreSQL database (PostgreSQL only: skipped on
// PGlite).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Two production servers on one PostgreSQL database, each with its page cache
 * (ADR 003): a write through one is what the other serves at its very next
 * request. PostgreSQL only: PGlite admits one process, so it has no second server.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const PORTS = [Number(process.env.TWO_SERVERS_PORT ?? 3158), Number(process.env.TWO_SERVERS_PORT ?? 3158) + 1];
const ADMIN = { email: "admin@pravas.travel", password: "two-servers-password" };

type Server = { baseUrl: string; process: ChildProcess; output: string[] };

async function startServer(port: number): Promise<Server> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = `.cache/two-servers-${port}`;
  fs.rmSync(dataDir, { recursive: true, force: true });
  // scripts/start.mjs builds first when the build is missing or older than the sources.
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      SITE_URL: baseUrl,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      MEDIA_DIR: ".cache/media",
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_NAME: "Asha Rao",
      LOG_LEVEL: "warn",
      PAGE_CACHE_MB: "16",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  child.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const started = Date.now();
  while (Date.now() - started < 240_000) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited:\n${output.join("")}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { baseUrl, process: child, output };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGTERM");
  throw new Error(`server on ${port} did not start:\n${output.join("")}`);
}

function stopServer(server: Server | undefined) {
  return new Promise((resolve) => {
    if (!server || server.process.exitCode !== null) return resolve(undefined);
    server.process.once("exit", resolve);
    server.process.kill("SIGTERM");
  });
}

async function signIn(server: Server): Promise<string> {
  const response = await fetch(`${server.baseUrl}/admin`, {
    method: "POST",
    body: new URLSearchParams(ADMIN),
    redirect: "manual",
  });
  expect(response.status).toBe(302);
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith("pravas_session="));
  expect(cookie).toBeDefined();
  return cookie!.split(";")[0]!;
}

async function get(server: Server, path: string) {
  const response = await fetch(`${server.baseUrl}${path}`);
  return { cache: response.headers.get("x-page-cache"), html: await response.text(), status: response.status };
}

/** A brochure download: which way it was answered (ADR 042, 048) and its text as pdftotext reads it. */
async function brochure(server: Server, slug: string) {
  const response = await fetch(`${server.baseUrl}/packages/${slug}/brochure.pdf`);
  const pdf = Buffer.from(await response.arrayBuffer());
  const text = spawnSync("pdftotext", ["-enc", "UTF-8", "-", "-"], { input: pdf }).stdout.toString("utf8").replace(/\s+/g, " ");
  return { status: response.status, cache: response.headers.get("x-brochure-cache"), etag: response.headers.get("etag"), text };
}

describe.skipIf(!databaseUrl)("page cache on two servers sharing PostgreSQL", () => {
  let first: Server | undefined;
  let second: Server | undefined;

  beforeAll(async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query("drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;");
    await client.end();
    // One after the other: each migrates and seeds at start.
    first = await startServer(PORTS[0]!);
    second = await startServer(PORTS[1]!);
  });

  afterAll(async () => {
    await Promise.all([stopServer(first), stopServer(second)]);
  });

  it("serves a write made on one server at the other's next request, both ways", async () => {
    const [a, b] = [first!, second!];
    const cookie = { a: await signIn(a), b: await signIn(b) };
    const { id, title } = (await (await fetch(`${a.baseUrl}/api/packages/dubai`)).json()) as { id: number; title: string };

    for (const [writer, reader, name] of [
      [a, b, "a"],
      [b, a, "b"],
    ] as const) {
      for (const server of [a, b]) {
        await get(server, "/packages/dubai");
        expect((await get(server, "/packages/dubai")).cache).toBe("hit");
      }
      const renamed = `${title} (written on ${name} at ${Date.now()})`;
      const write = await fetch(`${writer.baseUrl}/api/packages/${id}`, {
        method: "PUT",
        headers: { cookie: cookie[name], "content-type": "application/json" },
        body: JSON.stringify({ title: renamed }),
      });
      expect(write.status).toBe(200);
      const next = await get(reader, "/packages/dubai");
      expect(next.status).toBe(200);
      expect(next.cache).toBe("miss");
      expect(next.html).toContain(renamed);
      expect((await get(reader, "/packages/dubai")).cache).toBe("hit");
    }
  });
  it("answers a brochure made before a write on the other server never again: the next download is made anew", async () => {
    const [a, b] = [first!, second!];
    const cookie = { a: await signIn(a), b: await signIn(b) };
    const { id, title } = (await (await fetch(`${a.baseUrl}/api/packages/bali`)).json()) as { id: number; title: string };

    for (const [writer, reader, name] of [
      [a, b, "a"],
      [b, a, "b"],
    ] as const) {
      for (const server of [a, b]) {
        await brochure(server, "bali");
        expect((await brochure(server, "bali")).cache).toBe("hit");
      }
      const kept = await brochure(reader, "bali");
      const renamed = `${title} (brochure written on ${name} at ${Date.now()})`;
      const write = await fetch(`${writer.baseUrl}/api/packages/${id}`, {
        method: "PUT",
        headers: { cookie: cookie[name], "content-type": "application/json" },
        body: JSON.stringify({ title: renamed }),
      });
      expect(write.status).toBe(200);
      const next = await brochure(reader, "bali");
      expect(next.status).toBe(200);
      expect(next.cache).toBe("render");
      expect(next.etag).not.toBe(kept.etag);
      expect(next.text).toContain(renamed);
      expect(await brochure(reader, "bali")).toMatchObject({ cache: "hit", etag: next.etag });
    }
    await fetch(`${a.baseUrl}/api/packages/${id}`, {
      method: "PUT",
      headers: { cookie: cookie.a, "content-type": "application/json" },
      body: JSON.stringify({ title }),
    });
  });

  it("serves the team's new home page hero, saved on one server's admin screen, at the other's next request", async () => {
    const [a, b] = [first!, second!];
    const cookie = await signIn(a);
    await get(b, "/");
    expect((await get(b, "/")).cache).toBe("hit");

    const headline = `Monsoon escapes ${Date.now()}`;
    // The screen's own form post, as a browser without JavaScript sends it: every section's fields as the page
    // rendered them (one form and one save, ADR 110), with a new headline.
    const body = homeEditorForm(await (await fetch(`${a.baseUrl}/admin/site/home`, { headers: { cookie } })).text());
    body.set("headline", headline);
    const save = await fetch(`${a.baseUrl}/admin/site/home`, {
      method: "POST",
      headers: { cookie, origin: a.baseUrl, "content-type": "application/x-www-form-urlencoded" },
      body,
      redirect: "manual",
    });
    expect([302, 303]).toContain(save.status);
    const next = await get(b, "/");
    expect(next.cache).toBe("miss");
    expect(next.html).toMatch(new RegExp(`<h1[^>]*>[^<]*${headline}`));
  });
});

/** The fields the Home editor's form (#home-editor) would send, read from the server's HTML as a browser reads them. */
function homeEditorForm(html: string): URLSearchParams {
  const start = html.indexOf('id="home-editor"');
  const form = html.slice(html.lastIndexOf("<form", start), html.indexOf("</form>", start));
  const decode = (text: string) =>
    text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, entity: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" })[entity]!);
  const attributes = (tag: string) => Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, key, value]) => [key!, decode(value!)]));
  const fields = new URLSearchParams();
  for (const [tag] of form.matchAll(/<input\b[^>]*>/g)) {
    const { name, value = "", type = "text" } = attributes(tag);
    if (!name || ["file", "submit", "button"].includes(type)) continue;
    if ((type === "checkbox" || type === "radio") && !/\schecked(=""|\s|>|\/)/.test(tag)) continue;
    fields.append(name, type === "checkbox" && !("value" in attributes(tag)) ? "on" : value);
  }
  for (const [, tag, text] of form.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const { name } = attributes(tag!);
    if (name) fields.append(name, decode(text!).replace(/^\n/, ""));
  }
  for (const [, tag, options] of form.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const { name } = attributes(tag!);
    const selected = /<option\b[^>]*\sselected[^>]*>/.exec(options!)?.[0] ?? /<option\b[^>]*>/.exec(options!)?.[0];
    if (name && selected) fields.append(name, attributes(selected).value ?? "");
  }
  expect(fields.get("headline"), "the Home editor's form").not.toBeNull();
  return fields;
}
