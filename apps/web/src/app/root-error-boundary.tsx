import { Container } from '@mui/material';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { ErrorBlock, isNotFound } from '../components/error-block.tsx';
import { NotFoundPage } from './routes/not-found.tsx';

/** Any error thrown while rendering or loading a route. */
export function RootErrorBoundary() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  if ((isRouteErrorResponse(error) && error.status === 404) || isNotFound(error)) return <NotFoundPage />;
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <ErrorBlock error={error} onRetry={() => void navigate(location, { replace: true })} />
    </Container>
  );
}
