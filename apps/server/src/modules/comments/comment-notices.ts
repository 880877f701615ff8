import type { InteractTemplate } from '@starlit/contract';

/** How much of the comment a notice quotes. */
const EXCERPT = 60;

const excerpt = (text: string) => {
  const chars = Array.from(text.replace(/\s+/g, ' '));
  return chars.length > EXCERPT ? `${chars.slice(0, EXCERPT).join('')}…` : chars.join('');
};

/** The interact notice of a comment or a reply: its kind and params, written in the reader's language when read. */
export function commentNotice(kind: 'comment' | 'reply', actorName: string, workName: string, text: string): InteractTemplate {
  return { kind, params: { actorName, workName, excerpt: excerpt(text) } };
}
