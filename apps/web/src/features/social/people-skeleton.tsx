import { Loading } from '../../ui/loading';
import { Skeleton } from '../../ui/skeleton';

/** A list of people while it loads. */
export function PeopleSkeleton() {
  return (
    <Loading className="flex flex-col gap-3">
      <Skeleton className="h-14" />
      <Skeleton className="h-14" />
    </Loading>
  );
}
