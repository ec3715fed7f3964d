import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accessibility.ts';
import { gotoPage } from './support/goto-page';

/** Today as the pages must show it, computed here independently of the app's code. */
function todayLongDate() {
  return new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

const PAGES = [
  {
    path: '/terms-of-service',
    title: 'Terms of Service',
    sections: [
      'Acceptance',
      'Description of Service',
      'User Conduct',
      'Intellectual Property',
      'Data and Privacy',
      'Disclaimers',
      'Limitation of Liability',
      'Termination',
      'Changes to Terms',
      'Governing Law',
      'Contact',
    ],
  },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    sections: [
      'Introduction',
      'Information',
      'Use',
      'Shar',
      'Third-Party Services',
      'Cookies',
      'Security',
      'Retention',
      'Privacy Rights',
      'Children Under 13',
      'International Transfers',
      'Changes',
      'Contact',
    ],
  },
];

for (const legal of PAGES) {
  test.describe(legal.path, () => {
    test.beforeEach(async ({ page }) => {
      await page.goto(legal.path);
      await expect(page.getByRole('heading', { level: 1, name: legal.title })).toBeVisible();
    });

    test(`has ${legal.sections.length} sections in the spec's order`, async ({ page }) => {
      const headings = page.locator('article section > h2');
      await expect(headings).toHaveCount(legal.sections.length);
      const texts = await headings.allTextContents();
      legal.sections.forEach((name, i) => {
        expect(texts[i]).toContain(name);
      });
    });

    test("shows 'Last updated' with today's date", async ({ page }) => {
      await expect(page.getByText('Last updated:')).toHaveText(`Last updated: ${todayLongDate()}`);
    });

    test('has no serious or critical accessibility violation', async ({ page }) => {
      await expectNoSeriousA11yViolations(page);
    });
  });
}

test('the terms state no financial advice, 30 days notice and the minimum age', async ({
  page,
}) => {
  await gotoPage(page, '/terms-of-service');
  const article = page.locator('article');
  await expect(article).toContainText('No financial advice');
  await expect(article).toContainText('30 days notice');
  await expect(article).toContainText('at least 13 years old');
});

test('the privacy policy describes the encryption and the session cookie', async ({ page }) => {
  await gotoPage(page, '/privacy-policy');
  const article = page.locator('article');
  await expect(article).toContainText('AES-256-CBC');
  await expect(article).toContainText('single session cookie');
  await expect(article).toContainText('under 13');
});
