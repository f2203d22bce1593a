import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { ADMIN, form, json, request, startCluster, waitFor, type Answer, type AppServer, type Cluster } from "./cluster";

/**
 * Two app servers behind nginx, on one PostgreSQL database and one S3 bucket
 * (issue 25 §5, ADR 061). Every step goes through real HTTP, as a browser or
 * a load balancer would. `npm run test:cluster` (needs TEST_DATABASE_URL and nginx).
 *
 * The tests run in order and share the cluster; a failure does not stop the
 * ones after it.
 */
const PHOTO = path.resolve(process.env.CLUSTER_PHOTO ?? "../shared/photos/33-forest-stream-cascades.jpg");
const CHUNK = 256 * 1024;

let cluster: Cluster;
/** The uploaded photo (test 1), set as Bali's thumbnail. */
let thumbnail: { key: string; urls: string[] } | undefined;
/** What the report prints at the end. */
const report: Record<string, unknown> = {};

const upstreamName = (answer: Answer) => cluster.servers.find((server) => answer.upstream?.includes(`:${server.port}`))?.name ?? answer.upstream ?? "?";

async function signIn(base: string, from?: string) {
  const answer = await request(`${base}/admin`, { method: "POST", ...form(ADMIN), from });
  assert.equal(answer.status, 302, `sign-in answered ${answer.status}: ${answer.text().slice(0, 300)}`);
  const cookie = answer.cookies.find((line) => line.startsWith("pravas_session="));
  assert.ok(cookie, "no session cookie");
  return answer.cookies.join("; ");
}

async function packageId(slug: string) {
  const answer = await request(`${cluster.nginxURL}/api/packages/${slug}`);
  assert.equal(answer.status, 200);
  return answer.json<{ id: number; title: string; thumbnail: unknown }>();
}

const enquiry = (email: string, n: number) => json({ name: `Cluster Guest ${n}`, phone: "+91 98111 22233", email, travellers: 2, packageSlug: "bali" });

before(async () => {
  const started = Date.now();
  cluster = await startCluster();
  report.startMs = Date.now() - started;
  report.startSteps = cluster.timings;
});

after(async () => {
  const started = Date.now();
  await cluster?.close();
  report.closeMs = Date.now() - started;
  console.log(`cluster report: ${JSON.stringify(report, null, 2)}`);
});

