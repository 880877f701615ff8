import { MODERATION_LIMITS } from '@starlit/contract';
import type { ActionKind } from './moderation.repository.ts';

/** A system notice's texts. */
export interface NoticeText {
  title: string;
  content: string;
}

/** What the author is told of an action (dismiss tells them nothing: nothing happened to them). */
export interface AuthorNews {
  action: Exclude<ActionKind, 'dismiss'>;
  workName: string;
  reason: string;
  hidden: boolean;
  activeStrikes: number;
  mutedUntil: Date | null;
}

const when = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

// An account keeps no language, and a moderator's is not the recipient's: a notice carries both
// languages of the app, English first, as one text (the welcome notice knows the language of its sign-up).
const both = (en: NoticeText, zh: NoticeText): NoticeText => ({ title: `${en.title} · ${zh.title}`, content: `${en.content}\n\n${zh.content}` });

export function authorNotice(n: AuthorNews): NoticeText {
  const reasonEn = n.reason ? ` Reason: ${n.reason}` : '';
  const reasonZh = n.reason ? `原因：${n.reason}` : '';
  if (n.action === 'unhide') {
    return both(
      { title: 'Your work is shown again', content: `Your work "${n.workName}" is shown to others again.${reasonEn}` },
      { title: '你的作品已恢復顯示', content: `你的作品「${n.workName}」已重新對其他人顯示。${reasonZh}` },
    );
  }
  if (n.action === 'hide') {
    return both(
      { title: 'Your work was hidden', content: `Your work "${n.workName}" was hidden by moderation: only you can see it now.${reasonEn}` },
      { title: '你的作品已被隱藏', content: `你的作品「${n.workName}」已被管理員隱藏，現在只有你看得到。${reasonZh}` },
    );
  }
  const max = MODERATION_LIMITS.strikesToMute;
  const muteEn = n.mutedUntil ? ` Your account cannot publish or comment until ${when(n.mutedUntil)}.` : '';
  const muteZh = n.mutedUntil ? `你的帳號在 ${when(n.mutedUntil)} 前無法發佈或留言。` : '';
  const hiddenEn = n.hidden ? ' The work was hidden.' : '';
  const hiddenZh = n.hidden ? '該作品已被隱藏。' : '';
  return both(
    {
      title: 'Your account received a strike',
      content: `Your work "${n.workName}" broke the community rules.${reasonEn}${hiddenEn} Active strikes: ${n.activeStrikes} (${max} within ${MODERATION_LIMITS.strikeDays} days mute an account for ${MODERATION_LIMITS.muteDays} days).${muteEn}`,
    },
    {
      title: '你的帳號收到一次警告',
      content: `你的作品「${n.workName}」違反了社群規範。${reasonZh}${hiddenZh}目前有效警告：${n.activeStrikes} 次（${MODERATION_LIMITS.strikeDays} 天內累計 ${max} 次將禁言 ${MODERATION_LIMITS.muteDays} 天）。${muteZh}`,
    },
  );
}

/** What a reporter is told when their report is closed. */
export function reporterNotice(action: Exclude<ActionKind, 'unhide'>, workName: string, hidden: boolean): NoticeText {
  const outcome = {
    dismiss: ['no rule was found broken, and the work stays', '未發現違規，作品維持顯示'],
    hide: ['the work was hidden', '該作品已被隱藏'],
    strike: [hidden ? 'the author received a strike and the work was hidden' : 'the author received a strike', hidden ? '作者已收到警告，作品已被隱藏' : '作者已收到警告'],
  }[action];
  return both(
    { title: 'Your report was reviewed', content: `Your report on "${workName}" was reviewed: ${outcome[0]}. Thank you for keeping Starlit safe.` },
    { title: '你的檢舉已審核', content: `你對「${workName}」的檢舉已審核：${outcome[1]}。感謝你協助維護 Starlit 的安全。` },
  );
}
