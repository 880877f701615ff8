import { featureErrors } from './feature.ts';

/** Error codes of comments on works (4100–4299). */
export const commentsErrors = featureErrors(
  {
    COMMENT_NOT_FOUND: 4101,
    COMMENT_DELETE_FAILED: 4102,
    COMMENT_PRIVATE_WORK: 4103,
  },
  {
    en_US: {
      4101: 'Comment not found',
      4102: 'Comment delete failed',
      4103: 'Private works cannot be commented on',
    },
    zh_TW: {
      4101: '找不到留言',
      4102: '留言刪除失敗',
      4103: '私密作品無法留言',
    },
  },
);
