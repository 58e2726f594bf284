import { NotFoundView } from '../../components/not-found-view.tsx';

/** The catch-all route's page, and what the error boundary shows for a 404. */
export const NotFoundPage = NotFoundView;
