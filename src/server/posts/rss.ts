import { escapeXml, xmlElement as element } from '../http/xml.ts';

/**
 * RSS 2.0 written by hand, because the escaping is the whole job: the `feed` package put
 * titles and bodies in CDATA sections and split only the first `]]>` in each, so a title
 * holding `]]>` twice closed the section and added elements of the author's choosing to the
 * feed. Here every text is escaped as character data, with no CDATA at all.
 */

export type RssChannel = {
  title: string;
  link: string;
  description: string;
  language: string;
  copyright: string;
  generator: string;
  /** The feed's own address (atom:link rel=self). */
  self: string;
  image: string;
  lastBuildDate: Date;
};

export type RssItem = {
  title: string;
  link: string;
  /** Plain text. */
  description: string;
  /** HTML, sent escaped as content:encoded. */
  contentHtml: string;
  pubDate: Date;
  creator: string;
  categories: string[];
  /** An image enclosure, when the post has a cover. */
  image?: { url: string; type: string };
};

function itemXml(item: RssItem): string {
  return [
    '<item>',
    element('title', item.title),
    element('link', item.link),
    `<guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
    element('pubDate', item.pubDate.toUTCString()),
    element('description', item.description),
    element('content:encoded', item.contentHtml),
    element('dc:creator', item.creator),
    ...item.categories.map((name) => element('category', name)),
    ...(item.image ? [`<enclosure url="${escapeXml(item.image.url)}" length="0" type="${escapeXml(item.image.type)}"/>`] : []),
    '</item>',
  ].join('\n');
}

export function rssXml(channel: RssChannel, items: RssItem[]): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    element('title', channel.title),
    element('link', channel.link),
    element('description', channel.description),
    element('lastBuildDate', channel.lastBuildDate.toUTCString()),
    element('docs', 'https://www.rssboard.org/rss-specification'),
    element('generator', channel.generator),
    element('language', channel.language),
    `<image>${element('title', channel.title)}${element('url', channel.image)}${element('link', channel.link)}</image>`,
    element('copyright', channel.copyright),
    `<atom:link href="${escapeXml(channel.self)}" rel="self" type="application/rss+xml"/>`,
    ...items.map(itemXml),
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
