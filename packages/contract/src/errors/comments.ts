import { featureErrors } from './feature.ts';

/** Error codes of comments on works (4100–4299). */
export const commentsErrors = featureErrors(
  {
    COMMENT_NOT_FOUND: 4101,
    COMMENT_DELETE_FAILED: 4102,
    COMMENT_PRIVATE_WORK: 4103,
    COMMENT_RATE_LIMITED: 4104,
    COMMENT_LIKE_RATE_LIMITED: 4105,
    COMMENT_WORK_HIDDEN: 4106,
  },
  {
    en_US: {
      4101: 'Comment not found',
      4102: 'Comment delete failed',
      4103: 'Private works cannot be commented on',
      4104: 'Please do not comment too often; try again in a minute',
      4105: 'Please do not like comments too often; try again in a minute',
      4106: 'This work is hidden and cannot be commented on',
    },
    zh_TW: {
      4101: '找不到留言',
      4102: '留言刪除失敗',
      4103: '私密作品無法留言',
      4104: '請勿頻繁留言，請一分鐘後再試',
      4105: '請勿頻繁按讚留言，請一分鐘後再試',
      4106: '此作品已被隱藏，無法留言',
    },
  },
);
