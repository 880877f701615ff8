import { calls, type Profile } from '@starlit/contract';
import { formatDateTime } from '@starlit/contract/rules';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCall } from '../../api/calls';
import { openPictures } from '../../app/modal-areas';
import { Avatar } from '../../ui/avatar';
import { BlockButton } from '../social/block-button';
import { FollowButton } from '../social/follow-button';

export type ProfileData = z.output<typeof Profile>;

/** Who the profile is: picture, name, gender, when they joined, and the counts of what they share. */
export function ProfileHeader({ profile }: { profile: ProfileData }) {
  const { t } = useTranslation('users');
  const picture = profile.avatar;
  // follows and blocks are the social feature's: it answers the counts and the buttons' state
  const relation = useCall(calls.social.relation, { userId: profile.userId });
  const counts = [
    { key: 'works', value: profile.counts.works },
    { key: 'posts', value: profile.counts.posts },
    { key: 'agents', value: profile.counts.agents },
    { key: 'followers', value: relation.data?.followerCount },
    { key: 'followings', value: relation.data?.followingCount },
  ] as const;
  return (
    <header className="flex flex-col gap-5 rounded-3xl border border-line bg-surface p-5 shadow-sm sm:flex-row sm:items-center sm:p-7">
      <div className="flex min-w-0 items-center gap-4 sm:gap-5">
        {picture ? (
          <button
            type="button"
            onClick={() => openPictures([picture])}
            aria-label={t('header.openAvatar', { name: profile.userName })}
            className="shrink-0 cursor-zoom-in rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            <Avatar name={profile.userName} src={picture} size="xl" />
          </button>
        ) : (
          <Avatar name={profile.userName} src={null} size="xl" />
        )}
        <div className="min-w-0">
          <h1 className="flex min-w-0 items-center gap-2 text-2xl font-bold text-ink">
            <span className="truncate">{profile.userName}</span>
            {profile.isOfficial && <span className="shrink-0 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">{t('header.official')}</span>}
          </h1>
          <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted">
            {profile.gender !== 'Unknown' && <span>{t(`header.gender.${profile.gender}`)}</span>}
            <span>{t('header.joined', { date: formatDateTime(profile.createdAt).slice(0, 10) })}</span>
            {profile.birthday && <span>{t('header.birthday', { date: profile.birthday })}</span>}
          </p>
          {!profile.isMe && relation.data && (
            <div className="mt-3 flex flex-wrap gap-2">
              <FollowButton key={String(relation.data.following)} userId={profile.userId} following={relation.data.following} />
              <BlockButton userId={profile.userId} userName={profile.userName} blocked={relation.data.blocked} />
            </div>
          )}
        </div>
      </div>
      <dl className="grid grid-cols-3 gap-2 sm:ml-auto sm:flex sm:gap-6">
        {counts.map(({ key, value }) => (
          <div key={key} className="flex flex-col-reverse items-center rounded-2xl bg-brand-50 px-3 py-2 sm:bg-transparent sm:p-0 dark:bg-white/5 sm:dark:bg-transparent">
            <dt className="text-xs text-muted">{t(`header.counts.${key}`)}</dt>
            <dd className="text-xl font-bold text-ink tabular-nums">{value ?? '–'}</dd>
          </div>
        ))}
      </dl>
    </header>
  );
}
