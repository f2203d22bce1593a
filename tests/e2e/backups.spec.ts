import zlib from "node:zlib";
import { privateServerPort } from "../../playwright.config";
import { startS3rver } from "../support/s3rver-for-tests";
import { ADMIN, expect, submitLogin, test } from "./admin-helpers";
import { expectNoAxeViolations } from "./axe";
import { startPrivateServer } from "./private-server";

// Issue 25 §3 and ADR 063: automatic backups into a bucket (BACKUP_S3_PREFIX),
// started from the dashboard and downloaded back, as an admin does it.

test("an admin backs up now into the bucket, sees the backup on the dashboard and downloads it", async ({ browser }) => {
  test.slow();
  const s3 = await startS3rver("pravas-backups");
  const server = await startPrivateServer(privateServerPort, {
    BACKUP_S3_PREFIX: "s3://pravas-backups/daily/",
    S3_ENDPOINT: s3.settings.endpoint!,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
  });
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    // A cold private server on a busy machine: the plain form works before hydration, and the panel's button is a plain form too.
    await submitLogin(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 30_000 });
    const panel = page.getByRole("region", { name: "Backups" });
    await expect(panel.getByText("s3://pravas-backups/daily/", { exact: true })).toBeVisible();
    await expect(panel.getByText("None yet", { exact: true })).toBeVisible();
    await expect(panel.getByRole("alert")).toHaveText(/No backup has been made yet/);

    await panel.getByRole("button", { name: "Back up now" }).click();
    // The job runs just after the request; the dashboard shows it once it is in the bucket.
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole("region", { name: "Backups" }).getByText("None yet", { exact: true })).toHaveCount(0);
    }).toPass({ timeout: 60_000 });
    await expect(page.getByRole("region", { name: "Backups" }).getByRole("alert")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Backups" }).getByText(/\d+(\.\d)? MB/)).toBeVisible();
    // The dashboard is scanned whole in admin-dashboard; here the Backups panel with a backup in it.
    await expectNoAxeViolations(page, { within: "#backups" });

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download the latest backup" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^pravas-\d{8}T\d{6}Z\.tar\.gz$/);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const archive = zlib.gunzipSync(Buffer.concat(chunks)).toString("latin1");
    expect(archive).toContain("manifest.json");
    expect(archive).toContain("db/leads.jsonl");
  } catch (error) {
    console.log(server.log().slice(-4000));
    throw error;
  } finally {
    await context.close();
    await server.stop();
    await s3.close();
  }
});
