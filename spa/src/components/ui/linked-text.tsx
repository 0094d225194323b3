import { Fragment } from 'react';

// User text (a bio, a group's description) shown with its web addresses as links. The text is
// never parsed as HTML: only http(s) addresses and www. names become <a>, the rest stays text.
// A long address shows shortened (host and the start of the path), whole in its href and title.

const urlPattern = /\b(?:https?:\/\/|www\.)[^\s<>"']+/giu;
// Punctuation that usually ends the sentence, not the address.
const trailing = /[.,;:!?)\]}'"]+$/u;

/** How an address reads in the text: no scheme, at most max characters. */
export function shortUrl(url: string, max = 32): string {
  const bare = url.replace(/^https?:\/\//iu, '').replace(/\/$/u, '');
  return bare.length <= max ? bare : `${bare.slice(0, max - 1)}…`;
}

export interface TextPart {
  text: string;
  href?: string;
}

/** Splits text into plain parts and addresses. */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(urlPattern)) {
    const start = m.index;
    const raw = m[0].replace(trailing, '');
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: raw, href: /^www\./iu.test(raw) ? `https://${raw}` : raw });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

export function LinkedText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={className}>
      {linkParts(text).map((p, i) =>
        p.href ? (
          <a key={i} href={p.href} title={p.text} target="_blank" rel="noopener noreferrer nofollow ugc">
            {shortUrl(p.text)}
          </a>
        ) : (
          <Fragment key={i}>{p.text}</Fragment>
        ),
      )}
    </p>
  );
}
