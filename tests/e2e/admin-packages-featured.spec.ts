import { expect, gotoHydrated, test } from "./fixtures";

// This file's own client address: its sign-ins never count against other files' throttles.
test.use({ extraHTTPHeaders: { "x-forwarded-for": "10.250.11.5" } });

test("staff reorder the home carousel with the keyboard; the home page shows the new order at the next request", async ({ adminPage: page, db }) => {
  const before = await db.query<{ package_id: number; sort_order: number; title: string }>(
    `select t.package_id, t.sort_order, p.title from top_destinations t join packages p on p.id = t.package_id
     where p.status = 'published' order by t.sort_order, p.id`,
  );
  expect(before.length).toBeGreaterThanOrEqual(2);
  // Put the seeded order back afterwards: other files rely on it.
  const saved = await db.query<{ package_id: number; sort_order: number }>(`select package_id, sort_order from top_destinations`);
  db.onCleanup(async () => {
    for (const row of saved) await db.query(`update top_destinations set sort_order = $2 where package_id = $1`, [row.package_id, row.sort_order]);
  });
  const [first, second] = before;

  await gotoHydrated(page, "/admin/packages");
  await page.getByRole("link", { name: "Home carousel order" }).click();
  await expect(page).toHaveURL(/\/admin\/packages\/featured$/);
  const order = page.getByRole("list", { name: "Home carousel order" });
  await expect(order.getByRole("listitem").first()).toContainText(first!.title);

  // Move the second package up, from the keyboard.
  await page.getByRole("button", { name: `Move ${second!.title} up` }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toContainText(`${second!.title} is now number 1 on the home page.`);
  await expect(order.getByRole("listitem").first()).toContainText(second!.title);
  await expect(order.getByRole("listitem").nth(1)).toContainText(first!.title);
  // Focus is back on the moved package's button; at the top it stays focusable but does nothing.
  await expect(page.getByRole("button", { name: `Move ${second!.title} up` })).toBeFocused();
  await expect(page.getByRole("button", { name: `Move ${second!.title} up` })).toHaveAttribute("aria-disabled", "true");

  // The home page's Top Destinations carousel follows at once.
  await page.goto("/");
  const carousel = page.getByRole("list", { name: "Top Destinations" });
  await expect(carousel.getByRole("listitem").first()).toContainText(second!.title);
  await expect(carousel.getByRole("listitem").nth(1)).toContainText(first!.title);

  // Moved back down, the first is first again.
  await gotoHydrated(page, "/admin/packages/featured");
  await page.getByRole("button", { name: `Move ${second!.title} down` }).click();
  await expect(order.getByRole("listitem").first()).toContainText(first!.title);
  await page.goto("/");
  await expect(carousel.getByRole("listitem").first()).toContainText(first!.title);
});
