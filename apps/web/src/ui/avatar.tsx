import { useState } from 'react';
import { imageUrl } from '../platform/static-url';

const sizes = { xs: 'size-5 text-[10px]', sm: 'size-8 text-xs', md: 'size-10 text-sm', xl: 'size-20 text-3xl sm:size-24' } as const;
// twice the largest shown side, for sharp pictures on high-density screens
const widths = { xs: 96, sm: 96, md: 96, xl: 192 } as const;

/** A round user picture, or the name's first letter on a brand tint when there is none. */
export function Avatar({ name, src, size = 'sm' }: { name: string; src: string | null; size?: keyof typeof sizes }) {
  const [broken, setBroken] = useState(false);
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <span aria-hidden="true" className={`inline-grid shrink-0 place-items-center overflow-hidden rounded-full bg-brand-300 font-semibold text-brand-900 ${sizes[size]}`}>
      {src && !broken ? <img src={imageUrl(src, widths[size])} alt="" className="size-full object-cover" onError={() => setBroken(true)} /> : initial}
    </span>
  );
}
