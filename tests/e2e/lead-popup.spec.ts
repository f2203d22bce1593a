import type { Page } from "@playwright/test";
import { expect, gotoHydratedOnClock, test, type TestDatabase } from "./fixtures";

const POPUP_TITLE = "Where would you like to go next?";
const CLOSED_AT_KEY = "pravas.leadPopup.closedAt";
const SUBMITTED_KEY = "pravas.leadPopup.submitted";
const OUTBOX_KEY = "pravas.leadOutbox";

const popup = (page: Page) => page.getByRole("dialog", { name: POPUP_TITLE });

/**
 * Opens the home page (its clock installed) and waits until React runs: by then the popup's timer is set.
 * Under the page's clock the popup's 15 s count from hydration (the fake `performance` has no load time).
 */
async function openHome(page: Page) {
  await gotoHydratedOnClock(page, "/");
}

/** A phone number no other test uses, and a clean-up step that deletes its leads. */
function uniquePhone(db: TestDatabase) {
  const phone = `+91 9${Date.now().toString().slice(-9)}`;
  db.onCleanup(() => db.query("delete from leads where phone = $1", [phone]));
  return phone;
}

const leadsWithPhone = (db: TestDatabase, phone: string) =>
  db.query<{ name: string; phone: string; source: string }>("select name, phone, source from leads where phone = $1", [phone]);

test.describe("lead popup", () => {
  // One page load for the popup's whole life: it appears, refuses an empty form, then takes a lead and never comes back.
  test("appears 15 s after load as a real dialog with the spec's fields; name and phone are required; submitting stores the lead and the submitted flag, and it never shows again", async ({
    page,
    db,
  }) => {
    const phone = uniquePhone(db);
    await page.clock.install();
    await openHome(page);
    const dialog = popup(page);
    await test.step("appears 15 s after load, as a real dialog with the spec's fields", async () => {
      // 15 s count from load; the page became interactive a moment after it.
      await page.clock.fastForward("00:13");
      await expect(dialog).toBeHidden();
      await page.clock.fastForward("00:02");
      await expect(dialog).toBeVisible();
      // Focus moves into the dialog.
      await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
      await expect(dialog.getByPlaceholder("Enter Your Name Here")).toBeVisible();
      await expect(dialog.getByPlaceholder("Enter Your Phone Here")).toHaveAttribute("type", "tel");
      // The page behind is inert: Tab never reaches it (past the last field focus leaves for the browser's own UI).
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press("Tab");
        const focus = await dialog.evaluate((element) =>
          element.contains(document.activeElement) ? "dialog" : document.activeElement === document.body ? "browser" : "page",
        );
        expect(focus).not.toBe("page");
      }
      // …nor does the pointer: the backdrop covers the navbar.
      const underPointer = await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Packages" })
        .evaluate((link) => {
          const box = link.getBoundingClientRect();
          return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.tagName;
        });
      expect(underPointer).toBe("DIALOG");
    });

    await test.step("name and phone are required", async () => {
      await dialog.getByRole("button", { name: "Submit" }).click();
      await expect(dialog.getByText("Please enter your name.")).toBeVisible();
      await expect(dialog.getByText("Please enter your phone number.")).toBeVisible();
      await expect(dialog.getByRole("textbox", { name: "Name" })).toHaveAttribute("aria-invalid", "true");
      await expect(dialog.getByRole("textbox", { name: "Name" })).toBeFocused();
      await expect(dialog).toBeVisible();
    });

    await test.step("submitting stores the lead and the submitted flag, and it never shows again", async () => {
      await dialog.getByPlaceholder("Enter Your Name Here").fill("Popup Tester");
      await dialog.getByPlaceholder("Enter Your Phone Here").fill(phone);
      await dialog.getByRole("button", { name: "Submit" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("status").filter({ hasText: "Thank you! We will call you back soon." })).toBeVisible();
      expect(await leadsWithPhone(db, phone)).toEqual([{ name: "Popup Tester", phone, source: "popup" }]);
      expect(await page.evaluate((key) => localStorage.getItem(key), SUBMITTED_KEY)).toBe("true");

      await page.clock.fastForward("30:00");
      await expect(popup(page)).toBeHidden();
      await page.reload();
      await gotoHydratedOnClock(page);
      await page.clock.fastForward("20:00");
      await expect(popup(page)).toBeHidden();
    });
  });

  // One page's popup through every close, the next page load within 15 minutes of one, then a send while offline.
  test("the close button, the backdrop and Escape each hide it and store the close time; it comes back 15 minutes after each; a close less than 15 minutes ago keeps it away on the next page load; when the network fails the popup completes, and the lead is sent on the next page load", async ({
    page,
    db,
  }) => {
    const phone = uniquePhone(db);
    await page.clock.install();
    await openHome(page);
    await test.step("the close button hides it, stores the close time and brings it back 15 minutes later", async () => {
      await page.clock.fastForward("00:15");
      await popup(page).getByRole("button", { name: "Close" }).click();
      await expect(popup(page)).toBeHidden();
      const closedAt = Number(await page.evaluate((key) => localStorage.getItem(key), CLOSED_AT_KEY));
      expect(closedAt).toBeGreaterThan(0);
      await page.clock.fastForward("14:50");
      await expect(popup(page)).toBeHidden();
      await page.clock.fastForward("00:11");
      await expect(popup(page)).toBeVisible();
    });

    await test.step("the backdrop and Escape close it too", async () => {
      const closedByButton = await page.evaluate((key) => localStorage.getItem(key), CLOSED_AT_KEY);
      await page.mouse.click(5, 5);
      await expect(popup(page)).toBeHidden();
      // A new close time: the one the backdrop's close stored.
      expect(await page.evaluate((key) => localStorage.getItem(key), CLOSED_AT_KEY)).not.toBe(closedByButton);

      await page.clock.fastForward("15:01");
      await expect(popup(page)).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(popup(page)).toBeHidden();
      await page.clock.fastForward("15:01");
      await expect(popup(page)).toBeVisible();
    });

    await test.step("a close less than 15 minutes ago keeps it away on the next page load", async () => {
      await page.keyboard.press("Escape");
      await expect(popup(page)).toBeHidden();
      await page.reload();
      await gotoHydratedOnClock(page);
      await page.clock.fastForward("00:20");
      await expect(popup(page)).toBeHidden();
      // The page's clock also runs on its own (the reload, hydration): these steps leave a wide margin.
      await page.clock.fastForward("13:00");
      await expect(popup(page)).toBeHidden();
      // 15 minutes after that close it is back.
      await page.clock.fastForward("02:00");
      await expect(popup(page)).toBeVisible();
    });

    await test.step("when the network fails the popup completes, and the lead is sent on the next page load", async () => {
      await page.route("**/api/leads", (route) => route.abort("internetdisconnected"));
      const dialog = popup(page);
      await dialog.getByPlaceholder("Enter Your Name Here").fill("Offline Tester");
      await dialog.getByPlaceholder("Enter Your Phone Here").fill(phone);
      await dialog.getByRole("button", { name: "Submit" }).click();
      await expect(dialog).toBeHidden();
      expect(await page.evaluate((key) => localStorage.getItem(key), SUBMITTED_KEY)).toBe("true");
      expect(await page.evaluate((key) => localStorage.getItem(key), OUTBOX_KEY)).toContain(phone);
      expect(await leadsWithPhone(db, phone)).toEqual([]);

      await page.unroute("**/api/leads");
      await page.reload();
      // Scripts start by themselves after the first paint, in idle time (ADR 078); the page's clock is paused.
      await page.clock.runFor(3_000);
      await expect.poll(() => leadsWithPhone(db, phone)).toEqual([{ name: "Offline Tester", phone, source: "popup" }]);
      await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), OUTBOX_KEY)).toBeNull();
    });
  });

  test("a visitor who has just sent the contact form is not asked again 15 s later", async ({ page, db }) => {
    const email = `e2e-popup-${Date.now()}@example.com`;
    db.onCleanup(() => db.query("delete from contact_messages where email = $1", [email]));
    await page.clock.install();
    await gotoHydratedOnClock(page, "/contact");
    const form = page.getByRole("form", { name: "Send us a message" });
    await expect(page.locator("#contact-form")).toHaveAttribute("data-enhanced", "");
    const values = { "First name": "Asha", "Last name": "Verma", "E-mail": email, Phone: "+91 98200 12345", Message: "Bali in March, two adults." };
    for (const [label, value] of Object.entries(values)) await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Message sent successfully!")).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), SUBMITTED_KEY)).toBe("true");
    // The popup's 15 s, set at load, pass: it stays away, here and on the next page.
    await page.clock.fastForward("00:20");
    await expect(popup(page)).toBeHidden();
    await openHome(page);
    await page.clock.fastForward("00:20");
    await expect(popup(page)).toBeHidden();
  });
});

