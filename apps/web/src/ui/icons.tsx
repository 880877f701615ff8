import type { ReactNode, SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

// Decorative by design: every icon sits next to text or inside a control that has its own name.
function icon(paths: ReactNode) {
  return function Icon({ size = 20, ...rest }: IconProps) {
    return (
      <svg
        aria-hidden="true"
        focusable="false"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        {...rest}
      >
        {paths}
      </svg>
    );
  };
}

export const BellIcon = icon(
  <>
    <path d="M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8" />
    <path d="M10.3 20a2 2 0 0 0 3.4 0" />
  </>,
);
export const CloseIcon = icon(<path d="M6 6l12 12M18 6L6 18" />);
export const MenuIcon = icon(<path d="M4 7h16M4 12h16M4 17h16" />);
export const PlusIcon = icon(<path d="M12 5v14M5 12h14" />);
export const MinusIcon = icon(<path d="M5 12h14" />);
export const CopyIcon = icon(<path d="M9 9h11v11H9zM5 15H4V4h11v1" />);
export const LinkIcon = icon(<path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />);
export const GlobeIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </>,
);
export const ChevronDownIcon = icon(<path d="M6 9l6 6 6-6" />);
/** A loudspeaker with sound waves (sound on). */
export const SpeakerIcon = icon(
  <>
    <path d="M4 9h4l5-4v14l-5-4H4z" />
    <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />
  </>,
);
export const DiamondIcon = icon(
  <>
    <path d="M6 3h12l4 6-10 12L2 9z" />
    <path d="M2 9h20M12 21 8 9l4-6 4 6z" />
  </>,
);

/** A coupon: a ticket with a notch on each side and a dashed tear line. */
export const TicketIcon = icon(
  <>
    <path d="M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v3a2 2 0 0 0 0 4v3a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-3a2 2 0 0 0 0-4z" />
    <path d="M14 5v2M14 11v2M14 17v2" />
  </>,
);

export const SparklesIcon = icon(
  <>
    <path d="M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9z" />
    <path d="M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z" />
  </>,
);
export const MusicIcon = icon(
  <>
    <path d="M9 18V5l12-2v13" />
    <circle cx="6" cy="18" r="3" />
    <circle cx="18" cy="16" r="3" />
  </>,
);
export const ImageIcon = icon(
  <>
    <rect x="3" y="3" width="18" height="18" rx="3" />
    <circle cx="9" cy="9" r="2" />
    <path d="M21 15l-5-5L5 21" />
  </>,
);
/** A picture redrawn from another: two frames, the front one a landscape. */
export const ImagesIcon = icon(
  <>
    <rect x="8" y="8" width="13" height="13" rx="2.5" />
    <path d="M16 4H6a3 3 0 0 0-3 3v9" />
    <path d="M21 17l-3.5-3.5L11 20.5" />
  </>,
);
export const VideoIcon = icon(
  <>
    <rect x="2" y="6" width="14" height="12" rx="2" />
    <path d="M16 10l6-3v10l-6-3" />
  </>,
);
/** A figure dancing, arms up: music2Dance. */
export const DanceIcon = icon(
  <>
    <circle cx="13" cy="4.5" r="2" />
    <path d="M5 8.5l4 1.5 3.5-1 5-4M12.5 9l-1.5 6 4 3-1 4M11 15l-4.5 6" />
  </>,
);
export const TextIcon = icon(<path d="M4 6h16M4 12h16M4 18h10" />);
export const UserIcon = icon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>,
);
export const UsersIcon = icon(
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
    <path d="M16 4.5a3.5 3.5 0 0 1 0 7M18 14a6.5 6.5 0 0 1 3.5 6" />
  </>,
);
export const LogOutIcon = icon(
  <>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
    <path d="M16 17l5-5-5-5M21 12H9" />
  </>,
);
export const InboxIcon = icon(
  <>
    <path d="M22 12h-6l-2 3h-4l-2-3H2" />
    <path d="M5.5 5.1L2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.5-6.9A2 2 0 0 0 16.8 4H7.2a2 2 0 0 0-1.7 1.1z" />
  </>,
);
export const BuildIcon = icon(<path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z" />);
export const CompassIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M15.5 8.5l-2 5-5 2 2-5z" />
  </>,
);
export const CheckIcon = icon(<path d="M5 12l5 5L20 7" />);
export const SendIcon = icon(<path d="M22 2L11 13M22 2l-7 20-4-9-9-4z" />);
export const AlertIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v6M12 16.5v.5" />
  </>,
);

/** The Starlit mark: a four-pointed star. */
export const PlayIcon = icon(<path d="M7 4.5v15l12-7.5z" />);
export const PauseIcon = icon(
  <>
    <rect x="6.5" y="5" width="3.5" height="14" rx="1" />
    <rect x="14" y="5" width="3.5" height="14" rx="1" />
  </>,
);
export const StopIcon = icon(<rect x="6" y="6" width="12" height="12" rx="2" />);
export const RefreshIcon = icon(<path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />);
export const PencilIcon = icon(<path d="M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4" />);
export const PinIcon = icon(<path d="M9 4h6l-1 6 4 4H6l4-4zM12 14v7" />);
export const TrashIcon = icon(<path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />);
export const ChevronLeftIcon = icon(<path d="M15 6l-6 6 6 6" />);
export const ChevronRightIcon = icon(<path d="M9 6l6 6-6 6" />);
export const FlameIcon = icon(<path d="M12 3s6 5 6 11a6 6 0 0 1-12 0c0-3 2-5 2-5s0 3 2 4c0-5 2-10 2-10z" />);
export const ChatIcon = icon(<path d="M4 5h16v11H9l-5 4z" />);
export const SearchIcon = icon(<path d="M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4" />);

export function StarMark({ size = 28 }: { size?: number }) {
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 32 32">
      <defs>
        <linearGradient id="starlit-mark" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#c9bcff" />
        </linearGradient>
      </defs>
      <path d="M16 2l3.6 10.4L30 16l-10.4 3.6L16 30l-3.6-10.4L2 16l10.4-3.6z" fill="url(#starlit-mark)" />
      <circle cx="26" cy="6" r="2" fill="#c9bcff" />
    </svg>
  );
}

/** A heart; likes draw it filled (`fill="currentColor"`) once given. */
export const HeartIcon = icon(<path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />);

/** A bookmark; collections draw it filled (`fill="currentColor"`) once kept. */
export const BookmarkIcon = icon(<path d="M6 4h12v16l-6-4-6 4z" />);

/** A day on a calendar with a check: the daily tasks. */
export const CalendarCheckIcon = icon(
  <>
    <rect x="3" y="5" width="18" height="16" rx="2.5" />
    <path d="M3 10h18M8 3v4M16 3v4M9 15.5l2 2 4-4" />
  </>,
);

/** A microphone: speech read aloud. */
export const MicIcon = icon(
  <>
    <rect x="9" y="3" width="6" height="11" rx="3" />
    <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
  </>,
);
