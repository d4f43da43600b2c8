import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Each SEO check by id: what it checks and what to do when it fails (Lighthouse SEO and Yoast wording). */
export const checkLabels: Record<string, { title: MessageDescriptor; advice: MessageDescriptor }> = {
  crawlable: {
    title: msg`Page can be indexed`,
    advice: msg`Remove noindex from the page's robots meta tag.`,
  },
  'document-title': {
    title: msg`Page has a title`,
    advice: msg`Give the page a <title> that names its subject.`,
  },
  'title-length': { title: msg`Title length`, advice: msg`Keep the title between 10 and 60 characters.` },
  'meta-description': {
    title: msg`Meta description`,
    advice: msg`Add a meta description summarising the page.`,
  },
  'meta-description-length': {
    title: msg`Meta description length`,
    advice: msg`Keep the meta description between 120 and 156 characters.`,
  },
  'single-h1': { title: msg`One main heading`, advice: msg`Use exactly one h1 heading per page.` },
  'image-alt': { title: msg`Image alt text`, advice: msg`Give every image an alt attribute.` },
  canonical: {
    title: msg`Valid canonical`,
    advice: msg`Point rel=canonical at an absolute URL on the same site.`,
  },
  hreflang: {
    title: msg`Valid hreflang`,
    advice: msg`Use valid language codes and absolute URLs in hreflang links.`,
  },
  'link-text': {
    title: msg`Descriptive link text`,
    advice: msg`Replace link texts such as "click here" with what the link leads to.`,
  },
  'crawlable-anchors': {
    title: msg`Crawlable links`,
    advice: msg`Give every link a real href instead of javascript: or an empty one.`,
  },
  'text-length': { title: msg`Text length`, advice: msg`Write at least 300 words on the page.` },
  'keyphrase-in-title': {
    title: msg`Keyphrase in title`,
    advice: msg`Use the target keyphrase in the title.`,
  },
  'keyphrase-in-meta-description': {
    title: msg`Keyphrase in meta description`,
    advice: msg`Use the target keyphrase in the meta description.`,
  },
  'keyphrase-in-heading': {
    title: msg`Keyphrase in heading`,
    advice: msg`Use the target keyphrase in the h1 or an h2.`,
  },
  'keyphrase-in-slug': {
    title: msg`Keyphrase in URL`,
    advice: msg`Use the keyphrase's words in the page's URL.`,
  },
  'keyphrase-in-introduction': {
    title: msg`Keyphrase in introduction`,
    advice: msg`Use the keyphrase in the first paragraph.`,
  },
  'keyphrase-density': {
    title: msg`Keyphrase density`,
    advice: msg`Use the keyphrase in 0.5% to 3% of the words.`,
  },
  'robots-txt': {
    title: msg`robots.txt is valid`,
    advice: msg`Fix the lines of robots.txt that do not parse.`,
  },
  'http-status': {
    title: msg`Pages answer`,
    advice: msg`Fix or redirect the internal URLs that answer with errors.`,
  },
  sitemap: { title: msg`Sitemap found`, advice: msg`Publish a sitemap.xml and name it in robots.txt.` },
};
