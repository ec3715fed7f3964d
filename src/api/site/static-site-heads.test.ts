import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticPageHeads } from '../share/head-tags.ts';
import { StaticSite } from './static-site.ts';

function site() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-heads-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<html><head><meta name="description" content="generic" />\n<title>Upsider</title></head>' +
      '<body><div id="root"></div></body></html>',
  );
  return new StaticSite(dir, (h) => h, {}, staticPageHeads('https://up.example'));
}
const html = (s: StaticSite, p: string) => s.respond(p, {}).body?.toString('utf8') ?? '';

describe('each page its own head (issue 43 §4)', () => {
  it('gives a public page its title, description, canonical URL and card, before and after prerender', async () => {
    const s = site();
    const before = html(s, '/leaderboard');
    expect(before).toContain('<title>Leaderboard — Upsider</title>');
    expect(before).toContain('<link rel="canonical" href="https://up.example/leaderboard" />');
    expect(before).toContain(
      '<meta property="og:image" content="https://up.example/api/cards/leaderboard/monthly.png" />',
    );
    expect(before).not.toContain('content="generic"');
    expect(before.match(/<title>/g)).toHaveLength(1);
    await s.addRenderedPage('/leaderboard', '<h1>Leaderboard</h1>');
    expect(html(s, '/leaderboard')).toContain('<title>Leaderboard — Upsider</title>');
    expect(html(s, '/leaderboard')).toContain('<h1>Leaderboard</h1>');
  });

  it('serves an unknown path the home page, which says noindex; the home page itself does not', () => {
    const s = site();
    expect(html(s, '/nothing-here')).toContain('<meta name="robots" content="noindex" />');
    expect(html(s, '/nothing-here')).toContain(
      '<link rel="canonical" href="https://up.example/" />',
    );
    expect(html(s, '/')).not.toContain('noindex');
  });

  it('makes a record page once per head and keeps it for the next ask', async () => {
    const s = site();
    const a = await s.pageWithHead('<title>Receipt: one</title>');
    expect(await s.pageWithHead('<title>Receipt: one</title>')).toBe(a);
    expect(a.variants[0]?.body.toString()).toContain('<title>Receipt: one</title>');
    expect(a.variants[0]?.body.toString()).not.toContain('generic');
  });
});
