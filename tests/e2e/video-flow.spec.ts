import { type APIRequestContext, expect, test } from '@playwright/test';
import { gotoPage } from './support/goto-page.ts';
import { signInWithX } from './support/sign-in-with-x.ts';

/**
 * Promotion videos (decision 0021) end to end: a post on the local X quoted with "make a video of
 * this", the agent's reply carrying the rendered video on the local X (its post page and home
 * timeline), and the request's receipt page whose player plays it — and goes back to the play
 * button when playback fails, as the spec requires.
 */
test.setTimeout(180_000);

interface LocalPost {
  id: string;
  text: string;
  inReplyToId: string | null;
  mediaIds: string[];
  author: { username: string };
}

async function post(request: APIRequestContext, username: string, text: string, quotedId?: string) {
  const res = await request.post('/sandbox/x/_admin/posts', { data: { username, text, quotedId } });
  expect(res.status()).toBe(201);
  return (await res.json()) as LocalPost;
}

async function replyTo(request: APIRequestContext, id: string, timeout = 30_000) {
  let reply: LocalPost | undefined;
  await expect
    .poll(
      async () => {
        const posts = (await (
          await request.get('/sandbox/x/_admin/posts?limit=200')
        ).json()) as LocalPost[];
        reply = posts.find((p) => p.inReplyToId === id);
        return reply !== undefined;
      },
      { timeout },
    )
    .toBe(true);
  return reply!;
}

test('a video of a post: on the local X timeline and on the receipt page, with a player', async ({
  page,
  request,
}) => {
  const ask = await post(request, 'vic_e2e', "@UpsiderAgent what's my address");
  const address = /DAG\d[1-9A-HJ-NP-Za-km-z]{36}/.exec((await replyTo(request, ask.id)).text)![0];
  const funded = await request.post('/sandbox/constellation/_admin/faucet', {
    data: { address, token: 'UP', tokens: '300' },
  });
  expect(funded.ok()).toBe(true);
  await request.post('/sandbox/constellation/_admin/snapshot');

  const target = await post(request, 'wes_e2e', 'The $UP bridge is live 🚀 try it today');
  const videoAsk = await post(request, 'vic_e2e', '@UpsiderAgent make a video of this', target.id);
  const reply = await replyTo(request, videoAsk.id, 150_000);
  expect(reply.text).toMatch(/^Your \$UP promotion video of wes_e2e's post/);
  expect(reply.mediaIds).toHaveLength(1);

  // The local X plays it on the agent's post page.
  await page.goto(`/sandbox/x/UpsiderAgent/status/${reply.id}`);
  const onX = page.locator('video.media');
  await expect(onX).toHaveAttribute('src', `/sandbox/x/media/${reply.mediaIds[0]}.mp4`);
  await expect.poll(() => onX.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);

  // ...and on the local X home timeline, in the request's thread, where it plays.
  await page.goto('/sandbox/x/home');
  const onTimeline = page.locator(
    `section[aria-label="Timeline"] video.media[src="/sandbox/x/media/${reply.mediaIds[0]}.mp4"]`,
  );
  await expect(onTimeline).toHaveCount(1);
  await onTimeline.scrollIntoViewIfNeeded();
  await expect
    .poll(() => onTimeline.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThan(0);
  expect(await onTimeline.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(6);
  await onTimeline.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect
    .poll(() => onTimeline.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0);
  expect(await onTimeline.evaluate((v: HTMLVideoElement) => v.error)).toBeNull();

  // The receipt shows it posted, with a poster frame behind a play button.
  await gotoPage(page, `/receipts/${videoAsk.id}`);
  await expect(page.getByTestId('video-state')).toContainText('Posted');
  const play = page.getByTestId('video-play');
  await expect(play.locator('img')).toHaveAttribute('src', `/api/videos/${videoAsk.id}.png`);
  await play.click();
  const video = page.getByTestId('video-element');
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThan(0);
  expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(6);

  // Playback failure returns to the play button, which tries again.
  await gotoPage(page, `/receipts/${videoAsk.id}`);
  await page.route('**/api/videos/*.mp4', (route) => route.abort());
  await page.getByTestId('video-play').click();
  await expect(page.getByTestId('video-error')).toBeVisible();
  await expect(page.getByTestId('video-play')).toBeVisible();
  await expect(page.getByTestId('video-element')).toHaveCount(0);

  // The requester's dashboard lists the video, linking to its receipt.
  await page.unrouteAll();
  await signInWithX(page, 'vic_e2e', '/dashboard');
  const mine = page.getByTestId('my-videos');
  await expect(mine).toContainText("@wes_e2e's post");
  await expect(mine).toContainText('Posted');
  await mine.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/receipts/${videoAsk.id}$`));
});
