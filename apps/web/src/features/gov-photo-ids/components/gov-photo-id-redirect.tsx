import { Container } from '@mui/material';
import { Navigate, useNavigate, useParams } from 'react-router';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { useGovPhotoId } from '../api/get-gov-photo-id.ts';
import { GovPhotoIdDialog } from './gov-photo-id-dialog.tsx';

/**
 * /settings/gov-photo-ids/{id}: an ID is shown on its profile's Identity tab, opened (…/identity?id={id}); an ID kept
 * without a profile opens over the passport's profile list. Another user's or a missing ID is the 404 page.
 */
export function GovPhotoIdRedirect() {
  const { govPhotoId = '' } = useParams();
  const navigate = useNavigate();
  const { data, error } = useGovPhotoId(govPhotoId);
  if (error) throw error;
  if (!data)
    return (
      <Container maxWidth="md" sx={{ py: 3 }}>
        <SkeletonList rows={3} />
      </Container>
    );
  if (data.individualProfile)
    return (
      <Navigate
        to={`/user/passport/individual-profiles/${encodeURIComponent(data.individualProfile)}/identity?id=${encodeURIComponent(data._id)}`}
        replace
      />
    );
  return <GovPhotoIdDialog govPhotoId={data} onClose={() => void navigate('/user/passport/individual-profiles', { replace: true })} />;
}
