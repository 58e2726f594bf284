import type { Institution } from '@tessera/domain';
import type { ReactNode } from 'react';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { useInstitutionInView } from '../hooks/use-institution-in-view.ts';

export interface InstitutionTabProps {
  tenantId: string;
  institution: Institution;
}

/** Loading and error states shared by the institution's tabs; the tab renders once the institution is here. */
export function InstitutionTabFrame({ label, children }: { label: string; children: (props: InstitutionTabProps) => ReactNode }) {
  const { tenantId, query } = useInstitutionInView();
  if (query.error) return <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data || !tenantId) return <SkeletonList rows={6} label={`Loading ${label.toLowerCase()}`} />;
  return <>{children({ tenantId, institution: query.data })}</>;
}
