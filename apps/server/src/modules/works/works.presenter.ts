import type { Work, WorkCategory } from '@starlit/contract';
import type { z } from 'zod';
import type { WorkRow } from './works.repository.ts';

/** A work as the contract shows it; the publisher defaults to the author's name (SPEC §5). */
export function presentWork(row: WorkRow, viewerId: string | null): z.input<typeof Work> {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    description: row.description,
    prompt: row.prompt,
    category: row.category as z.infer<typeof WorkCategory> | null,
    tags: row.tags,
    cover: row.cover,
    media: row.media,
    images: row.images,
    engine: row.engine,
    author: { userId: row.authorId, userName: row.authorName, avatar: row.authorAvatar },
    isOwner: row.authorId === viewerId,
    publisher: row.publisherName ?? row.authorName,
    agentId: row.agentId,
    isPublic: row.isPublic,
    hidden: row.hiddenAt !== null,
    status: row.publishedAt ? 'published' : 'draft',
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
