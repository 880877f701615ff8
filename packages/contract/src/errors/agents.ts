import { featureErrors } from './feature.ts';

/** Error codes of agents: editing, voices on the agent, skills, publishing. */
export const agentsErrors = featureErrors(
  {
    AGENT_NOT_FOUND: 6001,
    AGENT_NOT_PUBLISHABLE: 6002,
    AGENT_VOICE_RULE: 6003,
    AGENT_VOICE_NOT_FOUND: 6004,
    AGENT_SKILL_NOT_FOUND: 6005,
    AGENT_NOTHING_TO_AUDITION: 6006,
    AGENT_SPEECH_UNAVAILABLE: 6007,
    AGENT_VOICE_GENERATION_FAILED: 6008,
  },
  {
    en_US: {
      6001: 'Agent not found',
      6002: 'The agent cannot be published yet',
      6003: 'These voices cannot be used together',
      6004: 'Voice not found',
      6005: 'Skill not found',
      6006: 'Write an opening line and choose a voice before the audition',
      6007: 'No speech engine is available on this server, so the opening cannot be auditioned',
      6008: 'Voice generation failed, please regenerate or start a new conversation',
    },
    zh_TW: {
      6001: '找不到智能體',
      6002: '智能體尚未符合發布條件',
      6003: '這些聲音不能一起使用',
      6004: '找不到聲音',
      6005: '找不到技能',
      6006: '試聽前請先填寫開場白並選擇聲音',
      6007: '此伺服器沒有可用的語音引擎，無法試聽開場白',
      6008: '語音生成失敗，請重新生成或開始新的對話',
    },
  },
);
