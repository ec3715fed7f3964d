import { expect, test } from '@playwright/test';
import { craftedBook, craftedPositions, serveBook } from './support/crafted-portfolio';
import { expectEmojiFontLoaded } from './support/emoji-font';
import { gotoPage } from './support/goto-page';
import { currentUser, signInWithX, uniqueHandle } from './support/sign-in-with-x';

/**
 * Issue 43 §5's smaller page fixes, each looked at: screenshots go to SCREENSHOT_DIR when set.
 * /polymarket (when an analysis was written and at which price, the free-preview label, whole
 * lines in the "Why I Bet" box), /premium (card and quote from one rounding), /sandbox (the
 * faucet's "use my address", unbroken words), the local X (emoji drawn).
 */
const shot = (name: string) =>
  process.env.SCREENSHOT_DIR ? { path: `${process.env.SCREENSHOT_DIR}/${name}.png` } : {};
const LONG = Array.from(
  { length: 14 },
  (_, i) => `Paragraph ${i + 1} of the reasoning, long enough to wrap once or twice on a phone.`,
).join('\n\n');

for (const width of [1366, 390]) {
  test(`/polymarket at ${width} px: written when and at which price; whole lines; the label`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const [first, ...rest] = craftedPositions();
    const written = {
      ...first!,
      current_price: 0.51,
      ai_analysis: {
        ...(first!.ai_analysis as object),
        overall_reasoning: LONG,
        written_at: '2026-11-27T13:05:00Z',
        price_at_writing: 0.43,
      },
    };
    await serveBook(page, craftedBook({ positions: [written, ...rest], fullAccess: true }));
    await gotoPage(page, '/polymarket');
    const row = page.getByRole('list', { name: 'Positions' }).getByRole('listitem').first();
    await row.getByRole('button', { name: 'Expand position' }).click();
    await expect(row.getByText('Free Preview - Full AI Analysis')).toBeVisible();
    await expect(row.getByTestId('analysis-written')).toHaveText(
      /^Written Nov 2\d, \d+:\d\d [AP]M, 2026, when the price was 43\.0¢ \(now 51\.0¢\)\.$/,
    );
    const box = row.getByTestId('analysis-text').first();
    const fit = await box.evaluate((el) => {
      const line = Number.parseFloat(getComputedStyle(el).lineHeight);
      const height = el.getBoundingClientRect().height;
      return { lines: height / line, scrolls: el.scrollHeight > el.clientHeight };
    });
    expect(fit.scrolls).toBe(true);
    expect(fit.lines).toBeCloseTo(Math.round(fit.lines), 2);
    await expect(box).toHaveAttribute('tabindex', '0');
    await box.screenshot(shot(`why-i-bet-${width}`));
  });
}

test('/premium: the card\'s "UP now" and the quote\'s UP amount round the same', async ({
  page,
}) => {
  // 123.455 UP: a float rounding of 123.455 gives 123.45, the quote's (base units) 123.46.
  const units = '12345500000';
  const plan = (tier: 'pro' | 'premium', months: number) => ({
    tier,
    durationMonths: months,
    priceUSD: 25,
    priceUP: 123.45,
    priceUpBaseUnits: units,
    pricePerMonth: 25 / months,
  });
  await page.route('**/api/subscription-pricing', (route) =>
    route.fulfill({
      json: {
        upTokenPrice: 0.2025,
        plans: [plan('pro', 1), plan('pro', 12), plan('premium', 1), plan('premium', 12)],
      },
    }),
  );
  await page.route('**/api/subscriptions/quote', (route) =>
    route.fulfill({
      json: {
        quoteId: 'q1',
        tier: 'premium',
        durationMonths: 1,
        priceUSD: 25,
        upTokenPrice: 0.2025,
        priceUP: 123.45,
        priceUpBaseUnits: units,
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      },
    }),
  );
  await signInWithX(page, uniqueHandle('e2e_quote'), '/premium');
  const premium = page.getByRole('region', { name: 'Premium plans' });
  await expect(premium.getByText('123.46 UP now').first()).toBeVisible();
  await premium.getByRole('button', { name: 'Buy Premium monthly' }).click();
  await premium.getByRole('button', { name: 'Get the UP price' }).click();
  await expect(premium.getByText(/^Pay 123\.46 UP/)).toBeVisible();
  await premium.screenshot(shot('premium-quote'));
});

for (const width of [1366, 390]) {
  test(`/sandbox at ${width} px: "use my address" when signed in, words never broken`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const handle = uniqueHandle('e2e_mine');
    await signInWithX(page, handle, '/dashboard');
    const me = await currentUser(page);
    await page.goto('/sandbox');
    const mine = page.getByRole('form', { name: 'Faucet to my wallet' });
    await mine.getByRole('button', { name: `Use my address (@${handle})` }).click();
    await expect(page.getByRole('status')).toContainText(`Sent 100 UP to ${me.dagAddress}`);
    // Every word of the services table (not its URLs) on one line.
    const broken = await page.locator('table td').evaluateAll((cells) =>
      cells.flatMap((td) => {
        const out: string[] = [];
        const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          if (n.parentElement?.closest('code')) continue;
          const text = n.textContent ?? '';
          for (const m of text.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(n, m.index);
            range.setEnd(n, m.index + m[0].length);
            if (range.getClientRects().length > 1) out.push(m[0]);
          }
        }
        return out;
      }),
    );
    expect(broken).toEqual([]);
    await page.screenshot({ ...shot(`sandbox-${width}`), fullPage: true });
  });
}

// Issue 43 §5: the page itself (no document.fonts.load from the test) fetches the subsets of its
// emoji and draws them with the font: with "Noto Emoji" last in the stack, Debian's Chromium often
// never fetched one and drew boxes (src/sandbox/x/web/emoji-font.ts). Screenshot looked at.
test('the local X draws emoji with the emoji font', async ({ page }) => {
  const res = await page.request.post('/sandbox/x/_admin/posts', {
    data: { username: uniqueHandle('e2e_emoji'), text: 'Launch day 🚀🎉 for $UP' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const subsets: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('.woff2')) subsets.push(r.url());
  });
  await page.goto('/sandbox/x/home');
  await expect(page.getByText('Launch day 🚀🎉 for $UP').first()).toBeVisible();
  await expectEmojiFontLoaded(page);
  expect(subsets.length).toBeGreaterThan(0);
  // Letters and digits stay the text font's: the emoji font's faces never claim them.
  const claimsDigits = await page.evaluate(() =>
    [...document.fonts].some((f) => /U\+(3[0-9]|2[3A])\b/i.test(f.unicodeRange)),
  );
  expect(claimsDigits).toBe(false);
  await page.getByText('Launch day 🚀🎉 for $UP').first().screenshot(shot('local-x-emoji'));
});
