import { genericSharePage, type SharePage, STATIC_PAGES, staticSharePage } from './share-page.ts';

/**
 * Each page's own head (title, description, canonical, share card; issue 43 §4): `tags(path)`
 * for the fixed public pages `paths`, `fallback` (the home page's, noindex) for any other path.
 */
export interface PageHeads {
  paths: readonly string[];
  tags(path: string): string | null;
  fallback: string;
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The head of a shared page: title, description, canonical link, Open Graph (ogp.me) and X's
 * card tags. X reads og:title/og:description/og:image when its own twitter:* are absent
 * (https://developer.x.com/cards/markup, its fallback table), so only the card type and the
 * site's account (`twitter:site`, which that table requires) are X's own. Descriptions are cut
 * at X's 200 characters.
 */
export function headTags(page: SharePage, publicUrl: string, xSite: string | null = null): string {
  const base = publicUrl.replace(/\/+$/, '');
  const url = `${base}${page.path}`;
  const image = `${base}${page.cardPath}`;
  const description =
    page.description.length > 200 ? `${page.description.slice(0, 199)}…` : page.description;
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeAttr(value)}" />`;
  return [
    `<title>${escapeAttr(page.title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeAttr(url)}" />`,
    ...(page.noindex ? [meta('name', 'robots', 'noindex')] : []),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Upsider'),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', '1200'),
    meta('property', 'og:image:height', '630'),
    meta('property', 'og:image:alt', `${page.card.headline}. ${page.card.lines.join('. ')}`),
    meta('name', 'twitter:card', 'summary_large_image'),
    ...(xSite ? [meta('name', 'twitter:site', `@${xSite}`)] : []),
  ].join('');
}

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta name="description"[^>]*>\s*/;

/** index.html with its one generic title and description replaced by a page's own head. */
export function replaceHead(html: string, tags: string): string {
  if (!TITLE.test(html)) return html;
  return html.replace(DESCRIPTION, '').replace(TITLE, tags);
}

/** The fixed public pages' heads, and the home page's (noindex) for every other path. */
export function staticPageHeads(publicUrl: string, xSite: string | null = null): PageHeads {
  const host = new URL(publicUrl).host;
  const tags = (path: string) => {
    const page = staticSharePage(path, host);
    return page ? headTags(page, publicUrl, xSite) : null;
  };
  return {
    paths: Object.keys(STATIC_PAGES),
    tags,
    fallback: headTags(genericSharePage(host, true), publicUrl, xSite),
  };
}
