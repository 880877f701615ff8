import type { Work, WorkCategory } from '@starlit/contract';
import type { z } from 'zod';
import type { WorkRow } from './works.repository.ts';

/**
 * A work as the contract shows it; the publisher defaults to the author's name (SPEC §5).
 * Only the author ever receives a hidden work, so only they learn why it was hidden.
 */
export function presentWork(row: WorkRow, viewerId: string | null): z.input<typeof Work> {
  const isOwner = row.authorId === viewerId;
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
    isOwner,
    publisher: row.publisherName ?? row.authorName,
    agentId: row.agentId,
    isPublic: row.isPublic,
    status: row.publishedAt ? 'published' : 'draft',
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    likeCount: row.likeCount,
    collectCount: row.collectCount,
    commentCount: row.commentCount,
    liked: row.liked,
    collected: row.collected,
    hidden: row.hiddenAt !== null,
    hiddenReason: isOwner ? row.hiddenReason : null,
    creation: row.creationParams
      ? {
          id: row.creationId,
          workflow: row.creationParams.workflow,
          params: row.creationParams,
          engine: row.engine,
          sameStyleFee: row.sameStyleFee,
          files: row.creationFiles ?? [],
          facts: row.creationFacts ?? {},
        }
      : null,
    task: !row.creationParams && row.creationFiles ? { id: row.taskId, files: row.creationFiles, facts: row.creationFacts ?? {} } : null,
  };
}
