import { data } from 'react-router';

/** Any path no other route claims: a real HTTP 404, rendered by the layout's error boundary. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
