import { featureErrors } from './feature.ts';

/** Error codes of chat: conversations, messages, memories. */
export const chatErrors = featureErrors(
  {
    CHAT_CONVERSATION_NOT_FOUND: 7002,
    CHAT_PARENT_NOT_FOUND: 7003,
    CHAT_REPLY_RUNNING: 7004,
    CHAT_RATE_LIMITED: 7005,
    CHAT_MESSAGE_TOO_LONG: 7006,
    CHAT_MESSAGE_NOT_FOUND: 7007,
    CHAT_VOICE_FAILED: 7008,
    CHAT_NO_VOICE: 7009,
    CHAT_MEMORY_NOT_FOUND: 7010,
    CHAT_OPENING_FIXED: 7011,
  },
  {
    en_US: {
      7002: 'Conversation not found',
      7003: 'The message to reply to is not in this conversation',
      7004: 'The agent is still replying: wait for it to finish',
      7005: 'You are sending messages too fast: wait a moment and try again',
      7006: 'A message can be at most 2000 characters',
      7007: 'Message not found',
      7008: 'Voice generation failed: regenerate it or start a new conversation',
      7009: 'This agent has no voice to speak with',
      7010: 'Memory not found',
      7011: "The opening line is the agent's own words and cannot be regenerated",
    },
    zh_TW: {
      7002: '找不到對話',
      7003: '要回覆的訊息不在此對話中',
      7004: '智能體仍在回覆中，請等它說完',
      7005: '訊息傳送太頻繁，請稍候再試',
      7006: '訊息最多 2000 個字',
      7007: '找不到訊息',
      7008: '語音生成失敗：請重新生成或開始新對話',
      7009: '此智能體沒有可用的聲音',
      7010: '找不到記憶',
      7011: '開場白是智能體自己的話，無法重新生成',
    },
  },
);
