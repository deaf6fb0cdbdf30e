import { heroPicture, markdown, page, section, text } from '../define.ts';

export const blog = page(
  '/blog',
  'Blog',
  section(
    'Intro',
    text('Heading', 'Advice for van and fleet owners'),
    text('Lead', 'Practical articles for Irish van drivers, fleet managers and hauliers on insurance, road safety and running commercial vehicles.'),
    heroPicture(),
  ),
  section(
    'Note',
    markdown(
      'Text',
      `What we publish here is general information, not advice on your own policy: for that, talk to one of our brokers. Follow new articles with our [RSS feed](/rss.xml).`,
    ),
  ),
);