test.describe("POST /api/leads", () => {
  test("stores a lead and answers 201", async ({ request, db }) => {
    const phone = uniquePhone(db);
    const response = await request.post("/api/leads", { data: { name: "  Api Tester ", phone } });
    expect(response.status()).toBe(201);
    expect(await response.json()).toMatchObject({ ok: true });
    expect(await leadsWithPhone(db, phone)).toEqual([{ name: "Api Tester", phone, source: "popup" }]);
  });

  test("accepts form-encoded posts too", async ({ request, db }) => {
    const phone = uniquePhone(db);
    const response = await request.post("/api/leads", { form: { name: "Form Tester", phone } });
    expect(response.status()).toBe(201);
    expect(await leadsWithPhone(db, phone)).toHaveLength(1);
  });

  test("rejects bad leads with 400 and a JSON error naming the field", async ({ request }) => {
    const missingPhone = await request.post("/api/leads", { data: { name: "No Phone" } });
    expect(missingPhone.status()).toBe(400);
    const body = await missingPhone.json();
    expect(body.fields).toEqual({ phone: "Please enter your phone number." });
    expect(body.error).toContain("phone");

    const blankName = await request.post("/api/leads", { data: { name: "   ", phone: "98765" } });
    expect(blankName.status()).toBe(400);
    expect((await blankName.json()).fields).toEqual({ name: "Please enter your name." });

    const wrongTypes = await request.post("/api/leads", { data: { name: ["x"], phone: 98765 } });
    expect(wrongTypes.status()).toBe(400);
    expect(Object.keys((await wrongTypes.json()).fields).sort()).toEqual(["name", "phone"]);

    const notJson = await request.post("/api/leads", {
      headers: { "Content-Type": "application/json" },
      data: "{not json",
    });
    expect(notJson.status()).toBe(400);
    expect(await notJson.json()).toHaveProperty("error");

    const array = await request.post("/api/leads", { data: [1, 2] });
    expect(array.status()).toBe(400);
  });

  test("a filled honeypot gets the normal answer and nothing is stored", async ({ request, db }) => {
    const phone = uniquePhone(db);
    const response = await request.post("/api/leads", { data: { name: "Bot", phone, website: "http://spam.example" } });
    expect(response.status()).toBe(201);
    expect(await response.json()).toMatchObject({ ok: true });
    expect(await leadsWithPhone(db, phone)).toEqual([]);
  });

  test("GET is refused", async ({ request }) => {
    expect((await request.get("/api/leads")).status()).toBe(405);
  });
});
