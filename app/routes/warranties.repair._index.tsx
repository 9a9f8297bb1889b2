/** The repair service's entry (issue 13): see components/repair/repair-entry.tsx. */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { RepairEntry } from '~/components/repair/repair-entry';
import { loadRepairEntry } from '~/components/repair/repair-entry.server';
import * as styles from '~/components/repair/repair.css';
import { pageMeta } from '~/components/seo/meta';
import { container } from '../../styles/utilities.css';
import { CACHE_PRIVATE } from '../../server/web/cache.server';

export const headers = () => ({ 'Cache-Control': CACHE_PRIVATE });

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'Request a repair', noIndex: true });

export const loader = ({ request, context }: LoaderFunctionArgs) => loadRepairEntry(request, context);

export default function Warranties() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${styles.page}`}>
      <RepairEntry {...data} />
    </div>
  );
}