describe("two servers behind nginx, one PostgreSQL database, one S3 bucket", { concurrency: 1 }, () => {
  it("1. an upload whose 256 KiB chunks alternate between the servers becomes Bali's thumbnail, served by both", { timeout: 120_000 }, async () => {
    const photo = fs.readFileSync(PHOTO);
    assert.ok(photo.length > 1024 * 1024, "the photo is over 1 MB");
    const cookie = await signIn(cluster.nginxURL);
    const metadata = [`kind ${Buffer.from("image").toString("base64")}`, `filename ${Buffer.from(path.basename(PHOTO)).toString("base64")}`].join(",");
    const created = await request(`${cluster.nginxURL}/api/uploads`, {
      method: "POST",
      headers: { cookie, "Tus-Resumable": "1.0.0", "Upload-Length": String(photo.length), "Upload-Metadata": metadata },
    });
    assert.equal(created.status, 201, created.text());
    const location = new URL(String(created.headers.location), cluster.nginxURL).pathname;

    let last: Answer | undefined;
    const chunkServers: string[] = [];
    for (let offset = 0, n = 0; offset < photo.length; offset += CHUNK, n++) {
      const server = cluster.servers[n % 2]!;
      chunkServers.push(server.name);
      last = await request(`${server.baseURL}${location}`, {
        method: "PATCH",
        headers: { cookie, "Tus-Resumable": "1.0.0", "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
        body: photo.subarray(offset, offset + CHUNK),
      });
      if (offset + CHUNK < photo.length) assert.equal(last.status, 204, `chunk ${n} on ${server.name}: ${last.status} ${last.text()}`);
    }
    assert.equal(last!.status, 200, last!.text());
    assert.ok(chunkServers.length >= 5 && chunkServers.includes("A") && chunkServers.includes("B"));
    const result = last!.json<{ key: string; variants: { url: string; format: string }[] }>();
    assert.ok(result.variants.length > 0);

    const bali = await packageId("bali");
    const saved = await request(`${cluster.nginxURL}/api/packages/${bali.id}`, {
      method: "PUT",
      headers: { cookie, ...json({}).headers },
      body: JSON.stringify({ thumbnail: result.key }),
    });
    assert.equal(saved.status, 200, saved.text());
    thumbnail = { key: result.key, urls: result.variants.map((variant) => variant.url) };

    // The listing's Bali card shows it on both servers, and each file comes from either.
    for (const server of cluster.servers) {
      const listing = await request(`${server.baseURL}/packages`);
      assert.equal(listing.status, 200);
      assert.ok(listing.text().includes(result.key), `server ${server.name}'s /packages shows the new thumbnail`);
    }
    for (const variant of result.variants) {
      const [a, b] = await Promise.all(cluster.servers.map((server) => request(`${server.baseURL}${variant.url}`)));
      for (const [answer, name] of [
        [a!, "A"],
        [b!, "B"],
      ] as const) {
        assert.equal(answer.status, 200, `${variant.url} on ${name}`);
        assert.equal(answer.headers["content-type"], variant.format === "avif" ? "image/avif" : "image/webp");
      }
      assert.ok(a!.body.equals(b!.body), `${variant.url}: the same bytes from A and B`);
    }
    report.upload = { bytes: photo.length, chunks: chunkServers.join(""), variants: result.variants.length };
  });

  it("2. six failed sign-ins spread over both servers: the sixth is refused (429)", { timeout: 120_000 }, async () => {
    const statuses: number[] = [];
    const upstreams = new Set<string>();
    for (let n = 0; n < 6; n++) {
      const answer = await request(`${cluster.nginxURL}/admin`, {
        method: "POST",
        ...form({ email: ADMIN.email, password: `wrong-password-${n}` }),
        from: "127.0.0.22",
      });
      statuses.push(answer.status);
      upstreams.add(upstreamName(answer));
    }
    report.failedSignIns = { statuses, servers: [...upstreams] };
    assert.deepEqual([...upstreams].sort(), ["A", "B"], "the attempts reached both servers");
    assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429], "five failures allowed (LOGIN_MAX_FAILURES), the sixth 429, whichever server gets it");
  });

  it("3. eleven enquiries spread over both servers: the eleventh is refused (429)", { timeout: 60_000 }, async () => {
    const statuses: number[] = [];
    const upstreams = new Set<string>();
    for (let n = 0; n < 11; n++) {
      const answer = await request(`${cluster.nginxURL}/api/enquiries`, { method: "POST", ...enquiry(`limit-${n}@cluster.example`, n), from: "127.0.0.33" });
      statuses.push(answer.status);
      upstreams.add(upstreamName(answer));
    }
    report.formLimit = { statuses, servers: [...upstreams] };
    assert.deepEqual([...upstreams].sort(), ["A", "B"], "the posts reached both servers");
    assert.deepEqual(statuses, [...Array(10).fill(201), 429], "ten enquiries taken (FORM_RATE_LIMIT), the eleventh 429");
  });

  it("4. a save on A is what B's next request shows", { timeout: 60_000 }, async () => {
    const cookie = await signIn(cluster.A.baseURL);
    const bali = await packageId("bali");
    // B has the page in its cache.
    await request(`${cluster.B.baseURL}/packages/bali`);
    assert.equal((await request(`${cluster.B.baseURL}/packages/bali`)).headers["x-page-cache"], "hit");
    const title = `Bali, saved on A at ${Date.now()}`;
    const saved = await request(`${cluster.A.baseURL}/api/packages/${bali.id}`, {
      method: "PUT",
      headers: { cookie, ...json({}).headers },
      body: JSON.stringify({ title }),
    });
    assert.equal(saved.status, 200, saved.text());
    const page = await request(`${cluster.B.baseURL}/packages/bali`);
    assert.equal(page.status, 200);
    assert.ok(page.text().includes(title), "B's page has the new title");
    const api = await request(`${cluster.B.baseURL}/api/packages/bali`);
    assert.equal(api.json<{ title: string }>().title, title);
    await request(`${cluster.A.baseURL}/api/packages/${bali.id}`, {
      method: "PUT",
      headers: { cookie, ...json({}).headers },
      body: JSON.stringify({ title: bali.title }),
    });
  });

  it(
    "4b. 200 one-seat bookings at once, half posted to A and half to B, on a 20-seat departure: exactly 20 are made, 180 refused (409)",
    { timeout: 120_000 },
    async () => {
      const cookies = { A: await signIn(cluster.A.baseURL), B: await signIn(cluster.B.baseURL) };
      const bali = await packageId("bali");
      const departure = { id: `dCluster${Date.now()}`, name: "Cluster Batch", start: "2031-03-01", end: "2031-03-07", capacity: 20 };
      await cluster.db.query("update packages set group_dates = group_dates || $1::jsonb where id = $2", [JSON.stringify([departure]), bali.id]);
      const booking = (n: number) => ({
        packageId: bali.id,
        departureId: departure.id,
        leadName: `Cluster Traveller ${n}`,
        leadPhone: "+91 98111 22233",
        adults: 1,
        room: "twin",
        state: "held",
      });
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, n) => {
          const server = n % 2 === 0 ? cluster.A : cluster.B;
          return request(`${server.baseURL}/api/bookings`, {
            method: "POST",
            headers: { cookie: cookies[server.name], ...json({}).headers },
            body: JSON.stringify(booking(n)),
            timeoutMs: 110_000,
          });
        }),
      );
      const statuses = answers.reduce<Record<number, number>>((counts, answer) => ({ ...counts, [answer.status]: (counts[answer.status] ?? 0) + 1 }), {});
      report.bookings200 = statuses;
      assert.deepEqual(statuses, { 201: 20, 409: 180 });
      const made = answers.filter((answer) => answer.status === 201).map((answer) => answer.json<{ reference: string }>().reference);
      assert.equal(new Set(made).size, 20, "20 different references");
      const refused = answers.find((answer) => answer.status === 409)!.json<{ error: string; free: number }>();
      assert.equal(refused.free, 0);
      const [taken] = (
        await cluster.db.query(
          "select coalesce(sum(seats), 0)::int as seats from bookings where departure_id = $1 and state in ('held', 'confirmed') and deleted_at is null",
          [departure.id],
        )
      ).rows as [{ seats: number }];
      assert.equal(taken.seats, 20);
      await cluster.db.query("delete from bookings where departure_id = $1", [departure.id]);
      await cluster.db.query(
        "update packages set group_dates = (select coalesce(jsonb_agg(d), '[]'::jsonb) from jsonb_array_elements(group_dates) d where d->>'id' <> $1) where id = $2",
        [departure.id, bali.id],
      );
    },
  );

  it(
    "4c. 200 receipt vouchers issued concurrently through nginx, by both servers: numbered 1 to 200 in the year's series, each PDF stored once and served the same by either",
    { timeout: 240_000 },
    async () => {
      const started = Date.now();
      const cpuBefore = clusterCpuSeconds();
      const TOTAL = 200;
      // The agency's details (Settings → Business and tax) and a departure of a domestic package (CGST + SGST, no TCS).
      await cluster.db.query(
        `update site_settings set business_legal_name = 'Pravas Holidays Private Limited', business_address = 'Office 4, Prabhat Road, Erandwane, Pune 411004',
           business_state_code = '27', gstin = '27AAPFU0939F1ZV', pan = 'AAPFU0939F', auto_receipt_vouchers = false where id = 1`,
      );
      const trip = await packageId("golden-triangle");
      const departure = { id: `dDocs${Date.now()}`, name: "Cluster Documents", start: "2031-04-10", end: "2031-04-16", capacity: 20 };
      await cluster.db.query("update packages set group_dates = group_dates || $1::jsonb where id = $2", [JSON.stringify([departure]), trip.id]);
      const cookie = await signIn(cluster.nginxURL);
      // Ten bookings of one adult (₹52,500 + 5% GST), each with twenty ₹1,000 payments received on 15 June 2026 (financial year 2026-27),
      // written to the ledger as it stores them: what is tested is the numbering of their receipts.
      const made = await Promise.all(
        Array.from({ length: 10 }, (_, n) =>
          request(`${cluster.nginxURL}/api/bookings`, {
            method: "POST",
            headers: { cookie, ...json({}).headers },
            body: JSON.stringify({
              packageId: trip.id,
              departureId: departure.id,
              leadName: `Document Traveller ${n}`,
              leadPhone: "+91 98111 22233",
              adults: 1,
              room: "twin",
              state: "confirmed",
            }),
          }),
        ),
      );
      for (const answer of made) assert.equal(answer.status, 201, answer.text());
      const references = made.map((answer) => answer.json<{ reference: string }>().reference);
      await cluster.db.query("update bookings set billing_address = '12 Law College Road, Pune 411004', billing_state_code = '27' where reference = any($1)", [
        references,
      ]);
      // Taken in turns from the ten bookings, so those in flight are of different bookings (one booking's issues wait for each other on its row).
      const payments = (
        await cluster.db.query<{ id: number; reference: string }>(
          `with made as (
             insert into payment_ledger (booking_id, kind, amount_paise, moved_on, method)
             select b.id, 'payment', 100000, '2026-06-15', 'cash' from bookings b, generate_series(1, 20) where b.reference = any($1)
             returning id, booking_id)
           select made.id, b.reference from made join bookings b on b.id = made.booking_id
            order by row_number() over (partition by made.booking_id order by made.id), made.booking_id`,
          [references],
        )
      ).rows;
      assert.equal(payments.length, TOTAL);
      const fixturesMs = Date.now() - started;

      // Concurrently, as the Documents panel's "Issue receipt voucher" button posts them, through nginx: forty in flight at a time.
      // Each server's pool has ten connections, so the database sees at most twenty issuing transactions at once whether 40 or 200 are
      // in flight; and the counter's lock, held while each PDF is drawn, puts the issues in a line: with all 200 sent at once, the
      // last waited 54 s for the others on a loaded machine, near nginx's 60 s proxy_read_timeout (a 504 the team would see).
      const IN_FLIGHT = 40;
      const issuing = Date.now();
      const answers: Answer[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          for (let n = next++; n < TOTAL; n = next++) {
            answers[n] = await request(`${cluster.nginxURL}/admin/bookings/${payments[n]!.reference}`, {
              method: "POST",
              headers: { cookie, ...form({}).headers },
              body: new URLSearchParams({ intent: "issue-receipt", paymentId: String(payments[n]!.id) }).toString(),
              timeoutMs: 60_000,
            });
          }
        }),
      );
      const issueMs = Date.now() - issuing;
      // Each 303's notice names the number it issued ("RV/26-27/00042 issued: …"); X-Upstream, the server that issued it.
      const issuedBy = new Map<string, string>();
      for (const answer of answers) {
        assert.equal(answer.status, 303, `${answer.status} from ${upstreamName(answer)}: ${answer.text().slice(0, 300)}`);
        const notice = answer.cookies.find((line) => line.startsWith("pravas_notice="))!.slice("pravas_notice=".length);
        const { message } = JSON.parse(Buffer.from(notice, "base64url").toString("utf8")) as { message: string };
        issuedBy.set(/^(\S+) issued/.exec(message)![1]!, upstreamName(answer));
      }
      const byServer = { A: 0, B: 0 };
      for (const server of issuedBy.values()) byServer[server as "A" | "B"]++;
      assert.ok(byServer.A > 0 && byServer.B > 0, `both servers issued (${JSON.stringify(byServer)})`);
      const expected = Array.from({ length: TOTAL }, (_, n) => `RV/26-27/${String(n + 1).padStart(5, "0")}`);
      assert.deepEqual([...issuedBy.keys()].sort(), expected, "200 distinct numbers, 1 to 200, in the answers");

      // In the database: one receipt voucher per payment, the series 1 to 200 of 2026-27 with no gap or repeat, each with its PDF.
      const stored = (
        await cluster.db.query<{ id: number; number: string; sequence: number; payment: number; reference: string; sha256: string; bytes: number }>(
          `select d.id, d.number, d.sequence, d.payment_ledger_id as payment, b.reference, d.pdf_sha256 as sha256, length(d.pdf) as bytes
             from tax_documents d join bookings b on b.id = d.booking_id
            where d.kind = 'receipt-voucher' and d.financial_year = 2026 order by d.sequence`,
        )
      ).rows;
      assert.deepEqual(
        stored.map((row) => row.number),
        expected,
      );
      assert.deepEqual(
        stored.map((row) => row.sequence),
        expected.map((_, n) => n + 1),
      );
      assert.deepEqual(
        stored.map((row) => row.payment).sort((a, b) => a - b),
        payments.map((payment) => payment.id).sort((a, b) => a - b),
        "one voucher per payment",
      );
      assert.equal(new Set(stored.map((row) => row.sha256)).size, TOTAL, "200 different PDFs");
      assert.ok(
        stored.every((row) => row.bytes > 1000),
        "each with its PDF",
      );
      const [counter] = (
        await cluster.db.query<{ last: number }>("select last from document_counters where series = 'receipt-voucher' and financial_year = 2026")
      ).rows;
      assert.equal(counter?.last, TOTAL);

      // A few, each downloaded from the server that issued it and from the other: the stored bytes, the same from both, their SHA-256 the ETag.
      const samples = [
        stored[0]!,
        stored[TOTAL / 2]!,
        stored[TOTAL - 1]!,
        ...(["A", "B"] as const).map((name) => stored.find((row) => issuedBy.get(row.number) === name)!),
      ];
      for (const document of samples) {
        const downloads = await Promise.all(
          cluster.servers.map((server) => request(`${server.baseURL}/admin/bookings/${document.reference}/documents/${document.id}`, { headers: { cookie } })),
        );
        for (const [n, download] of downloads.entries()) {
          assert.equal(download.status, 200, `${document.number} from ${cluster.servers[n]!.name}`);
          assert.equal(download.headers["content-type"], "application/pdf");
          assert.equal(download.headers.etag, `"${document.sha256}"`, `${document.number} from ${cluster.servers[n]!.name}: ETag`);
          assert.equal(createHash("sha256").update(download.body).digest("hex"), document.sha256, `${document.number} from ${cluster.servers[n]!.name}: bytes`);
        }
        assert.ok(downloads[0]!.body.equals(downloads[1]!.body), `${document.number}: the same bytes from A and B`);
      }
      report.documents200 = {
        issuedBy: byServer,
        fixturesMs,
        issueMs,
        totalMs: Date.now() - started,
        cpuSeconds: Math.round((clusterCpuSeconds() - cpuBefore) * 10) / 10,
        pdfBytes: stored[0]!.bytes,
      };
    },
  );

  it("5. signed out on A, the old cookie is refused on B at once (pages, API and uploads)", { timeout: 60_000 }, async () => {
    const cookie = await signIn(cluster.nginxURL);
    const tus = { "Tus-Resumable": "1.0.0", "Upload-Length": "1000", "Upload-Metadata": `kind ${Buffer.from("image").toString("base64")}` };
    // B knows the session: a page, and an upload (whose guard remembers sessions for a few seconds, ADR 024).
    assert.equal((await request(`${cluster.B.baseURL}/admin/dashboard`, { headers: { cookie } })).status, 200);
    assert.equal((await request(`${cluster.B.baseURL}/api/uploads`, { method: "POST", headers: { cookie, ...tus } })).status, 201);

    const out = await request(`${cluster.A.baseURL}/admin/logout`, { method: "POST", headers: { cookie } });
    assert.equal(out.status, 302);

    const page = await request(`${cluster.B.baseURL}/admin/dashboard`, { headers: { cookie } });
    assert.equal(page.status, 302, "B sends the old cookie to the sign-in page");
    assert.match(String(page.headers.location), /^\/admin\?redirectTo=/);
    const api = await request(`${cluster.B.baseURL}/api/packages/bali`, {
      method: "PUT",
      headers: { cookie, ...json({}).headers },
      body: JSON.stringify({ title: "Not signed in" }),
    });
    assert.ok([401, 403].includes(api.status), `B's API refuses the old cookie (${api.status})`);
    const upload = await request(`${cluster.B.baseURL}/api/uploads`, { method: "POST", headers: { cookie, ...tus } });
    report.signOutUploadOnB = upload.status;
    assert.ok([401, 403].includes(upload.status), `B's upload endpoint refuses the old cookie at once (${upload.status})`);
  });

  it(
    "6. 200 enquiries across both servers, one SIGKILLed in the middle: every acknowledged one is in the inbox and e-mailed",
    { timeout: 300_000 },
    async () => {
      const TOTAL = 200;
      const victim: AppServer = cluster.A;
      const outcomes: { email: string; status: number | string; upstream?: string }[] = [];
      let next = 0;
      let killed: Promise<unknown> | undefined;
      const started = Date.now();
      // Eight visitors at a time, each enquiry from an address of its own (the form limit is per client).
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          for (let n = next++; n < TOTAL; n = next++) {
            if (n === TOTAL / 2 && !killed) killed = cluster.stop(victim, "SIGKILL");
            const email = `crash-${n}@cluster.example`;
            const from = `127.0.1.${n + 1}`;
            try {
              const answer = await request(`${cluster.nginxURL}/api/enquiries`, { method: "POST", ...enquiry(email, n), from, timeoutMs: 30_000 });
              outcomes.push({ email, status: answer.status, upstream: upstreamName(answer) });
            } catch (error) {
              outcomes.push({ email, status: (error as Error).message });
            }
          }
        }),
      );
      await killed;
      const postMs = Date.now() - started;
      const acknowledged = outcomes.filter((outcome) => outcome.status === 201).map((outcome) => outcome.email);
      const refused = outcomes.filter((outcome) => outcome.status !== 201);
      assert.ok(acknowledged.length >= TOTAL * 0.9, `most enquiries acknowledged (${acknowledged.length}; others: ${JSON.stringify(refused.slice(0, 5))})`);

      // The jobs the dead server held: their leases run 2 minutes (JOB_DEFAULTS.leaseMs), and B leaves them alone meanwhile.
      const workerId = `${os.hostname()}:${victim.port}`;
      const held = await cluster.db.query<{ id: number; locked_until: Date }>(
        "select id, locked_until from jobs where locked_by = $1 and status = 'pending' and locked_until > now()",
        [workerId],
      );

      // The dead server comes back on its host and port, with the same worker id (ADR 082): it takes them back at once.
      const restarted = cluster.start(victim);
      restarted.catch(() => {});

      const ours = new Set(acknowledged);
      const mailsTo = () => {
        const counts = new Map<string, number>();
        for (const mail of cluster.smtp.received) {
          // Each e-mail names its enquiry's address (once or more: count it once per e-mail).
          for (const email of new Set(mail.raw.match(/crash-\d+@cluster\.example/g) ?? [])) {
            if (ours.has(email)) counts.set(email, (counts.get(email) ?? 0) + 1);
          }
        }
        return counts;
      };
      const mailWaitStarted = Date.now();
      // At least once, within the job worker's own bounds: a send that hangs is given up after
      // 60 s (JOB_DEFAULTS.timeoutMs) and retried 30 s later (baseDelayMs).
      await waitFor("an e-mail for every acknowledged enquiry", async () => mailsTo().size === acknowledged.length, 150_000, 250).catch(
        async (error: Error) => {
          const counts = mailsTo();
          const jobs = await cluster.db.query(
            "select status, locked_by, count(*)::int as n, max(attempts) as attempts, max(last_error) as error from jobs group by 1, 2",
          );
          const activity = await cluster.db.query(
            "select pid, state, wait_event_type, wait_event, now() - xact_start as xact_age, left(query, 120) as query from pg_stat_activity where datname = current_database()",
          );
          const greeting = await smtpGreeting(cluster.smtp.port);
          console.log(JSON.stringify({ activity: activity.rows, greeting, received: cluster.smtp.received.length }, null, 1));
          console.log(cluster.A.output.join("").slice(-5000));
          throw new Error(
            `${error.message}: missing ${acknowledged.filter((email) => !counts.has(email)).join(", ")}\njobs: ${JSON.stringify(jobs.rows)}\nB: ${cluster.B.output.join("").slice(-3000)}`,
          );
        },
      );
      const mailWaitMs = Date.now() - mailWaitStarted;
      // Every e-mail is in, but a held job of another kind may still be running on the restarted server: wait for it (bounded).
      const heldIds = held.rows.map((row) => row.id);
      const readResumed = () =>
        cluster.db.query<{ id: number; done_at: Date | null; status: string; locked_by: string | null; attempts: number }>(
          "select id, done_at, status, locked_by, attempts from jobs where id = any($1)",
          [heldIds],
        );
      if (heldIds.length)
        await waitFor(
          "the killed server's held jobs to be done",
          async () => (await readResumed()).rows.every((row) => row.done_at !== null),
          30_000,
          250,
        ).catch(() => {});
      const resumed = heldIds.length ? await readResumed() : { rows: [] };
      for (const { id, locked_until } of held.rows) {
        const doneAt = resumed.rows.find((row) => row.id === id)?.done_at;
        assert.ok(
          doneAt && doneAt < locked_until,
          `job ${id}, held by the killed server, done by its restart before its lease ended (${doneAt?.toISOString()} < ${locked_until.toISOString()}; row ${JSON.stringify(resumed.rows.find((row) => row.id === id))})`,
        );
      }
      const repeats = [...mailsTo().entries()].filter(([, count]) => count > 1);
      await restarted;

      // The inbox (its CSV export, what the admin downloads) lists every acknowledged enquiry.
      const cookie = await signIn(cluster.nginxURL);
      const csv = await request(`${cluster.nginxURL}/admin/enquiries.csv`, { headers: { cookie } });
      assert.equal(csv.status, 200);
      const missing = acknowledged.filter((email) => !csv.text().includes(email));
      assert.deepEqual(missing, [], "every acknowledged enquiry is in the inbox");
      // nginx retries on B what was in flight on A (ADR 093): one committed on A before the kill is not stored again.
      const twice = await cluster.db.query<{ email: string; n: number }>(
        "select email, count(*)::int as n from leads where email like 'crash-%@cluster.example' group by email having count(*) > 1",
      );
      assert.deepEqual(twice.rows, [], "no enquiry is stored twice");

      report.crash = {
        posted: TOTAL,
        acknowledged: acknowledged.length,
        notAcknowledged: refused.map((outcome) => `${outcome.email}: ${outcome.status}`),
        byServer: Object.fromEntries(
          ["A", "B"].map((name) => [name, outcomes.filter((outcome) => outcome.status === 201 && outcome.upstream === name).length]),
        ),
        jobsHeldByTheKilledServer: held.rows.length,
        emailRepeats: repeats.length,
        repeated: repeats.map(([email, count]) => `${email} ×${count}`),
        postMs,
        mailWaitMs,
      };
      console.log(`crash test: ${acknowledged.length}/${TOTAL} acknowledged, ${repeats.length} e-mail repeats, ${refused.length} not acknowledged`);
    },
  );

  // CLUSTER_RESTARTS (default 1): how many rolling restarts in a row; `npm run test:rolling-restart` runs 10 (issue 49).
  const restarts = Math.max(1, Number(process.env.CLUSTER_RESTARTS ?? 1));
  it(
    `7. ${restarts === 1 ? "a rolling restart" : `${restarts} rolling restarts in a row`} under 20 requests a second, a quarter of them enquiries, fails no request and loses no enquiry`,
    { timeout: restarts * 300_000 },
    async () => {
      const rounds: RestartRound[] = [];
      for (let round = 1; round <= restarts; round++) {
        const result = await rollingRestart(round);
        rounds.push(result);
        console.log(`rolling restart ${round}/${restarts}: ${JSON.stringify(result)}`);
        assert.deepEqual(result.exitCodes, [0, 0], `round ${round}: each server exits 0 on SIGTERM`);
        assert.deepEqual(
          result.failures,
          [],
          `round ${round}: no request failed; nginx's error log, less its refused connections (retried):\n${unexpectedNginxErrors()}`,
        );
        assert.equal(result.enquiriesStored, result.enquiriesAcknowledged, `round ${round}: every acknowledged enquiry is stored`);
        assert.ok(result.requests >= 20 * 5, `round ${round}: at least 5 s of load (${result.requests} requests)`);
      }
      report.rollingRestart =
        rounds.length === 1
          ? rounds[0]
          : { rounds: rounds.length, perRound: rounds.map(({ failures, ...round }) => ({ ...round, failures: failures.length })) };
    },
  );

  it(
    "8. backup, wipe the database and the bucket, restore: rows, checksums, the thumbnail and the admin's sign-in all come back",
    { timeout: 240_000 },
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pravas-cluster-backup-"));
      try {
        const file = path.join(dir, "cluster.tar.gz");
        let started = Date.now();
        const backup = await cluster.npm(["backup", "--", "--out", file]);
        assert.equal(backup.status, 0, backup.output);
        const backupMs = Date.now() - started;
        const manifest = readManifest(file);
        assert.ok(Object.keys(manifest.files).filter((name) => name.startsWith("media/")).length > 0, "the backup holds the media from the bucket");
        if (thumbnail) assert.ok(`media/${thumbnail.urls[0]!.split("/").pop()}` in manifest.files, "the backup holds the uploaded photo");

        // The site stops; the disk and the bucket are lost.
        for (const server of cluster.servers) await cluster.stop(server, "SIGTERM");
        // Partial tus uploads (tus-uploads/, ADR 053) are not media: a backup leaves them out.
        const media = (objects: Map<string, string>) => new Map([...objects].filter(([key]) => !key.startsWith("tus-uploads/")).sort());
        const objectsBefore = media(await cluster.bucketObjects());
        await cluster.db.query("drop schema public cascade; drop schema if exists drizzle cascade; create schema public;");
        await cluster.emptyBucket();
        assert.equal((await cluster.bucketObjects()).size, 0);

        started = Date.now();
        const restore = await cluster.npm(["restore", "--", file]);
        assert.equal(restore.status, 0, restore.output);
        const restoreMs = Date.now() - started;

        // A second backup of the restored site: the same rows and the same bytes, file by file.
        const again = path.join(dir, "again.tar.gz");
        assert.equal((await cluster.npm(["backup", "--", "--out", again])).status, 0);
        const restored = readManifest(again);
        assert.deepEqual(restored.tables, manifest.tables, "every table has its rows back");
        assert.deepEqual(restored.files, manifest.files, "every file (table dumps and media) has its checksum back");
        const objectsAfter = media(await cluster.bucketObjects());
        assert.deepEqual(objectsAfter, objectsBefore, "every media object is back in the bucket, byte for byte");

        // Both at once: the database is migrated and seeded already.
        await Promise.all(cluster.servers.map((server) => cluster.start(server)));
        const bali = await packageId("bali");
        const key = thumbnail?.key ?? String(bali.thumbnail);
        const listing = await request(`${cluster.nginxURL}/packages`);
        assert.ok(listing.text().includes(key), "Bali's card still shows the uploaded thumbnail");
        for (const url of thumbnail?.urls ?? []) {
          for (const base of [cluster.nginxURL, cluster.A.baseURL, cluster.B.baseURL]) {
            assert.equal((await request(`${base}${url}`)).status, 200, `${url} through ${base}`);
          }
        }
        await signIn(cluster.nginxURL);
        report.backup = {
          bytes: fs.statSync(file).size,
          rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
          mediaFiles: Object.keys(manifest.files).filter((name) => name.startsWith("media/")).length,
          backupMs,
          restoreMs,
        };
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

type RestartRound = {
  requests: number;
  enquiriesAcknowledged: number;
  enquiriesStored: number;
  failures: string[];
  seconds: number;
  exitCodes: (number | null)[];
};

/** nginx's error log without the refused connections it retried on the other server: what a failure left there. */
function unexpectedNginxErrors() {
  const lines = cluster.nginx.errorLog().split("\n");
  return lines
    .filter((line) => line.trim() && !/connect\(\) failed \(111|temporarily disabled/.test(line))
    .join("\n")
    .slice(-4000);
}

/** Each enquiry of the rolling restarts from an address of its own (the form limit is per client). */
let enquiriesPosted = 0;

/**
 * One rolling restart (SIGTERM A, start it, wait until nginx sends it requests
 * again; the same for B) under 20 requests a second through nginx: pages and
 * the API from 50 addresses, and every fourth an enquiry (a POST, which nginx
 * never retries once written to an upstream connection).
 */
async function rollingRestart(round: number): Promise<RestartRound> {
  const paths = ["/", "/packages", "/packages/bali", "/api/packages/bali", "/blogs"];
  const failures: string[] = [];
  const acknowledged: string[] = [];
  let sent = 0;
  const inFlight = new Set<Promise<void>>();
  const exitCodes: (number | null)[] = [];
  let running = true;
  /** When nginx last got a good answer from each upstream address ("127.0.0.1:3421"). */
  const answeredAt = new Map<string, number>();
  const send = (n: number): Promise<void> => {
    if (n % 4 === 3) {
      const p = enquiriesPosted++;
      const email = `restart-${round}-${p}@cluster.example`;
      const from = `127.3.${Math.floor(p / 250) % 250}.${(p % 250) + 1}`;
      return request(`${cluster.nginxURL}/api/enquiries`, { method: "POST", ...enquiry(email, p), from, timeoutMs: 30_000 }).then((answer) => {
        if (answer.status === 201) acknowledged.push(email);
        else failures.push(`POST /api/enquiries: ${answer.status} from ${upstreamName(answer)}`);
      });
    }
    const target = paths[n % paths.length]!;
    return request(`${cluster.nginxURL}${target}`, { from: `127.0.2.${(n % 50) + 1}`, timeoutMs: 30_000 }).then((answer) => {
      if (answer.status >= 400) failures.push(`${target}: ${answer.status} from ${upstreamName(answer)}`);
      else answeredAt.set(answer.upstream?.split(", ").pop() ?? "", Date.now());
    });
  };
  const load = (async () => {
    const started = Date.now();
    while (running) {
      const n = sent++;
      const call = send(n)
        .catch((error: Error) => void failures.push(`request ${n}: ${error.message}`))
        .finally(() => inFlight.delete(call));
      inFlight.add(call);
      // 20 a second, on a schedule (not after each answer).
      const wait = started + sent * 50 - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();
  const restartStarted = Date.now();
  try {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const server of cluster.servers) {
      exitCodes.push(await cluster.stop(server, "SIGTERM"));
      await cluster.start(server);
      // As a rolling restart does: the next server stops only once the balancer
      // sends the restarted one traffic again. nginx takes it back after its
      // fail_timeout (2 s, counted in whole seconds from its last failed try) and
      // forgets the failures at its first good answer; a fixed wait raced that.
      const ready = Date.now();
      await waitFor(`nginx to send ${server.name} requests again`, async () => (answeredAt.get(`127.0.0.1:${server.port}`) ?? 0) > ready, 30_000, 50);
    }
  } finally {
    running = false;
    await load;
    await Promise.all(inFlight);
  }
  const stored = await cluster.db.query<{ n: number }>("select count(*)::int as n from leads where email = any($1)", [acknowledged]);
  return {
    requests: sent,
    enquiriesAcknowledged: acknowledged.length,
    enquiriesStored: stored.rows[0]!.n,
    failures,
    seconds: Math.round((Date.now() - restartStarted) / 1000),
    exitCodes,
  };
}

/** CPU seconds used so far by this process and both app servers (from /proc; PostgreSQL and nginx left out). */
function clusterCpuSeconds() {
  const own = process.cpuUsage();
  let seconds = (own.user + own.system) / 1e6;
  for (const server of cluster.servers) {
    const stat = server.process?.pid && fs.existsSync(`/proc/${server.process.pid}/stat`) ? fs.readFileSync(`/proc/${server.process.pid}/stat`, "utf8") : "";
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks (100 a second).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (fields.length > 13) seconds += (Number(fields[11]) + Number(fields[12])) / 100;
  }
  return seconds;
}

/** What an SMTP server says first to a new connection, within 3 s (diagnostics). */
function smtpGreeting(port: number) {
  return new Promise<string>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const timer = setTimeout(() => (socket.destroy(), resolve("no greeting in 3 s")), 3000);
    socket.once("data", (data) => (clearTimeout(timer), socket.destroy(), resolve(data.toString().trim())));
    socket.once("error", (error) => (clearTimeout(timer), resolve(error.message)));
  });
}

type Manifest = { tables: { name: string; rows: number; file: string }[]; files: Record<string, { sha256: string; size: number }> };

function readManifest(file: string): Manifest {
  return JSON.parse(execFileSync("tar", ["-xzOf", file, "manifest.json"], { encoding: "utf8" })) as Manifest;
}
